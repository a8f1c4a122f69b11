import { type CalendarDate, parseDate } from '@internationalized/date';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading } from 'react-aria-components';

/**
 * A Spanish month calendar (React Aria: arrow keys, screen-reader labels). Dates are plain
 * 'YYYY-MM-DD' salon dates in and out.
 */
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
      <header className="mb-3 flex items-center justify-between">
        <Button slot="previous" aria-label="Mes anterior" className="grid h-11 w-11 cursor-pointer place-items-center rounded-full hover:bg-sand data-[disabled]:opacity-30">
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </Button>
        <Heading className="font-serif text-xl first-letter:uppercase" />
        <Button slot="next" aria-label="Mes siguiente" className="grid h-11 w-11 cursor-pointer place-items-center rounded-full hover:bg-sand">
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
    </Calendar>
  );
}
