import { type CalendarDate, parseDate } from '@internationalized/date';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading } from 'react-aria-components';

const navButton =
  'grid h-11 w-11 cursor-pointer place-items-center rounded-full outline-none hover:bg-sand data-[disabled]:opacity-30 data-[focus-visible]:ring-3 data-[focus-visible]:ring-gold';

/**
 * The inside of a React Aria <Calendar>: month heading with previous/next and the day grid
 * (arrow keys, screen-reader labels). Shared by the page calendar and the date-field popover.
 */
export function CalendarMonth() {
  return (
    <>
      <header className="mb-3 flex items-center justify-between">
        <Button slot="previous" aria-label="Mes anterior" className={navButton}>
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </Button>
        <Heading className="font-serif text-xl first-letter:uppercase" />
        <Button slot="next" aria-label="Mes siguiente" className={navButton}>
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Button>
      </header>
      <CalendarGrid className="w-full border-separate border-spacing-0.5">
        <CalendarGridHeader>{(day) => <CalendarHeaderCell className="pb-1 text-xs font-medium text-muted uppercase">{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <CalendarGridBody>
          {(date) => (
            <CalendarCell
              date={date}
              className="mx-auto grid aspect-square w-full max-w-11 cursor-pointer place-items-center rounded-full text-sm outline-none data-[outside-month]:hidden data-[hovered]:bg-sand data-[selected]:bg-rose-700 data-[selected]:font-semibold data-[selected]:text-white data-[focus-visible]:ring-3 data-[focus-visible]:ring-gold data-[disabled]:cursor-default data-[disabled]:text-muted/40 data-[unavailable]:cursor-default data-[unavailable]:text-muted/40 data-[unavailable]:line-through"
            />
          )}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}

/** A Spanish month calendar on the page. Dates are plain 'YYYY-MM-DD' salon dates in and out. */
export function DateCalendar({
  value,
  onChange,
  minValue,
  isDateUnavailable,
  label,
}: {
  value: string;
  onChange: (date: string) => void;
  minValue?: string;
  isDateUnavailable?: (date: string) => boolean;
  label: string;
}) {
  return (
    <Calendar
      aria-label={label}
      value={parseDate(value)}
      onChange={(d: CalendarDate) => onChange(d.toString())}
      minValue={minValue ? parseDate(minValue) : undefined}
      isDateUnavailable={isDateUnavailable ? (d) => isDateUnavailable(d.toString()) : undefined}
      firstDayOfWeek="mon"
      className="w-full max-w-sm rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft"
    >
      <CalendarMonth />
    </Calendar>
  );
}
