import { describe, expect, it } from 'vitest';
import { agendaCountLabel, computeDashboardStats, nextAppointment } from './dashboard-stats';
import { SALON_TIME_ZONE as TZ } from './salon-time';

const appt = (iso: string, status: string, price: number) => ({
  status,
  startTime: new Date(iso),
  price,
});

// Winter: Madrid is UTC+1, so its midnight between the 15th and 16th is 2026-01-15T23:00Z.
const WINTER = [
  appt('2026-01-14T22:59:00Z', 'confirmed', 10), // 14th 23:59 in Madrid
  appt('2026-01-14T23:00:00Z', 'confirmed', 20), // 15th 00:00
  appt('2026-01-15T09:00:00Z', 'cancelled_by_client', 99), // 15th, not counted
  appt('2026-01-15T10:00:00Z', 'no_show', 99), // 15th, not counted
  appt('2026-01-15T11:00:00Z', 'pending', 99), // unknown status, not counted
  appt('2026-01-15T22:59:00Z', 'completed', 30.5), // 15th 23:59
  appt('2026-01-15T23:00:00Z', 'confirmed', 40), // 16th 00:00
];

// 2026-03-29 (23 h): 2026-03-28T23:00Z .. 2026-03-29T22:00Z
const SPRING = [
  appt('2026-03-28T22:59:00Z', 'confirmed', 1), // 28th 23:59 CET
  appt('2026-03-28T23:00:00Z', 'confirmed', 0.1), // 29th 00:00 CET
  appt('2026-03-29T01:00:00Z', 'completed', 0.2), // 29th 03:00 CEST, right after the jump
  appt('2026-03-29T21:59:00Z', 'confirmed', 10), // 29th 23:59 CEST
  appt('2026-03-29T22:00:00Z', 'confirmed', 1), // 30th 00:00 CEST
];

// 2026-10-25 (25 h): 2026-10-24T22:00Z .. 2026-10-25T23:00Z
const AUTUMN = [
  appt('2026-10-24T21:59:00Z', 'confirmed', 1), // 24th 23:59 CEST
  appt('2026-10-25T00:30:00Z', 'confirmed', 15), // 25th 02:30 CEST
  appt('2026-10-25T01:30:00Z', 'completed', 15), // 25th 02:30 CET, the repeated hour
  appt('2026-10-25T22:59:00Z', 'completed', 20), // 25th 23:59 CET
  appt('2026-10-25T23:00:00Z', 'confirmed', 1), // 26th 00:00 CET
];

describe('computeDashboardStats', () => {
  it.each([
    ['winter midday', WINTER, '2026-01-15T11:00:00Z', 2, 50.5, 1],
    ['winter, 23:59 in Madrid', WINTER, '2026-01-15T22:59:00Z', 2, 50.5, 1],
    // 23:30Z is already the 16th in Madrid
    ['winter, 00:30 next day in Madrid', WINTER, '2026-01-15T23:30:00Z', 1, 40, 0],
    ['winter, the 14th', WINTER, '2026-01-14T12:00:00Z', 1, 10, 0],
    ['spring DST day (23 h), sums in cents', SPRING, '2026-03-29T10:00:00Z', 3, 10.3, 1],
    ['spring DST day, just after midnight', SPRING, '2026-03-28T23:00:00Z', 3, 10.3, 1],
    ['autumn DST day (25 h), both 02:30s count', AUTUMN, '2026-10-25T12:00:00Z', 3, 50, 2],
    ['autumn DST day, during the repeated hour', AUTUMN, '2026-10-25T01:00:00Z', 3, 50, 2],
    ['no appointments', [], '2026-01-15T11:00:00Z', 0, 0, 0],
  ])('%s', (_name, list, now, todayCount, potentialRevenue, completedCount) => {
    const expected = { todayCount, potentialRevenue, completedCount };
    expect(computeDashboardStats(list, new Date(now), TZ)).toEqual(expected);
    expect(computeDashboardStats(list, Date.parse(now), TZ)).toEqual(expected);
  });

  it('uses the given zone: in UTC the 15th ends an hour later', () => {
    expect(computeDashboardStats(WINTER, new Date('2026-01-15T11:00:00Z'), 'UTC')).toEqual({
      todayCount: 2,
      potentialRevenue: 70.5,
      completedCount: 1,
    });
  });
});

describe('nextAppointment', () => {
  const list = [
    { id: 'a', ...appt('2026-01-15T09:00:00Z', 'confirmed', 0) },
    { id: 'b', ...appt('2026-01-15T12:00:00Z', 'confirmed', 0) },
    { id: 'c', ...appt('2026-01-15T10:30:00Z', 'cancelled_by_salon', 0) },
    { id: 'd', ...appt('2026-01-15T11:00:00Z', 'completed', 0) },
    { id: 'e', ...appt('2026-01-16T08:00:00Z', 'confirmed', 0) },
    { id: 'f', ...appt('2026-01-15T12:00:00Z', 'confirmed', 0) },
  ];

  it.each([
    ['before everything', '2026-01-15T08:00:00Z', 'a'],
    ['at the first start: it is under way', '2026-01-15T09:00:00Z', 'b'],
    ['skips cancelled and completed ones', '2026-01-15T10:00:00Z', 'b'],
    ['a tie keeps the first listed', '2026-01-15T11:59:59Z', 'b'],
    ['the next day', '2026-01-15T12:00:00Z', 'e'],
    ['nothing left', '2026-01-16T08:00:00Z', null],
  ])('%s (%s) -> %s', (_name, now, id) => {
    expect(nextAppointment(list, new Date(now))?.id ?? null).toBe(id);
  });

  it('keeps the caller type and returns null for an empty list', () => {
    const found: { id: string } | null = nextAppointment(list, new Date('2026-01-15T08:00:00Z'));
    expect(found).toBe(list[0]);
    expect(nextAppointment([], new Date())).toBeNull();
  });
});

// The exact edges of Madrid's day, to the millisecond, in winter (UTC+1), summer (UTC+2) and on
// both DST days: the last instant before midnight belongs to the day before, midnight itself to
// the new day, whatever "now" is within that day.
describe('computeDashboardStats at the exact midnights of Madrid', () => {
  const edges = (firstMs: string, lastMs: string, beforeMs: string, afterMs: string) => [
    appt(beforeMs, 'confirmed', 1000), // the day before, last millisecond
    appt(firstMs, 'confirmed', 12.35), // today, 00:00:00.000
    appt(lastMs, 'completed', 7.65), // today, 23:59:59.999
    appt(afterMs, 'completed', 1000), // tomorrow, 00:00:00.000
  ];
  const cases = [
    // label, today's first and last instant (UTC), the instant before and the one after
    ['winter day (24 h)', '2026-01-14T23:00:00.000Z', '2026-01-15T22:59:59.999Z', '2026-01-14T22:59:59.999Z', '2026-01-15T23:00:00.000Z'],
    ['summer day (24 h)', '2026-07-09T22:00:00.000Z', '2026-07-10T21:59:59.999Z', '2026-07-09T21:59:59.999Z', '2026-07-10T22:00:00.000Z'],
    ['spring DST day (23 h)', '2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z', '2026-03-28T22:59:59.999Z', '2026-03-29T22:00:00.000Z'],
    ['autumn DST day (25 h)', '2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z', '2026-10-24T21:59:59.999Z', '2026-10-25T23:00:00.000Z'],
  ] as const;

  it.each(cases)('%s: counts 00:00 and 23:59:59.999, not the instants around them', (_label, first, last, before, after) => {
    const list = edges(first, last, before, after);
    const expected = { todayCount: 2, potentialRevenue: 20, completedCount: 1 };
    // "now" at either end of the day gives the same figures.
    expect(computeDashboardStats(list, new Date(first), TZ)).toEqual(expected);
    expect(computeDashboardStats(list, new Date(last), TZ)).toEqual(expected);
    // One millisecond outside, the day is another one and only its edge row counts.
    expect(computeDashboardStats(list, new Date(before), TZ)).toEqual({ todayCount: 1, potentialRevenue: 1000, completedCount: 0 });
    expect(computeDashboardStats(list, new Date(after), TZ)).toEqual({ todayCount: 1, potentialRevenue: 1000, completedCount: 1 });
  });

  it('just before midnight, the next appointment may be just after it (the next day)', () => {
    const list = [
      { id: 'late', ...appt('2026-10-24T21:59:59.999Z', 'confirmed', 0) },
      { id: 'midnight', ...appt('2026-10-24T22:00:00.000Z', 'confirmed', 0) },
    ];
    expect(nextAppointment(list, new Date('2026-10-24T21:59:59.998Z'))?.id).toBe('late');
    expect(nextAppointment(list, new Date('2026-10-24T21:59:59.999Z'))?.id).toBe('midnight');
  });
});

describe('agendaCountLabel: the count beside Agenda de Hoy, with what Citas de Hoy leaves out', () => {
  const many = (n: number, status: string) => Array.from({ length: n }, () => status);
  it.each<[string, string[], string]>([
    ['one appointment', ['confirmed'], '1 cita'],
    ['all counted by Citas de Hoy: nothing more to say', ['confirmed', 'completed', 'confirmed'], '3 citas'],
    ['30 counted and 2 cancelled (by the client and by the salon)', [...many(29, 'confirmed'), 'completed', 'cancelled_by_client', 'cancelled_by_salon'], '32 citas · 2 canceladas'],
    ['one of each left out', ['confirmed', 'cancelled_by_salon', 'no_show'], '3 citas · 1 cancelada, 1 no asistió'],
    ['several of each', [...many(3, 'cancelled_by_client'), ...many(2, 'no_show'), 'completed'], '6 citas · 3 canceladas, 2 no asistieron'],
    ['only left-out ones', ['no_show'], '1 cita · 1 no asistió'],
    ['a status no badge knows reads as the badge does: Pendiente', ['confirmed', 'pending', 'x'], '3 citas · 2 pendientes'],
  ])('%s', (_name, statuses, expected) => {
    expect(agendaCountLabel(statuses)).toBe(expected);
  });
});
