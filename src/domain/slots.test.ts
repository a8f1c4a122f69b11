import { describe, expect, it } from 'vitest';
import { SALON_TIME_ZONE as TZ } from './salon-time';
import {
  DEFAULT_SLOT_INTERVAL,
  SLOT_INTERVAL_OPTIONS,
  findSlot,
  generateSlots,
  isSlotInterval,
  slotIntervalOf,
  type SlotInput,
} from './slots';
import type { DaySchedule } from './weekly-schedule';

// 2026-01-15 is a Thursday in winter: Madrid is UTC+1, so 09:00 in the salon is 08:00Z.
const DATE = '2026-01-15';
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const z = (iso: string) => new Date(iso);
const busyZ = (start: string, end: string) => ({ start: z(start), end: z(end) });

const day = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []) => ({
  isWorkingDay: true,
  startTime,
  endTime,
  breaks,
});

function input(patch: Partial<SlotInput>): SlotInput {
  return {
    date: DATE,
    day: day('09:00', '11:00'),
    intervalMinutes: 30,
    durationMinutes: 30,
    busy: [],
    now: LONG_AGO,
    tz: TZ,
    ...patch,
  };
}

const times = (patch: Partial<SlotInput>) => generateSlots(input(patch)).map((s) => s.time);

describe('constants', () => {
  it('offers the intervals of SPEC §9 with 30 as default', () => {
    expect(SLOT_INTERVAL_OPTIONS).toEqual([15, 20, 30, 45, 60]);
    expect(DEFAULT_SLOT_INTERVAL).toBe(30);
  });

  it.each([
    [15, true],
    [20, true],
    [30, true],
    [45, true],
    [60, true],
    [10, false],
    [90, false],
    ['30', false],
    [null, false],
  ])('isSlotInterval(%j) -> %s', (n, ok) => {
    expect(isSlotInterval(n)).toBe(ok);
  });

  it.each([
    [15, 15],
    [45, 45],
    [10, 30],
    ['30', 30],
    [null, 30],
    [undefined, 30],
  ])('slotIntervalOf(%j) -> %s', (n, interval) => {
    expect(slotIntervalOf(n)).toBe(interval);
  });
});

describe('interval steps on 09:00-11:00 with a 30 min service', () => {
  it.each([
    [15, ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30']],
    [20, ['09:00', '09:20', '09:40', '10:00', '10:20']],
    [30, ['09:00', '09:30', '10:00', '10:30']],
    [45, ['09:00', '09:45', '10:30']],
    [60, ['09:00', '10:00']],
  ])('every %i min -> %j', (intervalMinutes, expected) => {
    expect(times({ intervalMinutes })).toEqual(expected);
  });
});

describe('instants', () => {
  it('gives real UTC instants and the end as start plus duration', () => {
    expect(generateSlots(input({ durationMinutes: 45, intervalMinutes: 60 }))).toEqual([
      { time: '09:00', start: z('2026-01-15T08:00:00Z'), end: z('2026-01-15T08:45:00Z') },
      { time: '10:00', start: z('2026-01-15T09:00:00Z'), end: z('2026-01-15T09:45:00Z') },
    ]);
  });

  it('reads the wall clock of the given zone', () => {
    expect(generateSlots(input({ tz: 'UTC', intervalMinutes: 60 }))[0]?.start).toEqual(
      z('2026-01-15T09:00:00Z'),
    );
  });
});

describe('what is left out', () => {
  it.each<[string, Partial<SlotInput>, string[]]>([
    [
      'a lunch break 12:00-13:00 (60 min service)',
      { day: day('09:00', '17:00', [{ start: '12:00', end: '13:00' }]), durationMinutes: 60 },
      [
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '13:00',
        '13:30',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
      ],
    ],
    [
      'two breaks',
      {
        day: day('09:00', '13:00', [
          { start: '10:00', end: '10:30' },
          { start: '11:30', end: '12:00' },
        ]),
      },
      ['09:00', '09:30', '10:30', '11:00', '12:00', '12:30'],
    ],
    [
      'back-to-back bookings fit around a 10:00-10:30 appointment',
      { day: day('09:00', '12:00'), busy: [busyZ('2026-01-15T09:00:00Z', '2026-01-15T09:30:00Z')] },
      ['09:00', '09:30', '10:30', '11:00', '11:30'],
    ],
    [
      'a 10:15-10:45 appointment hides every slot touching it (15 min steps)',
      {
        day: day('09:00', '11:30'),
        intervalMinutes: 15,
        busy: [busyZ('2026-01-15T09:15:00Z', '2026-01-15T09:45:00Z')],
      },
      ['09:00', '09:15', '09:30', '09:45', '10:45', '11:00'],
    ],
    [
      'a long service is blocked by an appointment it would run into',
      {
        day: day('09:00', '12:00'),
        durationMinutes: 90,
        busy: [busyZ('2026-01-15T10:00:00Z', '2026-01-15T10:30:00Z')],
      },
      ['09:00', '09:30'],
    ],
    [
      'an appointment of another day changes nothing',
      { busy: [busyZ('2026-01-16T08:00:00Z', '2026-01-16T10:00:00Z')] },
      ['09:00', '09:30', '10:00', '10:30'],
    ],
    ['a busy day', { busy: [busyZ('2026-01-15T07:00:00Z', '2026-01-15T12:00:00Z')] }, []],
  ])('%s', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });
});

describe('today, with now mid-day', () => {
  const today = day('09:00', '13:00');
  it.each([
    // 11:10 in Madrid: 11:30 onwards
    ['2026-01-15T10:10:00Z', ['11:30', '12:00', '12:30']],
    // exactly 11:30: that slot has started, so it is gone
    ['2026-01-15T10:30:00Z', ['12:00', '12:30']],
    // one millisecond before 11:30
    ['2026-01-15T10:29:59.999Z', ['11:30', '12:00', '12:30']],
    // before opening: everything
    [
      '2026-01-15T06:00:00Z',
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'],
    ],
    // after closing: nothing
    ['2026-01-15T12:00:00Z', []],
    // the next day already
    ['2026-01-16T08:00:00Z', []],
  ])('now %s -> %j', (now, expected) => {
    expect(times({ day: today, now: z(now) })).toEqual(expected);
  });
});

describe('Madrid DST days, working 00:00-06:00', () => {
  const night = day('00:00', '06:00');

  it('2026-03-29: 02:00-02:59 does not exist, so 02:00 and 02:30 are skipped', () => {
    const slots = generateSlots(input({ date: '2026-03-29', day: night }));
    expect(slots.map((s) => s.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
    // 01:30 CET and 03:00 CEST are back to back in real time
    expect(findSlot(slots, '01:30')).toEqual({
      time: '01:30',
      start: z('2026-03-29T00:30:00Z'),
      end: z('2026-03-29T01:00:00Z'),
    });
    expect(findSlot(slots, '03:00')?.start).toEqual(z('2026-03-29T01:00:00Z'));
  });

  it('2026-10-25: every wall time once, the repeated 02:xx at its first occurrence', () => {
    const slots = generateSlots(input({ date: '2026-10-25', day: night }));
    expect(slots.map((s) => s.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
    expect(findSlot(slots, '02:30')?.start).toEqual(z('2026-10-25T00:30:00Z'));
    // 03:00 CET comes two real hours after 02:00 CEST
    expect(findSlot(slots, '03:00')?.start).toEqual(z('2026-10-25T02:00:00Z'));
    expect(findSlot(slots, '05:30')?.end).toEqual(z('2026-10-25T05:00:00Z'));
  });

  it.each<[string, string, number, string[]]>([
    // 00:00-06:00 is 5 real hours on the spring day, 6 on a normal day, 7 on the autumn day
    ['2026-03-29', 'a 5 h service', 300, ['00:00']],
    ['2026-03-29', 'a 6 h service', 360, []],
    ['2026-03-22', 'a 6 h service', 360, ['00:00']],
    ['2026-10-25', 'a 7 h service', 420, ['00:00']],
    ['2026-10-25', 'a 6 h service', 360, ['00:00', '00:30', '01:00']],
  ])('%s: %s fits at %j', (date, _name, durationMinutes, expected) => {
    expect(times({ date, day: night, durationMinutes })).toEqual(expected);
  });

  it('2026-03-29: a 60 min slot at 01:30 really lasts 60 min and ends at 03:30 on the clock', () => {
    const slots = generateSlots(input({ date: '2026-03-29', day: night, durationMinutes: 60 }));
    expect(findSlot(slots, '01:30')?.end).toEqual(z('2026-03-29T01:30:00Z'));
    // an appointment at 03:00-03:30 CEST (01:00Z-01:30Z) now collides with it
    const busy = [busyZ('2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z')];
    const withBusy = times({ date: '2026-03-29', day: night, durationMinutes: 60, busy });
    expect(withBusy).toEqual(['00:00', '00:30', '01:00', '03:30', '04:00', '04:30', '05:00']);
  });

  it('2026-10-25: an appointment in the second 02:00-02:59 (CET) blocks by real time', () => {
    // 02:15-02:45 CET is 01:15Z-01:45Z
    const busy = [busyZ('2026-10-25T01:15:00Z', '2026-10-25T01:45:00Z')];
    expect(times({ date: '2026-10-25', day: night, durationMinutes: 60, busy })).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
    ]);
  });

  it('2026-03-29: a break ending inside the gap ends at the jump', () => {
    const withBreak = day('00:00', '06:00', [{ start: '01:00', end: '02:30' }]);
    expect(times({ date: '2026-03-29', day: withBreak })).toEqual([
      '00:00',
      '00:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
      '05:30',
    ]);
  });
});

describe('whole-day limits and bad input', () => {
  it.each<[string, Partial<SlotInput>, string[]]>([
    ['a day off', { day: { ...day('09:00', '17:00'), isWorkingDay: false } }, []],
    ['a service longer than the working day', { durationMinutes: 150 }, []],
    ['a service exactly as long as the day fits once', { durationMinutes: 120 }, ['09:00']],
    ['a zero interval', { intervalMinutes: 0 }, []],
    ['a fractional interval', { intervalMinutes: 7.5 }, []],
    ['a zero duration', { durationMinutes: 0 }, []],
    ['a NaN duration', { durationMinutes: Number.NaN }, []],
    ['an impossible date', { date: '2026-02-30' }, []],
    ['a malformed opening time', { day: day('9:00', '11:00') }, []],
    ['a malformed break', { day: day('09:00', '11:00', [{ start: '10:00', end: '' }]) }, []],
    ['closing before opening', { day: day('11:00', '09:00') }, []],
  ])('%s -> %j', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });
});

describe('every interval with a lunch break and a booked appointment (45 min service)', () => {
  // 09:00-14:00, lunch 11:30-12:00, an appointment 12:30-13:00 (11:30Z-12:00Z in winter)
  const busyDay: Partial<SlotInput> = {
    day: day('09:00', '14:00', [{ start: '11:30', end: '12:00' }]),
    durationMinutes: 45,
    busy: [busyZ('2026-01-15T11:30:00Z', '2026-01-15T12:00:00Z')],
  };
  it.each([
    [15, ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '13:00', '13:15']],
    [20, ['09:00', '09:20', '09:40', '10:00', '10:20', '10:40', '13:00']],
    [30, ['09:00', '09:30', '10:00', '10:30', '13:00']],
    [45, ['09:00', '09:45', '10:30']],
    [60, ['09:00', '10:00', '13:00']],
  ])('every %i min -> %j', (intervalMinutes, expected) => {
    expect(times({ ...busyDay, intervalMinutes })).toEqual(expected);
  });

  it('a slot ending exactly when the break starts, and one starting when it ends, are both offered', () => {
    const lunch = day('10:00', '13:00', [{ start: '11:00', end: '12:00' }]);
    expect(times({ day: lunch, intervalMinutes: 60, durationMinutes: 60 })).toEqual(['10:00', '12:00']);
  });

  it('a slot ending exactly at the start of an appointment is offered (back to back before it)', () => {
    // appointment 10:00-10:30 in Madrid; a 60 min service at 09:00 ends at 10:00
    const busy = [busyZ('2026-01-15T09:00:00Z', '2026-01-15T09:30:00Z')];
    expect(times({ day: day('09:00', '11:30'), durationMinutes: 60, busy })).toEqual(['09:00', '10:30']);
  });
});

describe('Madrid DST days with other intervals', () => {
  const night = day('01:00', '04:00');
  it.each<[string, number, number, string[]]>([
    // spring: 02:00-02:59 never shows on the clock; 01:00-04:00 lasts 2 real hours
    // (01:45 CET + 30 min ends at 03:15 CEST on the clock; 01:40 + 45 min at 03:25)
    ['2026-03-29', 15, 30, ['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30']],
    ['2026-03-29', 20, 45, ['01:00', '01:20', '01:40', '03:00']],
    ['2026-03-29', 60, 60, ['01:00', '03:00']],
    // autumn: 01:00-04:00 lasts 4 real hours, each wall time offered once
    ['2026-10-25', 45, 45, ['01:00', '01:45', '02:30', '03:15']],
    ['2026-10-25', 60, 120, ['01:00', '02:00']],
  ])('%s every %i min, %i min service -> %j', (date, intervalMinutes, durationMinutes, expected) => {
    expect(times({ date, day: night, intervalMinutes, durationMinutes })).toEqual(expected);
  });
});
