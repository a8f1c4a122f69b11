import { useQuery } from '@tanstack/react-query';
import { isBookableDate } from '../../domain/booking-rules';
import { MSG } from '../../domain/texts/common';
import type { VisitMode } from '../../domain/visit-fit';
import { formatDateLong } from '../lib/format';
import { Alert } from './alert';
import { DateCalendar } from './date-calendar';
import { InlineLoading } from './loading';
import { SlotButtons } from './slot-buttons';

// A visit planner's day and times (ADRs 092, 105): the times where ALL the parts fit, from a visit
// slots endpoint (ADR 082's rule) the planner passes as `read` (the booking page's signed-in read,
// the public page's public one). Read with useQuery, which the pages' entries already hold; the
// booking itself is a plain call, not useMutation (ADR 009).

type VisitPart = { serviceId: string; professionalId: string };
/** One time the visit may start, with where each part falls. */
export type VisitSlotAnswer = { time: string; start: string; parts: Array<{ start: string; end: string }> };
export type VisitSlotsRead = (parts: readonly VisitPart[], mode: VisitMode, date: string) => Promise<VisitSlotAnswer[]>;

const minutesText = (m: number) => (m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`);

/** How long she stays: from the chosen time to the last part's end; before a time, the services' own minutes (side by side: the longest). */
export const visitLengthText = (slot: VisitSlotAnswer | null, mode: VisitMode, durations: readonly number[]) =>
  minutesText(
    slot
      ? Math.round((Math.max(...slot.parts.map((x) => Date.parse(x.end))) - Date.parse(slot.start)) / 60_000)
      : mode === 'parallel'
        ? Math.max(...durations)
        : durations.reduce((a, b) => a + b, 0),
  );

/** The times' cache key under `scope` ('booking' signed in, 'public-page' signed out): the two reads never share an entry. */
export const visitSlotsKey = (scope: string, parts: readonly VisitPart[], mode: VisitMode, date: string) =>
  [scope, 'visit-slots', mode, date, ...parts.flatMap((p) => [p.serviceId, p.professionalId])] as const;

export function VisitTimes(p: {
  today: string;
  date: string;
  onDate: (d: string) => void;
  parts: readonly VisitPart[];
  ready: boolean;
  mode: VisitMode;
  time: string | null;
  onTime: (slot: VisitSlotAnswer) => void;
  /** Where the times come from, and the cache key's scope (visitSlotsKey). */
  read: VisitSlotsRead;
  scope: string;
}) {
  const slots = useQuery({
    queryKey: visitSlotsKey(p.scope, p.parts, p.mode, p.date),
    queryFn: () => p.read(p.parts, p.mode, p.date),
    enabled: p.ready,
    staleTime: 0,
  });
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
        ) : slots.isError ? (
          <Alert>{slots.error.message || MSG.realtimeFailed}</Alert>
        ) : slots.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-5 text-muted">{MSG.noSlotsForDay}</p>
        ) : (
          <SlotButtons
            fit="page"
            slots={slots.data}
            selected={p.time}
            onSelect={(t) => {
              const slot = slots.data.find((s) => s.time === t);
              if (slot) p.onTime(slot);
            }}
          />
        )}
      </div>
    </div>
  );
}
