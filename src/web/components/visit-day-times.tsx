import { isBookableDate } from '../../domain/booking-rules';
import { MSG } from '../../domain/texts/common';
import { Alert } from './alert';
import { DateCalendar } from './date-calendar';
import { InlineLoading } from './loading';
import { SlotButtons } from './slot-buttons';
import { formatDateLong } from '../lib/format';

// A visit's day and times (ADR 092): the times where ALL the parts fit, from the visit slots
// endpoint (ADR 082's rule), which the screen reads (the booking page's planner, the desk's
// "Nueva cita": ADR 104) and passes down.

/** The visit slots as the screen's query holds them. */
export type VisitSlotsState<S extends { time: string }> = { data?: S[]; isPending: boolean; isError: boolean; error: Error | null };

export function VisitDayTimes<S extends { time: string }>(p: {
  today: string;
  date: string;
  onDate: (d: string) => void;
  ready: boolean;
  slots: VisitSlotsState<S>;
  time: string | null;
  onTime: (slot: S) => void;
  /** The time grid's look: the booking page's, or a side sheet's (the desk). */
  fit?: 'page' | 'sheet';
}) {
  const { slots } = p;
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <DateCalendar
        label="Día de la cita"
        value={p.date}
        today={p.today}
        minValue={p.today}
        isDateUnavailable={(d) => !isBookableDate(d, p.today)}
        onChange={p.onDate}
      />
      <div className="min-w-0">
        <p className="mb-3 font-medium first-letter:uppercase">{formatDateLong(`${p.date}T12:00:00Z`)}</p>
        {!p.ready ? (
          <p className="text-muted">Elige el servicio y el profesional de cada parte para ver cuándo caben todos.</p>
        ) : slots.isPending ? (
          <InlineLoading text="Calculando horarios..." />
        ) : slots.isError || !slots.data ? (
          <Alert>{slots.error?.message || MSG.realtimeFailed}</Alert>
        ) : slots.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-5 text-muted">{MSG.noSlotsForDay}</p>
        ) : (
          <SlotButtons
            fit={p.fit ?? 'page'}
            slots={slots.data}
            selected={p.time}
            onSelect={(t) => {
              const slot = slots.data?.find((s) => s.time === t);
              if (slot) p.onTime(slot);
            }}
          />
        )}
      </div>
    </div>
  );
}
