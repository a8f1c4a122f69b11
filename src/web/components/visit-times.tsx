import { useQuery } from '@tanstack/react-query';
import type { VisitMode } from '../../domain/visit-fit';
import { VisitDayTimes } from './visit-day-times';

// A visit planner's day and times (ADRs 092, 104, 105): the times where ALL the parts fit, from a
// visit slots endpoint (ADR 082's rule) the planner passes as `read` (the booking page's and the
// desk's signed-in read, the public page's public one), drawn by visit-day-times.tsx. Read with
// useQuery, which the pages' entries already hold; the client's booking itself is a plain call, not
// useMutation (ADR 009).

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
  /** The time grid's look: a page's, or a side sheet's (the desk). */
  fit?: 'page' | 'sheet';
}) {
  const slots = useQuery({
    queryKey: visitSlotsKey(p.scope, p.parts, p.mode, p.date),
    queryFn: () => p.read(p.parts, p.mode, p.date),
    enabled: p.ready,
    staleTime: 0,
  });
  return (
    <VisitDayTimes
      today={p.today}
      date={p.date}
      onDate={p.onDate}
      ready={p.ready}
      slots={slots}
      time={p.time}
      onTime={p.onTime}
      fit={p.fit}
    />
  );
}
