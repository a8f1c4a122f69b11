import { Plus, X } from 'lucide-react';
import { Switch } from 'react-aria-components';
import {
  DAY_KEYS,
  DAY_LABELS,
  DEFAULT_BREAK,
  emptyWeeklySchedule,
  TIME_CHOICES,
  validateWeeklySchedule,
  type DayKey,
  type DaySchedule,
  type WeeklySchedule,
} from '../../domain/weekly-schedule';
import { chevron, selectClass } from './select-class';

// The weekly schedule editor of SPEC §5 (employee availability, salon opening hours): a row per
// day with a working-day switch, start and end every 30 minutes (shown only on working days), and
// breaks that start at 12:00-13:00. It says what is wrong next to the day, with the domain's rule
// (validateWeeklySchedule), the same one the server applies.

// The select's look has its own module (components/select-class.ts); still exported here for the
// pages that take it with the editor.
export { chevron, selectClass };

/** The problem of one day alone, or null (the week's validator reports the first day only). */
export function dayError(day: DayKey, schedule: DaySchedule): string | null {
  return validateWeeklySchedule({ ...emptyWeeklySchedule(), [day]: schedule })?.message ?? null;
}

function TimeSelect({ value, label, onChange, invalid }: { value: string; label: string; onChange: (v: string) => void; invalid?: boolean }) {
  // A stored time off the half-hour grid (e.g. 09:15) stays selectable instead of silently changing.
  const choices = TIME_CHOICES.includes(value) ? TIME_CHOICES : [...TIME_CHOICES, value].sort();
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass} style={chevron} aria-invalid={invalid || undefined}>
      {choices.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

function DayRow({
  day,
  value,
  onChange,
  offLabel,
}: {
  day: DayKey;
  value: DaySchedule;
  onChange: (next: DaySchedule) => void;
  offLabel: string;
}) {
  const label = DAY_LABELS[day];
  const error = dayError(day, value);
  const errorId = `horario-${day}-error`;
  const setBreak = (i: number, part: 'start' | 'end', time: string) =>
    onChange({ ...value, breaks: value.breaks.map((b, j) => (j === i ? { ...b, [part]: time } : b)) });

  return (
    <li
      className={`grid gap-3 py-4 first:pt-1 last:pb-1 md:grid-cols-[9.5rem_1fr] md:gap-5 ${error ? 'rounded-2xl bg-brick-100/40 px-3 md:px-4' : ''}`}
      data-testid={`schedule-day-${day}`}
      aria-describedby={error ? errorId : undefined}
    >
      <Switch
        isSelected={value.isWorkingDay}
        onChange={(isWorkingDay) => onChange({ ...value, isWorkingDay })}
        className={`group flex min-h-11 cursor-pointer items-center justify-between gap-3 self-start rounded-xl outline-none md:justify-start ${value.isWorkingDay ? 'md:mt-5' : ''}`}
      >
        <span className="order-1 flex flex-col md:order-2">
          <span className="font-medium text-ink">{label}</span>
          {!value.isWorkingDay && <span className="text-sm text-muted md:hidden">{offLabel}</span>}
        </span>
        <span
          aria-hidden
          className="order-2 flex h-7 w-12 shrink-0 items-center rounded-full bg-line p-0.5 transition-colors group-data-[selected]:bg-rose-700 group-data-[focus-visible]:ring-3 group-data-[focus-visible]:ring-gold md:order-1"
        >
          <span className="h-6 w-6 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
        </span>
      </Switch>

      {value.isWorkingDay ? (
        <div className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
            <label className="flex w-[7.5rem] flex-col gap-1 text-xs font-medium text-muted">
              Inicio
              <TimeSelect value={value.startTime} label={`${label}: inicio`} onChange={(startTime) => onChange({ ...value, startTime })} invalid={!!error} />
            </label>
            <span className="pb-3 text-muted" aria-hidden>
              –
            </span>
            <label className="flex w-[7.5rem] flex-col gap-1 text-xs font-medium text-muted">
              Fin
              <TimeSelect value={value.endTime} label={`${label}: fin`} onChange={(endTime) => onChange({ ...value, endTime })} invalid={!!error} />
            </label>
            <button
              type="button"
              onClick={() => onChange({ ...value, breaks: [...value.breaks, { ...DEFAULT_BREAK }] })}
              className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-medium text-rose-800 hover:bg-rose-50 sm:ml-auto"
            >
              <Plus className="h-4 w-4" aria-hidden />
              Añadir descanso
              <span className="sr-only"> el {label.toLowerCase()}</span>
            </button>
          </div>
          {value.breaks.length > 0 && (
            <ul className="space-y-2" aria-label={`Descansos del ${label.toLowerCase()}`}>
              {value.breaks.map((b, i) => (
                <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl bg-sand/60 py-1.5 pr-1 pl-3">
                  <span className="basis-full pt-1 text-xs font-medium text-muted sm:basis-auto sm:pt-0">Descanso</span>
                  <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
                    <div className="min-w-[5.75rem] flex-1 sm:w-[6.75rem] sm:flex-none">
                      <TimeSelect value={b.start} label={`${label}, descanso ${i + 1}: inicio`} onChange={(t) => setBreak(i, 'start', t)} invalid={!!error} />
                    </div>
                    <span className="text-muted" aria-hidden>
                      –
                    </span>
                    <div className="min-w-[5.75rem] flex-1 sm:w-[6.75rem] sm:flex-none">
                      <TimeSelect value={b.end} label={`${label}, descanso ${i + 1}: fin`} onChange={(t) => setBreak(i, 'end', t)} invalid={!!error} />
                    </div>
                    <button
                      type="button"
                      onClick={() => onChange({ ...value, breaks: value.breaks.filter((_, j) => j !== i) })}
                      className="grid h-11 w-11 shrink-0 cursor-pointer place-items-center rounded-full text-muted hover:bg-white hover:text-brick sm:ml-auto"
                      aria-label={`Quitar el descanso de ${b.start} a ${b.end} del ${label.toLowerCase()}`}
                    >
                      <X className="h-4.5 w-4.5" aria-hidden />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-brick">
              {error}
            </p>
          )}
        </div>
      ) : (
        <p className="hidden min-h-11 items-center text-sm text-muted md:flex">{offLabel}</p>
      )}
    </li>
  );
}

/**
 * Controlled: `value` in, the whole next week out. The parent refuses to save while
 * validateWeeklySchedule(value) reports a problem (and the server refuses it too).
 */
export function ScheduleEditor({
  value,
  onChange,
  label,
  offLabel = 'Cerrado',
}: {
  value: WeeklySchedule;
  onChange: (next: WeeklySchedule) => void;
  /** Accessible name of the list, e.g. 'Disponibilidad semanal'. */
  label: string;
  /** What a day off reads: 'Cerrado' for the salon, 'Libre' for an employee. */
  offLabel?: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-line">
      {DAY_KEYS.map((day) => (
        <DayRow key={day} day={day} value={value[day]} offLabel={offLabel} onChange={(next) => onChange({ ...value, [day]: next })} />
      ))}
    </ul>
  );
}
