import { CalendarDays } from 'lucide-react';
import { memo, useEffect, useRef, useState, type FocusEvent } from 'react';
import { isValidIsoDate, spanishDate } from '../../../domain/calendar-date';
import { DateFilter } from '../../components/lazy-date-filter';
import { whenIdle } from '../../lib/when-idle';

// The day view's date field (ADR 089): React Aria's Spanish date field (components/date-filter.tsx)
// while the desk uses it, and between uses the same box drawn as plain text. Re-rendering React
// Aria's field with each "Día siguiente" (its five segments, the picker's state and the hidden
// native input) was the largest piece of the switch's render at 4x CPU (docs/benchmarks.md,
// "Salon day view"): now a switch by the arrows draws a text node, and the field is mounted again
// under a mouse, on focus or on a tap.

const BOX =
  'flex min-h-11 w-full items-center rounded-xl border border-line bg-white pr-1 pl-3 text-ink transition focus-within:border-rose-500 focus-within:ring-3 focus-within:ring-rose-100';

type Use = { focus: boolean; open: boolean };

export const DayDateField = memo(function DayDateField({ day, onDay }: { day: string; onDay: (d: string) => void }) {
  const [use, setUse] = useState<Use | null>(null);
  const [shownDay, setShownDay] = useState(day);
  const wrap = useRef<HTMLDivElement>(null);
  const open = useRef(false);
  // Another control changed the day while the field is not in use: back to the plain box.
  if (day !== shownDay) {
    setShownDay(day);
    const inUse = open.current || (typeof document !== 'undefined' && !!wrap.current?.contains(document.activeElement));
    if (use && !inUse) setUse(null);
  }
  // The field's chunk fetched once the page is idle, so a mouse over the box finds it ready.
  useEffect(() => whenIdle(() => void import('../../components/date-filter')), []);

  if (use)
    return (
      <div ref={wrap}>
        <DateFilter
          label="Día"
          hideLabel
          value={day}
          onChange={(d) => isValidIsoDate(d) && onDay(d)}
          autoFocus={use.focus}
          startOpen={use.open}
          onOpenChange={(o) => (open.current = o)}
        />
      </div>
    );
  const start = (u: Use) => () => setUse(u);
  return (
    <div ref={wrap} onPointerEnter={(e) => e.pointerType === 'mouse' && setUse({ focus: false, open: false })}>
      <div role="group" aria-label="Día" className={BOX} data-day-field="text">
        <span
          tabIndex={0}
          className="flex-1 rounded tabular-nums outline-none"
          onFocus={(e: FocusEvent) => e.target === e.currentTarget && setUse({ focus: true, open: false })}
          onClick={start({ focus: true, open: false })}
        >
          {spanishDate(day)}
        </span>
        <button
          type="button"
          tabIndex={-1}
          aria-label="Abrir calendario: Día"
          onClick={start({ focus: false, open: true })}
          className="grid h-9 w-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted outline-none hover:bg-sand hover:text-ink"
        >
          <CalendarDays className="h-4.5 w-4.5" aria-hidden />
        </button>
      </div>
    </div>
  );
});
