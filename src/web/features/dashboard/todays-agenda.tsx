import { CalendarHeart } from 'lucide-react';
import { agendaCountLabel } from '../../../domain/dashboard-stats';
import { ClientNote } from '../../components/client-note';
import { SkeletonRows } from '../../components/skeleton-rows';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../lib/format';
import type { Dashboard, DashboardAppointment } from '../../api/dashboard';

/** 'Agenda de Hoy': today's appointments in order of time, the next one highlighted; its count says which of them 'Citas de Hoy' leaves out. */
export function TodaysAgenda({ d, loading }: { d: Dashboard | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="agenda-de-hoy" className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
      <div className="mb-3 flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
        <h2 id="agenda-de-hoy" className="text-2xl">
          Agenda de Hoy
        </h2>
        {d && d.agenda.length > 0 && (
          <p data-testid="agenda-count" className="text-sm text-muted sm:text-right">
            {agendaCountLabel(d.agenda.map((a) => a.status))}
          </p>
        )}
      </div>
      {loading ? (
        <SkeletonRows
          text="Cargando citas..."
          className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white"
          rowClassName="px-5 py-4"
          sizes={['h-6 w-12', 'h-4 w-1/2', 'h-3.5 w-1/3']}
        />
      ) : !d ? null : d.agenda.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center">
          <CalendarHeart className="h-9 w-9 text-rose-500" aria-hidden />
          <p className="text-lg text-ink">No hay citas programadas para hoy.</p>
        </div>
      ) : (
        <ol
          aria-label="Citas de hoy en orden de hora"
          className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft"
        >
          {d.agenda.map((a) => (
            <AgendaRow key={a.id} a={a} isNext={d.next?.id === a.id} />
          ))}
        </ol>
      )}
    </section>
  );
}

function AgendaRow({ a, isNext }: { a: DashboardAppointment; isNext: boolean }) {
  const cancelled = a.status.startsWith('cancelled');
  return (
    <li
      data-testid="today-appointment"
      data-status={a.status}
      className={`flex gap-4 px-4 py-3.5 sm:px-5 sm:py-4 ${isNext ? 'bg-rose-50/60' : ''}`}
    >
      <p
        className={`w-14 shrink-0 pt-0.5 font-serif text-xl leading-none font-semibold lining-nums tabular-nums sm:text-2xl ${cancelled ? 'text-muted' : ''}`}
      >
        {formatTime(a.startTime)}
      </p>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className={`font-semibold ${cancelled ? 'text-muted line-through decoration-muted/50' : 'text-ink'}`}>{a.clientName}</p>
          <StatusBadge status={a.status} />
        </div>
        <p className="text-sm text-muted">
          {a.employeeName} - {a.serviceName}
        </p>
        <ClientNote text={a.notes_client} />
      </div>
    </li>
  );
}
