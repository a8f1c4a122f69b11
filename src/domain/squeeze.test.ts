import { describe, expect, it } from 'vitest';
import { NO_EXCEPTIONS, type Exceptions } from './availability';
import { MSG } from './texts/common';
import { STAFF_MSG } from './texts/staff';
import { SALON_TIME_ZONE as TZ, wallClockToInstant } from './salon-time';
import { checkSqueeze, walkInStart, type SqueezeInput } from './squeeze';
import type { DaySchedule } from './weekly-schedule';

// 2027-01-14 is a Thursday; the professional works 09:00-14:00 with a break 11:00-11:30.
const DATE = '2027-01-14';
const at = (time: string, date = DATE) => wallClockToInstant(date, time, TZ)!;
const weekly: DaySchedule = { isWorkingDay: true, startTime: '09:00', endTime: '14:00', breaks: [{ start: '11:00', end: '11:30' }] };
const offAt = (startTime: string, endTime: string): Exceptions => ({
  salon: [],
  timeOff: [{ startDate: DATE, endDate: DATE, startTime, endTime, reason: 'Formación' }],
});

function input(patch: Partial<SqueezeInput>): SqueezeInput {
  return {
    date: DATE,
    time: '10:00',
    walkIn: false,
    weekly,
    exceptions: NO_EXCEPTIONS,
    intervalMinutes: 30,
    durationMinutes: 30,
    busy: [],
    now: at('08:00'),
    tz: TZ,
    ...patch,
  };
}
const outcome = (patch: Partial<SqueezeInput>) => {
  const r = checkSqueeze(input(patch));
  return r.ok ? (r.fittedIn ?? 'offered') : `${r.status} ${r.message}`;
};

describe('checkSqueeze: what the desk may fit in, and how it is marked', () => {
  it.each<[string, Partial<SqueezeInput>, string]>([
    ['a time the grid offers is a normal booking', { time: '10:00' }, 'offered'],
    ['after her hours', { time: '19:30' }, 'outside_hours'],
    ['before her hours', { time: '08:30' }, 'outside_hours'],
    ['in her break', { time: '11:00' }, 'outside_hours'],
    ['off the interval', { time: '10:10' }, 'outside_hours'],
    ['a day she does not work', { date: '2027-01-16', weekly: { ...weekly, isWorkingDay: false } }, 'outside_hours'],
    ['a time already past', { time: '10:00', now: at('10:05') }, `400 ${STAFF_MSG.squeezePast}`],
    ['a Sunday', { date: '2027-01-17' }, `400 ${MSG.slotNotOffered}`],
    ['a day before today', { now: at('09:00', '2027-01-15') }, `400 ${MSG.slotNotOffered}`],
    ['a malformed time', { time: '25:00' }, `400 ${MSG.slotNotOffered}`],
    ['over midnight', { time: '23:45' }, `400 ${STAFF_MSG.squeezeOutsideDay}`],
    [
      'the salon closed that day',
      { exceptions: { salon: [{ kind: 'closed', startDate: DATE, endDate: DATE, reason: 'Festivo' }], timeOff: [] } },
      `409 ${STAFF_MSG.availabilitySalonClosed}`,
    ],
    [
      'her day off',
      { exceptions: { salon: [], timeOff: [{ startDate: DATE, endDate: DATE, startTime: null, endTime: null, reason: '' }] } },
      `409 ${STAFF_MSG.availabilityTimeOff}`,
    ],
    [
      'over a block, even outside her hours',
      { time: '19:30', exceptions: offAt('19:00', '20:00') },
      `409 ${STAFF_MSG.availabilityTimeOff}`,
    ],
    [
      'its cleaning runs into a block',
      { time: '18:30', exceptions: offAt('19:00', '20:00'), buffers: { prepMinutes: 0, cleanupMinutes: 10 } },
      `409 ${STAFF_MSG.availabilityTimeOff}`,
    ],
    ['right after a block', { time: '20:00', exceptions: offAt('19:00', '20:00') }, 'outside_hours'],
    ['a walk-in whose visit is under way', { walkIn: true, time: '09:50', now: at('10:07') }, 'walk_in'],
    ['a walk-in in a few minutes', { walkIn: true, time: '10:15', now: at('10:07') }, 'walk_in'],
    ['a walk-in whose visit would be over', { walkIn: true, time: '09:30', now: at('10:07') }, `400 ${STAFF_MSG.walkInNotNow}`],
    ['a walk-in an hour ahead', { walkIn: true, time: '11:30', now: at('10:07') }, `400 ${STAFF_MSG.walkInNotNow}`],
  ])('%s', (_name, patch, expected) => {
    expect(outcome(patch)).toBe(expected);
  });

  it('picks a free cabin, or refuses when none is', () => {
    const cabins = (busyA: boolean, busyB: boolean) => [
      {
        id: 'g',
        members: [
          { id: 'a', busy: busyA ? [{ start: at('19:00'), end: at('20:30') }] : [] },
          { id: 'b', busy: busyB ? [{ start: at('19:00'), end: at('20:30') }] : [] },
        ],
      },
    ];
    const pick = (r: ReturnType<typeof checkSqueeze>) => (r.ok ? r.slot.resourceIds : r.message);
    expect(pick(checkSqueeze(input({ time: '19:30', resources: cabins(true, false) })))).toEqual(['b']);
    expect(pick(checkSqueeze(input({ time: '19:30', resources: cabins(true, true) })))).toBe(MSG.slotTaken);
    expect(pick(checkSqueeze(input({ time: '19:30', resources: cabins(true, false), preferredResources: ['a'] })))).toBe(
      STAFF_MSG.resourceUnavailable,
    );
  });

  it('keeps the real length on a DST day (2027-03-28 is a Sunday: the Saturday before is not changed)', () => {
    const r = checkSqueeze(input({ date: '2027-10-30', time: '20:00', now: at('08:00', '2027-10-30'), durationMinutes: 45 }));
    expect(r.ok && (r.slot.end.getTime() - r.slot.start.getTime()) / 60_000).toBe(45);
  });
});

describe('walkInStart', () => {
  it.each([
    ['2027-01-14T09:07:30Z', '2027-01-14', '10:05'],
    ['2027-01-14T09:10:00Z', '2027-01-14', '10:10'],
    ['2027-01-14T22:59:59Z', '2027-01-14', '23:55'],
    ['2027-07-14T08:04:00Z', '2027-07-14', '10:00'],
  ])('%s in Madrid starts %s %s', (instant, date, time) => {
    expect(walkInStart(new Date(instant), TZ)).toEqual({ date, time });
  });
});
