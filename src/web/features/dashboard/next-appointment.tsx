import { Clock } from 'lucide-react';
import { addDays, salonDateOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { formatDateLong, formatTime } from '../../lib/format';
import type { DashboardAppointment } from '../../api/dashboard';

/** 'Hoy', 'Mañana' or the long Spanish date of a salon day. */
function dayLabel(start: Date, today: string | undefined): string {
  const day = salonDateOf(start, SALON_TIME_ZONE);
  if (day === today) return 'Hoy';
  if (today && day === addDays(today, 1)) return 'Mañana';
  const long = formatDateLong(start);
  return long.charAt(0).toUpperCase() + long.slice(1);
}

export function NextAppointment({
  id,
  next,
  today,
  loading,
}: {
  id: string;
  next: DashboardAppointment | null | undefined;
  today: string | undefined;
  loading: boolean;
}) {
  return (
    <div
      data-testid="next-appointment"
      className="rounded-[var(--radius-card)] border border-rose-100 bg-gradient-to-br from-rose-50 via-white to-gold-100/60 p-5 shadow-soft"
    >
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
            <span className="font-serif text-[2.6rem] leading-none font-semibold lining-nums tabular-nums">
              {formatTime(next.startTime)}
            </span>
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
