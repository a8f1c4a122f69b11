import { lazy, Suspense, type ComponentProps } from 'react';
import { spanishDate } from '../../domain/calendar-date';

// The Spanish date field (date-filter.tsx) is React Aria's DatePicker (segments, calendar popover,
// their strings in every locale React Aria ships: ~25 KB gzipped): a chunk of its own, requested
// with the page's own chunk, so the page is not held back by it; until it is here, the field shows
// its label and the date as text, in the same box (test/bundle-budget.test.ts,
// docs/decisions/016-react-19-runtime.md). Every date the app asks for uses it: the filters, the day view, the forms.
const LazyField = lazy(() => import('./date-filter').then((m) => ({ default: m.DateFilter })));

export function DateFilter(props: ComponentProps<typeof LazyField>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-w-0 flex-col gap-1.5">
          <span className={props.hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>{props.label}</span>
          <span className="flex min-h-11 w-full items-center rounded-xl border border-line bg-white px-3 tabular-nums text-ink">
            {props.value ? spanishDate(props.value) : ''}
          </span>
        </div>
      }
    >
      <LazyField {...props} />
    </Suspense>
  );
}
