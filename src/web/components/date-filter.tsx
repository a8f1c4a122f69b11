import { parseDate, type CalendarDate } from '@internationalized/date';
import { useEffect, useRef, useState } from 'react';
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
  Text,
} from 'react-aria-components';
import { isSalonDay } from '../../domain/calendar-date';

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
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className="pb-1 text-xs font-medium text-muted uppercase">{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
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

// While a date is typed segment by segment the field briefly holds dates nobody meant (the year '2'
// of '2026' is 0002): applying them moved the other field and fired a 400 per keystroke.
const TYPING_PAUSE_MS = 600;

/**
 * A Spanish date field ('dd/mm/aaaa' whatever the browser's language, unlike the browser's native date input)
 * with a calendar popover. Plain 'YYYY-MM-DD' salon dates in and out. The field keeps what is being
 * typed to itself ('' when there is none yet: its segments show dd/mm/aaaa) and hands the page only a complete salon day: at once when picked in the calendar
 * or when focus leaves the field; after a pause in the typing only when `fitsWhileTyping` accepts it
 * (a day typed before its month would otherwise move the other field to a date nobody meant).
 */
export function DateFilter({
  label,
  value,
  onChange,
  fitsWhileTyping = () => true,
  hideLabel = false,
  autoFocus = false,
  startOpen = false,
  onOpenChange,
  min,
  max,
  error,
  name,
}: {
  label: string;
  value: string;
  onChange: (date: string) => void;
  fitsWhileTyping?: (date: string) => boolean;
  /** The label for screen readers only (the day view's header, where the date is its own title). */
  hideLabel?: boolean;
  /** Focus its first segment when drawn (the day view mounts it when the desk starts to use it). */
  autoFocus?: boolean;
  /** Drawn with its calendar open (the day view's calendar button was tapped before it was mounted). */
  startOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The first and last days it hands over ('YYYY-MM-DD'); the calendar greys the others out. */
  min?: string;
  max?: string;
  /** A refusal of the form's, shown under the field, which is then marked invalid. */
  error?: string | null;
  /** The form field's name (React Aria keeps a hidden input with it). */
  name?: string;
}) {
  const [draft, setDraft] = useState<CalendarDate | null>(() => (value ? parseDate(value) : null));
  const [shownValue, setShownValue] = useState(value);
  const [calendarOpen, setCalendarOpen] = useState(startOpen);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The page changed the date (reset, or the other field moved this one): show the new one.
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value ? parseDate(value) : null);
  }
  useEffect(() => () => clearTimeout(pause.current), []);

  const apply = (d: CalendarDate | null, whileTyping = false) => {
    clearTimeout(pause.current);
    const day = d?.toString();
    if (!day || !isSalonDay(day) || day === value) return;
    if ((min && day < min) || (max && day > max)) return;
    if (whileTyping && !fitsWhileTyping(day)) return;
    onChange(day);
  };

  return (
    <DatePicker
      value={draft}
      onChange={(d: CalendarDate | null) => {
        setDraft(d);
        clearTimeout(pause.current);
        if (calendarOpen) apply(d);
        else pause.current = setTimeout(() => apply(d, true), TYPING_PAUSE_MS);
      }}
      isOpen={calendarOpen}
      onOpenChange={(open) => {
        setCalendarOpen(open);
        onOpenChange?.(open);
      }}
      autoFocus={autoFocus}
      minValue={min ? parseDate(min) : undefined}
      maxValue={max ? parseDate(max) : undefined}
      isInvalid={error ? true : undefined}
      name={name}
      // dd/mm/aaaa, two digits each (es-ES alone writes 5/1/2027): the width stays put as the days
      // change, and it reads as the box drawn before the field is loaded (lazy-date-filter.tsx).
      shouldForceLeadingZeros
      onBlur={() => apply(draft)}
      firstDayOfWeek="mon"
      className="flex min-w-0 flex-col gap-1.5"
    >
      <Label className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>{label}</Label>
      <Group className="flex min-h-11 w-full items-center rounded-xl border border-line bg-white pr-1 pl-3 text-ink transition focus-within:border-rose-500 focus-within:ring-3 focus-within:ring-rose-100">
        <DateInput className="flex flex-1 tabular-nums">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 outline-none data-[focused]:bg-rose-100 data-[focused]:text-ink data-[placeholder]:text-muted data-[type=literal]:px-0 data-[type=literal]:text-muted"
            />
          )}
        </DateInput>
        <Button
          aria-label={`Abrir calendario: ${label}`}
          className="grid h-9 w-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted outline-none hover:bg-sand hover:text-ink data-[focus-visible]:ring-3 data-[focus-visible]:ring-gold"
        >
          <CalendarDays className="h-4.5 w-4.5" aria-hidden />
        </Button>
      </Group>
      {error && (
        <Text slot="errorMessage" className="text-sm text-brick">
          {error}
        </Text>
      )}
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
