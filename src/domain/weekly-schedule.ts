import { isoDayOfWeek, isValidIsoDate, isValidTime } from './calendar-date';
import { MSG } from './texts/common';

// The weekly schedule shape of SPEC §3 (employee availability and salon opening hours).

export type DayKey =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export type TimeBreak = { start: string; end: string };

export type DaySchedule = {
  isWorkingDay: boolean;
  startTime: string;
  endTime: string;
  breaks: TimeBreak[];
};

export type WeeklySchedule = Record<DayKey, DaySchedule>;

/** Monday first, as the Spanish week and the ISO day of the week (1 = Monday) both count. */
export const DAY_KEYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const satisfies readonly DayKey[];

export const DAY_LABELS: Record<DayKey, string> = {
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

const workingDay = (): DaySchedule => ({
  isWorkingDay: true,
  startTime: '09:00',
  endTime: '17:00',
  breaks: [],
});
// Days off keep 09:00-17:00 so that ticking "working day" in the editor starts from sane hours.
const dayOff = (): DaySchedule => ({ ...workingDay(), isWorkingDay: false });

function buildWeek(isWorking: (day: DayKey) => boolean): WeeklySchedule {
  const week = {} as WeeklySchedule;
  for (const day of DAY_KEYS) week[day] = isWorking(day) ? workingDay() : dayOff();
  return week;
}

function deepFreeze(week: WeeklySchedule): Readonly<WeeklySchedule> {
  for (const day of DAY_KEYS) {
    for (const b of week[day].breaks) Object.freeze(b);
    Object.freeze(week[day].breaks);
    Object.freeze(week[day]);
  }
  return Object.freeze(week);
}

/**
 * SPEC §3/§9: Monday to Friday 09:00-17:00, no breaks; weekend off. Frozen all the way down
 * because it is shared: an editor that mutated it in place would change every later default.
 * Use defaultWeeklySchedule() for an editable copy.
 */
export const DEFAULT_WEEKLY_SCHEDULE: Readonly<WeeklySchedule> = deepFreeze(
  buildWeek((day) => day !== 'saturday' && day !== 'sunday'),
);

/** Every day off: the salon's opening hours when no settings record exists (SPEC §3). */
export function emptyWeeklySchedule(): WeeklySchedule {
  return buildWeek(() => false);
}

/** A fresh, mutable copy of the default week (the frozen constant must not be edited). */
export function defaultWeeklySchedule(): WeeklySchedule {
  return buildWeek((day) => DEFAULT_WEEKLY_SCHEDULE[day].isWorkingDay);
}

/** Schedule editor choices: every 30 minutes from 00:00 to 23:30 (SPEC §5, §9). */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 48 }, (_, i) =>
  fromMinutes(i * 30),
);

/** A new break defaults to 12:00-13:00 (SPEC §5). */
export const DEFAULT_BREAK: Readonly<TimeBreak> = Object.freeze({ start: '12:00', end: '13:00' });

/** Minutes since midnight of a 'HH:mm' time. */
export function toMinutes(time: string): number {
  if (!isValidTime(time)) throw new RangeError(`Invalid time: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** 'HH:mm' of minutes since midnight (0..1439). */
export function fromMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60) {
    throw new RangeError(`Invalid minutes: ${minutes}`);
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Which schedule day a calendar date falls on (no zone needed: it is already a salon date). */
export function dayKeyOfDate(isoDate: string): DayKey {
  if (!isValidIsoDate(isoDate)) throw new RangeError(`Invalid date: ${isoDate}`);
  const dayOfWeek = isoDayOfWeek(isoDate);
  const key = DAY_KEYS[dayOfWeek - 1];
  if (!key) throw new RangeError(`Unexpected day of week: ${dayOfWeek}`);
  return key;
}

export type ScheduleError = { day: DayKey; message: string };


/**
 * The schedule of `date` from a STORED weekly availability, which may be partial or of an older
 * shape (hand-edited jsonb): a missing or malformed day is a day off, fields are read as strings.
 * One reading for the slot engine, the availability rule's server side and the day view.
 */
export function dayScheduleOf(availability: Partial<WeeklySchedule> | null | undefined, date: string): DaySchedule {
  const d = availability?.[dayKeyOfDate(date)];
  if (!d || typeof d !== 'object') return { isWorkingDay: false, startTime: '', endTime: '', breaks: [] };
  return {
    isWorkingDay: d.isWorkingDay === true,
    startTime: String(d.startTime ?? ''),
    endTime: String(d.endTime ?? ''),
    breaks: Array.isArray(d.breaks) ? d.breaks.map((b) => ({ start: String(b?.start ?? ''), end: String(b?.end ?? '') })) : [],
  };
}

/**
 * The first problem of the week, Monday first, or null. Days off are not checked: their hours
 * are hidden in the editor and never used for slots, so they must not block a save.
 */
export function validateWeeklySchedule(schedule: WeeklySchedule): ScheduleError | null {
  for (const day of DAY_KEYS) {
    const message = validateDay(schedule[day]);
    if (message) return { day, message };
  }
  return null;
}

function validateDay(d: DaySchedule): string | null {
  if (!d.isWorkingDay) return null;
  const times = [d.startTime, d.endTime, ...d.breaks.flatMap((b) => [b.start, b.end])];
  if (!times.every(isValidTime)) return MSG.scheduleInvalidTime;

  const open = toMinutes(d.startTime);
  const close = toMinutes(d.endTime);
  if (close <= open) return MSG.scheduleEndBeforeStart;

  const breaks = d.breaks.map((b) => ({ start: toMinutes(b.start), end: toMinutes(b.end) }));
  for (const b of breaks) {
    if (b.end <= b.start) return MSG.breakEndBeforeStart;
    if (b.start < open || b.end > close) return MSG.breakOutsideDay;
  }
  // Back-to-back breaks (12:00-13:00 and 13:00-14:00) touch but do not overlap.
  const sorted = [...breaks].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && cur.start < prev.end) return MSG.breaksOverlap;
  }
  return null;
}

/** "Miércoles: ..." — the error as one line for a toast or a form message. */
export function describeScheduleError(error: ScheduleError): string {
  return `${DAY_LABELS[error.day]}: ${error.message}`;
}
