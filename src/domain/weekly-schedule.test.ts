import { describe, expect, it } from 'vitest';
import { MSG } from './texts/common';
import {
  dayScheduleOf,
  DAY_KEYS,
  DAY_LABELS,
  DEFAULT_BREAK,
  DEFAULT_WEEKLY_SCHEDULE,
  TIME_CHOICES,
  dayKeyOfDate,
  defaultWeeklySchedule,
  describeScheduleError,
  emptyWeeklySchedule,
  fromMinutes,
  toMinutes,
  validateWeeklySchedule,
  type DayKey,
  type DaySchedule,
  type WeeklySchedule,
} from './weekly-schedule';

describe('day keys and labels', () => {
  it.each([
    [0, 'monday', 'Lunes'],
    [1, 'tuesday', 'Martes'],
    [2, 'wednesday', 'Miércoles'],
    [3, 'thursday', 'Jueves'],
    [4, 'friday', 'Viernes'],
    [5, 'saturday', 'Sábado'],
    [6, 'sunday', 'Domingo'],
  ] as const)('position %i is %s (%s)', (i, key, label) => {
    expect(DAY_KEYS[i]).toBe(key);
    expect(DAY_LABELS[key]).toBe(label);
  });

  it('has exactly seven days', () => {
    expect(DAY_KEYS).toHaveLength(7);
  });
});

describe('DEFAULT_WEEKLY_SCHEDULE', () => {
  it.each([
    ['monday', true],
    ['tuesday', true],
    ['wednesday', true],
    ['thursday', true],
    ['friday', true],
    ['saturday', false],
    ['sunday', false],
  ] as const)('%s working: %s, 09:00-17:00, no breaks', (day, working) => {
    expect(DEFAULT_WEEKLY_SCHEDULE[day]).toEqual({
      isWorkingDay: working,
      startTime: '09:00',
      endTime: '17:00',
      breaks: [],
    });
  });

  it('is frozen all the way down, and defaultWeeklySchedule() gives an editable equal copy', () => {
    expect(Object.isFrozen(DEFAULT_WEEKLY_SCHEDULE.monday)).toBe(true);
    expect(Object.isFrozen(DEFAULT_WEEKLY_SCHEDULE.monday.breaks)).toBe(true);
    const copy = defaultWeeklySchedule();
    expect(copy).toEqual(DEFAULT_WEEKLY_SCHEDULE);
    copy.monday.breaks.push({ ...DEFAULT_BREAK });
    expect(DEFAULT_WEEKLY_SCHEDULE.monday.breaks).toEqual([]);
  });
});

describe('emptyWeeklySchedule', () => {
  it.each(DAY_KEYS.map((d) => [d]))('%s is off', (day) => {
    expect(emptyWeeklySchedule()[day].isWorkingDay).toBe(false);
  });

  it('returns a new object each time', () => {
    const a = emptyWeeklySchedule();
    a.monday.isWorkingDay = true;
    expect(emptyWeeklySchedule().monday.isWorkingDay).toBe(false);
  });
});

describe('TIME_CHOICES and DEFAULT_BREAK', () => {
  it.each([
    [0, '00:00'],
    [1, '00:30'],
    [18, '09:00'],
    [24, '12:00'],
    [47, '23:30'],
  ])('choice %i is %s', (i, time) => {
    expect(TIME_CHOICES[i]).toBe(time);
  });

  it('has 48 choices and a 12:00-13:00 default break', () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect(DEFAULT_BREAK).toEqual({ start: '12:00', end: '13:00' });
  });
});

describe('toMinutes / fromMinutes', () => {
  it.each([
    ['00:00', 0],
    ['00:30', 30],
    ['09:15', 555],
    ['17:00', 1020],
    ['23:59', 1439],
  ])('%s <-> %i', (time, minutes) => {
    expect(toMinutes(time)).toBe(minutes);
    expect(fromMinutes(minutes)).toBe(time);
  });

  it.each([['24:00'], ['9:00'], ['aa:bb'], ['']])('toMinutes(%j) throws', (bad) => {
    expect(() => toMinutes(bad)).toThrow(RangeError);
  });

  it.each([[-1], [1440], [1.5], [Number.NaN]])('fromMinutes(%d) throws', (bad) => {
    expect(() => fromMinutes(bad)).toThrow(RangeError);
  });
});

describe('dayKeyOfDate', () => {
  it.each([
    ['2026-01-12', 'monday'],
    ['2026-01-14', 'wednesday'],
    ['2026-01-17', 'saturday'],
    ['2026-01-18', 'sunday'],
    ['2026-03-29', 'sunday'],
    ['2026-10-25', 'sunday'],
    ['2028-02-29', 'tuesday'],
  ])('%s is a %s', (date, key) => {
    expect(dayKeyOfDate(date)).toBe(key);
  });

  it('throws on an impossible date', () => {
    expect(() => dayKeyOfDate('2026-02-30')).toThrow(RangeError);
  });
});

function weekWith(day: DayKey, patch: Partial<DaySchedule>): WeeklySchedule {
  const week = defaultWeeklySchedule();
  week[day] = { ...week[day], ...patch };
  return week;
}

describe('validateWeeklySchedule', () => {
  it.each<[string, WeeklySchedule, { day: DayKey; message: string } | null]>([
    ['the default week', defaultWeeklySchedule(), null],
    ['an empty week', emptyWeeklySchedule(), null],
    ['a lunch break', weekWith('monday', { breaks: [{ start: '13:00', end: '14:00' }] }), null],
    [
      'back-to-back breaks',
      weekWith('monday', {
        breaks: [
          { start: '13:00', end: '14:00' },
          { start: '11:00', end: '13:00' },
        ],
      }),
      null,
    ],
    [
      'breaks touching opening and closing',
      weekWith('monday', {
        breaks: [
          { start: '09:00', end: '09:30' },
          { start: '16:30', end: '17:00' },
        ],
      }),
      null,
    ],
    [
      'nonsense on a day off',
      weekWith('sunday', {
        startTime: '18:00',
        endTime: '08:00',
        breaks: [{ start: 'x', end: 'y' }],
      }),
      null,
    ],
    [
      'closing before opening',
      weekWith('tuesday', { startTime: '17:00', endTime: '09:00' }),
      { day: 'tuesday', message: MSG.scheduleEndBeforeStart },
    ],
    [
      'closing equal to opening',
      weekWith('friday', { startTime: '10:00', endTime: '10:00' }),
      { day: 'friday', message: MSG.scheduleEndBeforeStart },
    ],
    [
      'a malformed time',
      weekWith('monday', { startTime: '9:00' }),
      { day: 'monday', message: MSG.scheduleInvalidTime },
    ],
    [
      'a break ending before it starts',
      weekWith('wednesday', { breaks: [{ start: '14:00', end: '13:00' }] }),
      { day: 'wednesday', message: MSG.breakEndBeforeStart },
    ],
    [
      'an empty break',
      weekWith('wednesday', { breaks: [{ start: '13:00', end: '13:00' }] }),
      { day: 'wednesday', message: MSG.breakEndBeforeStart },
    ],
    [
      'a break before opening',
      weekWith('thursday', { breaks: [{ start: '08:30', end: '09:30' }] }),
      { day: 'thursday', message: MSG.breakOutsideDay },
    ],
    [
      'a break after closing',
      weekWith('thursday', { breaks: [{ start: '16:30', end: '17:30' }] }),
      { day: 'thursday', message: MSG.breakOutsideDay },
    ],
    [
      'overlapping breaks',
      weekWith('monday', {
        breaks: [
          { start: '12:00', end: '13:00' },
          { start: '12:30', end: '13:30' },
        ],
      }),
      { day: 'monday', message: MSG.breaksOverlap },
    ],
    [
      'a break inside another',
      weekWith('monday', {
        breaks: [
          { start: '12:00', end: '15:00' },
          { start: '13:00', end: '14:00' },
        ],
      }),
      { day: 'monday', message: MSG.breaksOverlap },
    ],
    [
      'a Saturday made a working day with bad hours',
      weekWith('saturday', { isWorkingDay: true, startTime: '14:00', endTime: '10:00' }),
      { day: 'saturday', message: MSG.scheduleEndBeforeStart },
    ],
  ])('%s', (_name, week, expected) => {
    expect(validateWeeklySchedule(week)).toEqual(expected);
  });

  it('reports the first bad day, Monday first', () => {
    const week = weekWith('friday', { startTime: '17:00', endTime: '09:00' });
    week.tuesday = { ...week.tuesday, breaks: [{ start: '18:00', end: '19:00' }] };
    expect(validateWeeklySchedule(week)).toEqual({ day: 'tuesday', message: MSG.breakOutsideDay });
  });
});

describe('describeScheduleError', () => {
  it.each([
    [
      { day: 'wednesday' as const, message: MSG.scheduleEndBeforeStart },
      'Miércoles: La hora de cierre debe ser posterior a la de apertura.',
    ],
    [
      { day: 'saturday' as const, message: MSG.breaksOverlap },
      'Sábado: Los descansos de un mismo día no pueden coincidir entre sí.',
    ],
  ])('%j -> %s', (error, text) => {
    expect(describeScheduleError(error)).toBe(text);
  });
});

describe('dayScheduleOf: a stored (maybe partial or older) availability read for one date', () => {
  const open = { isWorkingDay: true, startTime: '09:00', endTime: '17:00', breaks: [{ start: '13:00', end: '14:00' }] };
  it.each([
    ['the day as stored (Monday 2026-11-23)', { monday: open }, '2026-11-23', open],
    ['a missing day is a day off', { monday: open }, '2026-11-24', { isWorkingDay: false, startTime: '', endTime: '', breaks: [] }],
    ['no availability at all', null, '2026-11-23', { isWorkingDay: false, startTime: '', endTime: '', breaks: [] }],
    ['isWorkingDay only when literally true', { monday: { ...open, isWorkingDay: 'yes' } }, '2026-11-23', { ...open, isWorkingDay: false }],
    ['breaks that are not a list are none', { monday: { ...open, breaks: 'x' } }, '2026-11-23', { ...open, breaks: [] }],
  ])('%s', (_label, stored, date, expected) => {
    expect(dayScheduleOf(stored as never, date)).toEqual(expected);
  });
});
