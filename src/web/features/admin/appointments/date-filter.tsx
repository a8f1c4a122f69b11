import { parseDate, type CalendarDate } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';

const navButton =
  'grid h-11 w-11 cursor-pointer place-items-center rounded-full outline-none hover:bg-sand data-[disabled]:opacity-30 data-[focus-visible]:ring-3 data-[focus-visible]:ring-gold';

/**
 * The inside of the popover's React Aria <Calendar>: month heading with previous/next and the day
 * grid. The date picker needs React Aria's own calendar (it shares the field's state); the pages'
 * calendar is our lighter one (components/date-calendar.tsx), drawn the same way.
 */
function CalendarMonth() {
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

/**
 * A Spanish date field ('dd/mm/aaaa' whatever the browser's language, unlike <input type="date">)
 * with a calendar popover. Plain 'YYYY-MM-DD' salon dates in and out.
 */
export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (date: string) => void }) {
  return (
    <DatePicker
      value={parseDate(value)}
      onChange={(d: CalendarDate | null) => d && onChange(d.toString())}
      firstDayOfWeek="mon"
      className="flex min-w-0 flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <Group className="flex min-h-11 w-full items-center rounded-xl border border-line bg-white pr-1 pl-3 text-ink transition focus-within:border-rose-500 focus-within:ring-3 focus-within:ring-rose-100">
        <DateInput className="flex flex-1 tabular-nums">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 outline-none data-[focused]:bg-rose-100 data-[focused]:text-ink data-[placeholder]:text-muted data-[type=literal]:px-0 data-[type=literal]:text-muted"
            />
          )}
        </DateInput>
        <Button aria-label={`Abrir calendario: ${label}`} className="grid h-9 w-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted outline-none hover:bg-sand hover:text-ink data-[focus-visible]:ring-3 data-[focus-visible]:ring-gold">
          <CalendarDays className="h-4.5 w-4.5" aria-hidden />
        </Button>
      </Group>
      <Popover placement="bottom start" className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft outline-none">
        <Dialog aria-label={label} className="outline-none">
          <Calendar className="w-72">
            <CalendarMonth />
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
