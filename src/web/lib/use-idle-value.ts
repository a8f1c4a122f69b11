import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * `value`, taken up in the browser's next idle moment instead of in the render that changed it:
 * for what sits beside a heavier view and may follow it a moment later (the day view's waiting
 * list follows the grid's day: docs/decisions/089-the-day-views-switch-renders-the-grid-first.md).
 */
export function useIdleValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => (Object.is(value, shown) ? undefined : whenIdle(() => setShown(value))), [value, shown]);
  return shown;
}
