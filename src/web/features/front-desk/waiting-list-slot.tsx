import { lazy, memo, Suspense, type ReactNode } from 'react';
import { useIdleValue } from '../../lib/use-idle-value';

// The day's waiting list (ADR 073, 090) in its own chunk, loaded after the grid: the day view's own
// code and its 10 × 120 switch do not carry it. It follows a day switch in the next idle moment
// (ADR 089): its fetch and render are not in the click that draws the new day's grid.
const WaitingListPanel = lazy(() => import('./waiting-list-panel'));

export const WaitingListSlot = memo(function WaitingListSlot({ date }: { date: string }) {
  const shown = useIdleValue(date);
  return (
    <Suspense fallback={null}>
      <WaitingListPanel date={shown} />
    </Suspense>
  );
});

/**
 * The day view's grid (children) with the day's waiting list: beside it in a column of its own at
 * desk width (xl, 1280 px), under it narrower. The grid keeps the room it had below that width.
 */
export function BesideWaitingList({ date, children }: { date: string; children: ReactNode }) {
  return (
    <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_18rem] 2xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start xl:gap-5">
      <div className="min-w-0">{children}</div>
      <WaitingListSlot date={date} />
    </div>
  );
}
