import { lazy, Suspense } from 'react';

// The day's waiting list (ADR 073) in its own chunk, loaded after the grid: the day view's own
// code and its 10 × 120 switch do not carry it.
const WaitingListPanel = lazy(() => import('./waiting-list-panel'));

export function WaitingListSlot({ date }: { date: string }) {
  return (
    <Suspense fallback={null}>
      <WaitingListPanel date={date} />
    </Suspense>
  );
}
