import { useQuery } from '@tanstack/react-query';
import { visitSlotsQuery, type VisitMode, type VisitPart, type VisitSlotAnswer } from '../../api/visits';
import { VisitDayTimes } from '../../components/visit-day-times';

// The visit planner's day and times (ADR 092): the times where ALL the parts fit, from the visit
// slots endpoint (ADR 082's rule). Read with useQuery, which the booking page's entry already
// holds; the booking itself is a plain call (visit-planner.tsx), not useMutation (ADR 009).
// The day and the times are drawn by components/visit-day-times.tsx, shared with the desk (ADR 104).

export type { VisitSlotAnswer } from '../../api/visits';

export function VisitTimes(p: {
  today: string;
  date: string;
  onDate: (d: string) => void;
  parts: readonly VisitPart[];
  ready: boolean;
  mode: VisitMode;
  time: string | null;
  onTime: (slot: VisitSlotAnswer) => void;
}) {
  const slots = useQuery(visitSlotsQuery(p.parts, p.mode, p.date, p.ready));
  return <VisitDayTimes today={p.today} date={p.date} onDate={p.onDate} ready={p.ready} slots={slots} time={p.time} onTime={p.onTime} />;
}
