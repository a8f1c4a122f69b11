import { useQuery } from '@tanstack/react-query';
import { ClientNote } from '../../components/client-note';
import { CalendarCheck, CalendarHeart, CalendarPlus, CheckCheck, Clock, Scissors, UserPlus, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { addDays, salonDateOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { ButtonLink } from '../../components/button';
import { StatusBadge } from '../../components/status-badge';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { dashboardQuery, type DashboardAppointment } from '../../api/dashboard';

/**
 * /admin/dashboard (SPEC §2 "Admin dashboard"): today's figures, the next confirmed appointment,
 * today's agenda and the quick actions. Everything "today" is the salon's day, computed on the
 * server from its clock. Live: any booking or status change in the salon refetches it; a minute
 * timer moves 'Próxima Cita' on when its time comes. Load failures are only logged (SPEC §8).
 */
export default function DashboardPage() {
  const q = useQuery({ ...dashboardQuery(), refetchInterval: 60_000 });
  const { refetch, error } = q;
  useLiveAppointments({}, () => void refetch());

  useEffect(() => {
    if (error) console.error('No se pudo cargar el dashboard', error);
  }, [error]);

  const d = q.data;
  const now = d ? new Date(d.now) : new Date();
  const stats = d?.stats;
  const dash = q.isError && !d ? '—' : undefined;

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-medium tracking-wide text-rose-700 uppercase">Dashboard</p>
        <h1 className="mt-1 text-3xl leading-tight lining-nums sm:text-4xl">
          Hoy, <span>{formatDateLong(now)}</span>
        </h1>
      </header>

      <section aria-label="Cifras de hoy" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard testId="stat-today" icon={CalendarCheck} label="Citas de Hoy" value={dash ?? (stats ? String(stats.todayCount) : undefined)} hint="Confirmadas y completadas" />
        <StatCard
          className="order-last col-span-2 sm:order-none sm:col-span-1"
          testId="stat-revenue"
          icon={Wallet}
          label="Ingresos Potenciales"
          value={dash ?? (stats ? formatEuros(stats.potentialRevenue) : undefined)}
          hint="Suma de sus precios"
        />
        <StatCard
          testId="stat-completed"
          icon={CheckCheck}
          label="Citas Completadas"
          value={dash ?? (stats ? `${stats.completedCount} / ${stats.todayCount}` : undefined)}
          hint={stats ? <Progress done={stats.completedCount} of={stats.todayCount} /> : 'De las citas de hoy'}
        />
      </section>

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-8">
        <section aria-labelledby="proxima-cita" className="lg:col-start-2 lg:row-start-1">
          <NextAppointment id="proxima-cita" next={d?.next} today={d?.today} loading={q.isPending} />
        </section>

        <section aria-labelledby="agenda-de-hoy" className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="agenda-de-hoy" className="text-2xl">
              Agenda de Hoy
            </h2>
            {d && d.agenda.length > 0 && <p className="text-sm text-muted">{d.agenda.length === 1 ? '1 cita' : `${d.agenda.length} citas`}</p>}
          </div>
          {q.isPending ? (
            <AgendaSkeleton />
          ) : !d ? null : d.agenda.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center">
              <CalendarHeart className="h-9 w-9 text-rose-500" aria-hidden />
              <p className="text-lg text-ink">No hay citas programadas para hoy.</p>
            </div>
          ) : (
            <ol aria-label="Citas de hoy en orden de hora" className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft">
              {d.agenda.map((a) => (
                <AgendaRow key={a.id} a={a} isNext={d.next?.id === a.id} />
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="acciones-rapidas" className="lg:col-start-2 lg:row-start-2">
          <h2 id="acciones-rapidas" className="mb-3 text-2xl">
            Acciones rápidas
          </h2>
          <div className="grid gap-2.5">
            <ButtonLink href="/services">
              <CalendarPlus className="h-4.5 w-4.5" aria-hidden />
              Nueva Cita
            </ButtonLink>
            <ButtonLink href="/admin/appointments" variant="secondary">
              <CalendarCheck className="h-4.5 w-4.5" aria-hidden />
              Gestionar Citas
            </ButtonLink>
            <ButtonLink href="/admin/services" variant="secondary">
              <Scissors className="h-4.5 w-4.5" aria-hidden />
              Añadir Servicio
            </ButtonLink>
            <ButtonLink href="/admin/employees" variant="secondary">
              <UserPlus className="h-4.5 w-4.5" aria-hidden />
              Añadir Empleado
            </ButtonLink>
          </div>
        </section>
      </div>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
  className = '',
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  hint: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} data-testid={testId} className={`rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:p-5 ${className}`}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm leading-snug font-medium text-muted">{label}</p>
        <span className="-mt-0.5 hidden h-9 w-9 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-700 sm:grid" aria-hidden>
          <Icon className="h-4.5 w-4.5" />
        </span>
      </div>
      {value === undefined ? (
        <span className="mt-2 block h-9 w-24 animate-pulse rounded-lg bg-sand" aria-label="Cargando" />
      ) : (
        <p data-testid={`${testId}-value`} className="mt-1 font-serif text-[2.1rem] leading-tight font-semibold whitespace-nowrap lining-nums tabular-nums sm:text-[2.6rem]">
          {value}
        </p>
      )}
      <div className="mt-1 text-xs text-muted">{hint}</div>
    </div>
  );
}

function Progress({ done, of }: { done: number; of: number }) {
  const pct = of === 0 ? 0 : Math.round((done / of) * 100);
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-sand" aria-hidden>
        <div className="h-full rounded-full bg-sage" style={{ width: `${pct}%` }} />
      </div>
      <span>{of === 0 ? 'Sin citas hoy' : `${pct} %`}</span>
    </div>
  );
}

/** 'Hoy', 'Mañana' or the long Spanish date of a salon day. */
function dayLabel(start: Date, today: string | undefined): string {
  const day = salonDateOf(start, SALON_TIME_ZONE);
  if (day === today) return 'Hoy';
  if (today && day === addDays(today, 1)) return 'Mañana';
  const long = formatDateLong(start);
  return long.charAt(0).toUpperCase() + long.slice(1);
}

function NextAppointment({ id, next, today, loading }: { id: string; next: DashboardAppointment | null | undefined; today: string | undefined; loading: boolean }) {
  return (
    <div data-testid="next-appointment" className="rounded-[var(--radius-card)] border border-rose-100 bg-gradient-to-br from-rose-50 via-white to-gold-100/60 p-5 shadow-soft">
      <h2 id={id} className="flex items-center gap-2 font-sans text-sm font-semibold tracking-wide text-rose-800 uppercase">
        <Clock className="h-4 w-4" aria-hidden />
        Próxima Cita
      </h2>
      {loading ? (
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-9 w-24 animate-pulse rounded-lg bg-sand" />
          <div className="h-5 w-40 animate-pulse rounded bg-sand" />
        </div>
      ) : next ? (
        <div className="mt-3">
          <p className="flex items-baseline gap-3">
            <span className="font-serif text-[2.6rem] leading-none font-semibold lining-nums tabular-nums">{formatTime(next.startTime)}</span>
            <span className="text-sm font-medium text-muted">{dayLabel(next.startTime, today)}</span>
          </p>
          <p className="mt-3 text-lg font-semibold text-ink">{next.clientName}</p>
          <p className="text-ink">{next.serviceName}</p>
          <p className="mt-1 text-sm text-muted">con {next.employeeName}</p>
        </div>
      ) : (
        <p className="mt-3 leading-relaxed text-muted">No hay citas confirmadas por delante. Cuando alguien reserve, la verás aquí.</p>
      )}
    </div>
  );
}

function AgendaRow({ a, isNext }: { a: DashboardAppointment; isNext: boolean }) {
  const cancelled = a.status.startsWith('cancelled');
  return (
    <li data-testid="today-appointment" data-status={a.status} className={`flex gap-4 px-4 py-3.5 sm:px-5 sm:py-4 ${isNext ? 'bg-rose-50/60' : ''}`}>
      <p className={`w-14 shrink-0 pt-0.5 font-serif text-xl leading-none font-semibold lining-nums tabular-nums sm:text-2xl ${cancelled ? 'text-muted' : ''}`}>{formatTime(a.startTime)}</p>
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

function AgendaSkeleton() {
  return (
    <div className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white" role="status" aria-live="polite">
      <span className="sr-only">Cargando citas...</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-4 px-5 py-4">
          <div className="h-6 w-12 animate-pulse rounded-lg bg-sand" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-sand" />
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-sand" />
          </div>
        </div>
      ))}
    </div>
  );
}
