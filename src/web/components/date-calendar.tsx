import { ChevronLeft, ChevronRight } from './inline-icons';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../domain/calendar-date';
import { addMonths, endOfWeek, monthWeeks, startOfMonth, startOfWeek } from '../lib/calendar-month';

// A month calendar of our own for the booking page and the employee's agenda, instead of React
// Aria's <Calendar>: that one rendered its 42 cells in one task of ~800 ms on a throttled phone
// (press, hover, focus and formatting hooks per cell), the booking page's total blocking time
// (docs/decisions/014-first-view-rendered-on-the-server.md). It keeps what React Aria gave: the
// WAI-ARIA date grid pattern (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/examples/datepicker-dialog/)
// with one tab stop (roving tabindex), arrows, Home/End, PageUp/PageDown (Shift: a year),
// Enter/Space to choose, each day named in full Spanish ("Hoy, sábado, 21 de noviembre de 2026
// seleccionado"), days that cannot be chosen marked aria-disabled, and the same look.

const WEEKDAYS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'];
const UTC_NOON = (date: string) => new Date(`${date}T12:00:00Z`);

// Formatters are made on first use, not when the module loads: the first Intl object of a page
// costs tens of milliseconds on a phone.
let dayFormat: Intl.DateTimeFormat | undefined;
let monthFormat: Intl.DateTimeFormat | undefined;
const dayName = (date: string) => (dayFormat ??= new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })).format(UTC_NOON(date));
const monthName = (date: string) => (monthFormat ??= new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', month: 'long', year: 'numeric' })).format(UTC_NOON(date));

const navButton =
  'grid h-11 w-11 cursor-pointer place-items-center rounded-full hover:bg-sand disabled:cursor-default disabled:opacity-30 disabled:hover:bg-transparent';

/** A Spanish month calendar on the page. Dates are plain 'YYYY-MM-DD' salon dates in and out. */
export function DateCalendar({
  value,
  onChange,
  minValue,
  isDateUnavailable,
  label,
  today,
  onMonthChange,
  dayNote,
  isDateMarked,
}: {
  value: string;
  onChange: (date: string) => void;
  /** Days before it are disabled, and neither focus nor the month buttons go before its month. */
  minValue?: string;
  /** Days that can be seen and focused but not chosen (shown struck through). */
  isDateUnavailable?: (date: string) => boolean;
  label: string;
  /** The salon's today (lib/salon-today.ts), named "Hoy" for screen readers. */
  today: string;
  /** Called with the first day ('YYYY-MM-01') of the month shown, whenever it changes. */
  onMonthChange?: (month: string) => void;
  /** A short text for a day, shown as its tooltip and read after its name ('Cerrado: Reyes'). */
  dayNote?: (date: string) => string | undefined;
  /** Days shown with a dot and read as "con horas libres" (the booking's month: ADR 061). */
  isDateMarked?: (date: string) => boolean;
}) {
  const [focused, setFocused] = useState(value);
  // Follows the chosen day when it changes from outside (the agenda's day arrows).
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setFocused(value);
  }
  const month = startOfMonth(focused);
  const monthChanged = useRef(onMonthChange);
  monthChanged.current = onMonthChange;
  useEffect(() => monthChanged.current?.(month), [month]);
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // Focus follows the keyboard: after an arrow key has moved the focused day, focus its button
  // in the same commit (a month change removes the button that had focus).
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [focused]);

  const clamp = (d: string) => (minValue && d < minValue ? minValue : d);
  const isDisabled = (d: string) => !!minValue && d < minValue;
  const isUnavailable = (d: string) => isDisabled(d) || !!isDateUnavailable?.(d);
  const choose = (d: string) => {
    if (isUnavailable(d)) return;
    setFocused(d);
    if (d !== value) onChange(d);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(focused);
      return;
    }
    const next = keyMove(e.key, focused, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    moveFocus.current = true;
    setFocused(clamp(next));
  };

  const title = monthName(month);
  const prevDisabled = !!minValue && month <= startOfMonth(minValue);
  return (
    <div role="group" aria-label={label} className="w-full max-w-sm rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft">
      <header className="mb-3 flex items-center justify-between">
        <button type="button" aria-label="Mes anterior" className={navButton} disabled={prevDisabled} onClick={() => setFocused(clamp(addMonths(focused, -1)))}>
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </button>
        {/* Read out when the month changes, as React Aria's calendar announced it. */}
        <h2 aria-live="polite" className="font-serif text-xl first-letter:uppercase">
          {title}
        </h2>
        <button type="button" aria-label="Mes siguiente" className={navButton} onClick={() => setFocused(addMonths(focused, 1))}>
          <ChevronRight className="h-5 w-5" aria-hidden />
        </button>
      </header>
      <table ref={grid} role="grid" aria-label={`${label}, ${title}`} className="w-full border-separate border-spacing-0.5" onKeyDown={onKeyDown}>
        {/* Every day's name already says its weekday. */}
        <thead aria-hidden>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} className="pb-1 text-xs font-medium text-muted uppercase">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((d) =>
                d.slice(0, 7) !== month.slice(0, 7) ? (
                  <td key={d} role="gridcell" />
                ) : (
                  <DayCell
                    key={d}
                    date={d}
                    selected={d === value}
                    unavailable={isUnavailable(d)}
                    focused={d === focused}
                    isToday={d === today}
                    isFirst={d === minValue}
                    note={dayNote?.(d)}
                    marked={isDateMarked?.(d) ?? false}
                    onChoose={() => choose(d)}
                    onFocus={() => d !== focused && setFocused(d)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where an arrow, Home/End or PageUp/PageDown (a year with Shift) moves the focused day; null for another key. */
function keyMove(key: string, focused: string, shift: boolean): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(focused, -1);
    case 'ArrowRight':
      return addDays(focused, 1);
    case 'ArrowUp':
      return addDays(focused, -7);
    case 'ArrowDown':
      return addDays(focused, 7);
    case 'Home':
      return startOfWeek(focused);
    case 'End':
      return endOfWeek(focused);
    case 'PageUp':
      return addMonths(focused, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(focused, shift ? 12 : 1);
    default:
      return null;
  }
}

/** One day of the month: its button, named for screen readers with what it is ('Hoy', chosen, first available, its note). */
function DayCell(p: {
  date: string;
  selected: boolean;
  unavailable: boolean;
  focused: boolean;
  isToday: boolean;
  isFirst: boolean;
  note?: string;
  marked?: boolean;
  onChoose: () => void;
  onFocus: () => void;
}) {
  let name = dayName(p.date);
  if (p.isToday) name = `Hoy, ${name}`;
  if (p.selected) name = `${name} seleccionado`;
  if (p.isFirst) name = `${name}, Primera fecha disponible`;
  if (p.note) name = `${name}, ${p.note}`;
  if (p.marked && !p.unavailable) name = `${name}, con horas libres`;
  return (
    <td role="gridcell" aria-selected={p.selected || undefined} aria-disabled={p.unavailable || undefined}>
      <button
        type="button"
        tabIndex={p.focused ? 0 : -1}
        aria-label={name}
        title={p.note}
        aria-disabled={p.unavailable || undefined}
        onClick={p.onChoose}
        onFocus={p.onFocus}
        className={`relative mx-auto grid aspect-square w-full max-w-11 place-items-center rounded-full text-sm ${
          p.selected ? 'cursor-pointer bg-rose-700 font-semibold text-white' : p.unavailable ? 'cursor-default text-muted/40 line-through' : 'cursor-pointer hover:bg-sand'
        }`}
      >
        {Number(p.date.slice(8))}
        {p.marked && !p.unavailable && <span className={`absolute bottom-1 h-1 w-1 rounded-full ${p.selected ? 'bg-white' : 'bg-sage'}`} aria-hidden />}
      </button>
    </td>
  );
}
