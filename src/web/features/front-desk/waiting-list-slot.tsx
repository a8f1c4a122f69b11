import { lazy, memo, Suspense } from 'react';
import { useIdleValue } from '../../lib/use-idle-value';

// The day's waiting list (ADR 073) in its own chunk, loaded after the grid: the day view's own
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
