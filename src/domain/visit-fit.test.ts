import { describe, expect, it } from 'vitest';
import { NO_EXCEPTIONS, type AvailabilityInput } from './availability';
import type { Interval } from './booking-rules';
import type { ResourceGroup } from './resources';
import { salonTimeOf, SALON_TIME_ZONE as TZ } from './salon-time';
import { visitModeProblem, visitSlotAt, visitSlots, type VisitMode, type VisitPartInput } from './visit-fit';
import type { DaySchedule } from './weekly-schedule';

const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const DATE = '2027-01-14';
const hours = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []): DaySchedule => ({ isWorkingDay: true, startTime, endTime, breaks });
/** An instant from a Madrid wall-clock time on DATE (winter: UTC+1). */
const at = (time: string, date = DATE) => new Date(`${date}T${time}:00+01:00`);
const busy = (from: string, to: string): Interval => ({ start: at(from), end: at(to) });
const cabins = (...members: Array<[string, Interval[]]>): ResourceGroup[] => [{ id: 'cabinas', members: members.map(([id, b]) => ({ id, busy: b })) }];

type Part = { who: string; minutes: number; parallel?: boolean; day?: Partial<AvailabilityInput> };
const part = (p: Part): VisitPartInput => ({
  professional: p.who,
  parallelAllowed: p.parallel ?? false,
  day: { date: DATE, weekly: hours('09:00', '12:00'), exceptions: NO_EXCEPTIONS, intervalMinutes: 30, durationMinutes: p.minutes, busy: [], now: LONG_AGO, tz: TZ, ...p.day },
});
const wall = (d: Date) => salonTimeOf(d, TZ);
/** Each offered visit as 'first-time: part start-end | part start-end'. */
const offered = (parts: Part[], mode: VisitMode) =>
  visitSlots(parts.map(part), mode).map((v) => `${v.time}: ${v.parts.map((p) => `${wall(p.start)}-${wall(p.end)}${p.resourceIds?.length ? ` ${p.resourceIds.join('+')}` : ''}`).join(' | ')}`);

describe('visitSlots: the times where every part of the visit fits', () => {
  it.each<[string, Part[], VisitMode, string[]]>([
    [
      'one professional back to back: the second starts when the first ends',
      [{ who: 'ana', minutes: 60 }, { who: 'ana', minutes: 45 }],
      'sequence',
      ['09:00: 09:00-10:00 | 10:00-10:45', '09:30: 09:30-10:30 | 10:30-11:15', '10:00: 10:00-11:00 | 11:00-11:45'],
    ],
    [
      'back to back: her cleaning after the first and preparation before the second come between them',
      [{ who: 'ana', minutes: 60, day: { buffers: { prepMinutes: 0, cleanupMinutes: 10 } } }, { who: 'ana', minutes: 30, day: { buffers: { prepMinutes: 5, cleanupMinutes: 0 } } }],
      'sequence',
      ['09:00: 09:00-10:00 | 10:15-10:45', '09:30: 09:30-10:30 | 10:45-11:15', '10:00: 10:00-11:00 | 11:15-11:45'],
    ],
    [
      'back to back with two professionals: no buffer between them (each holds her own)',
      [{ who: 'ana', minutes: 60, day: { buffers: { prepMinutes: 0, cleanupMinutes: 10 } } }, { who: 'eva', minutes: 30 }],
      'sequence',
      ['09:00: 09:00-10:00 | 10:00-10:30', '09:30: 09:30-10:30 | 10:30-11:00', '10:00: 10:00-11:00 | 11:00-11:30', '10:30: 10:30-11:30 | 11:30-12:00'],
    ],
    [
      'the second professional busy at 10:00-10:30: visits that would need her then are not offered',
      [{ who: 'ana', minutes: 60 }, { who: 'eva', minutes: 30, day: { busy: [busy('10:00', '10:30')] } }],
      'sequence',
      ['09:30: 09:30-10:30 | 10:30-11:00', '10:00: 10:00-11:00 | 11:00-11:30', '10:30: 10:30-11:30 | 11:30-12:00'],
    ],
    [
      'in parallel with two professionals: both at the visit start',
      [{ who: 'ana', minutes: 60, parallel: true }, { who: 'eva', minutes: 45, parallel: true, day: { busy: [busy('09:00', '09:30')] } }],
      'parallel',
      ['09:30: 09:30-10:30 | 09:30-10:15', '10:00: 10:00-11:00 | 10:00-10:45', '10:30: 10:30-11:30 | 10:30-11:15', '11:00: 11:00-12:00 | 11:00-11:45'],
    ],
    [
      'in parallel, one cabin for both: they cannot share it, so nothing in parallel',
      [{ who: 'ana', minutes: 60, parallel: true, day: { weekly: hours('09:00', '10:00'), resources: cabins(['c1', []]) } }, { who: 'eva', minutes: 60, parallel: true, day: { weekly: hours('09:00', '10:00'), resources: cabins(['c1', []]) } }],
      'parallel',
      [],
    ],
    [
      'in parallel, two cabins: each part takes its own',
      [{ who: 'ana', minutes: 60, parallel: true, day: { weekly: hours('09:00', '10:00'), resources: cabins(['c1', []], ['c2', []]) } }, { who: 'eva', minutes: 60, parallel: true, day: { weekly: hours('09:00', '10:00'), resources: cabins(['c1', []], ['c2', []]) } }],
      'parallel',
      ['09:00: 09:00-10:00 c1 | 09:00-10:00 c2'],
    ],
    [
      'back to back with two professionals, one cabin still being cleaned: the second cannot start in it',
      [{ who: 'ana', minutes: 60, day: { weekly: hours('09:00', '11:00'), buffers: { prepMinutes: 0, cleanupMinutes: 15 }, resources: cabins(['c1', []]) } }, { who: 'eva', minutes: 45, day: { weekly: hours('09:00', '11:00'), resources: cabins(['c1', []]) } }],
      'sequence',
      [],
    ],
    [
      'back to back, the cabin held by another appointment while the second part would run: not offered then',
      [{ who: 'ana', minutes: 30 }, { who: 'eva', minutes: 30, day: { resources: cabins(['c1', [busy('09:30', '10:00')]]) } }],
      'sequence',
      ['09:30: 09:30-10:00 | 10:00-10:30 c1', '10:00: 10:00-10:30 | 10:30-11:00 c1', '10:30: 10:30-11:00 | 11:00-11:30 c1', '11:00: 11:00-11:30 | 11:30-12:00 c1'],
    ],
    [
      'three parts back to back with one professional: the last must end by closing',
      [{ who: 'ana', minutes: 60 }, { who: 'ana', minutes: 60 }, { who: 'ana', minutes: 30 }],
      'sequence',
      ['09:00: 09:00-10:00 | 10:00-11:00 | 11:00-11:30', '09:30: 09:30-10:30 | 10:30-11:30 | 11:30-12:00'],
    ],
  ])('%s', (_name, parts, mode, expected) => {
    expect(offered(parts, mode)).toEqual(expected);
  });

  it('a break in the middle of the second part: that visit start is not offered', () => {
    const withBreak = { weekly: hours('09:00', '12:00', [{ start: '10:30', end: '11:00' }]) };
    const got = offered([{ who: 'ana', minutes: 60, day: withBreak }, { who: 'ana', minutes: 30, day: withBreak }], 'sequence');
    expect(got).toEqual(['09:00: 09:00-10:00 | 10:00-10:30']);
  });

  it('a cabin used back to back by both parts, with the first part\'s cleaning: the second waits for it', () => {
    const day = { weekly: hours('09:00', '12:00'), resources: cabins(['c1', []]) };
    const got = offered([{ who: 'ana', minutes: 60, day: { ...day, buffers: { prepMinutes: 0, cleanupMinutes: 15 } } }, { who: 'ana', minutes: 45, day }], 'sequence');
    // same professional: the second starts after the 15 minutes of cleaning, when the cabin is free again
    expect(got).toEqual(['09:00: 09:00-10:00 c1 | 10:15-11:00 c1', '09:30: 09:30-10:30 c1 | 10:45-11:30 c1', '10:00: 10:00-11:00 c1 | 11:15-12:00 c1']);
  });

  it.each<[string, string, string, string[]]>([
    // 2026-03-29 (spring: 02:00 → 03:00) and 2026-10-25 (autumn: 03:00 → 02:00) in Madrid.
    ['spring DST day, daytime: as any day', '2026-03-29', '09:00', ['09:00: 09:00-10:00 | 10:00-10:45', '09:30: 09:30-10:30 | 10:30-11:15', '10:00: 10:00-11:00 | 11:00-11:45']],
    ['autumn DST day, daytime: as any day', '2026-10-25', '09:00', ['09:00: 09:00-10:00 | 10:00-10:45', '09:30: 09:30-10:30 | 10:30-11:15', '10:00: 10:00-11:00 | 11:00-11:45']],
    // At night: 01:30 + 60 real minutes is 03:30 on the spring day (02:xx does not exist).
    ['spring DST night: the second part starts 60 real minutes later, 03:30', '2026-03-29', '01:00', ['01:00: 01:00-03:00 | 03:00-03:45', '01:30: 01:30-03:30 | 03:30-04:15', '03:00: 03:00-04:00 | 04:00-04:45']],
    // The repeated hour is offered once (its first pass), as the slot list does: a part that would start in the second 02:xx is not.
    ['autumn DST night: a part starts in the repeated hour only in its first pass', '2026-10-25', '01:00', ['01:00: 01:00-02:00 | 02:00-02:45', '01:30: 01:30-02:30 | 02:30-02:15', '03:00: 03:00-04:00 | 04:00-04:45']],
  ])('%s', (_name, date, open, expected) => {
    const day = { date, weekly: hours(open, open === '01:00' ? '05:00' : '12:00') };
    expect(offered([{ who: 'ana', minutes: 60, day }, { who: 'ana', minutes: 45, day }], 'sequence')).toEqual(expected);
  });

  it('visitSlotAt: the visit at a label of the first part\'s grid, or nothing', () => {
    const parts = [part({ who: 'ana', minutes: 60, parallel: true }), part({ who: 'eva', minutes: 45, parallel: true })];
    expect(visitSlotAt(parts, 'parallel', '11:00')?.parts.map((p) => wall(p.end))).toEqual(['12:00', '11:45']);
    expect(visitSlotAt(parts, 'parallel', '11:30')).toBeUndefined();
  });
});

describe('visitModeProblem', () => {
  const p = (professional: string, parallelAllowed = true) => ({ professional, parallelAllowed });
  it.each<[string, ReturnType<typeof p>[], VisitMode, string | null]>([
    ['one service is not a visit of several', [p('ana')], 'sequence', 'too_few'],
    ['four services: too many', [p('a'), p('b'), p('c'), p('d')], 'sequence', 'too_many'],
    ['back to back, same professional', [p('ana', false), p('ana', false)], 'sequence', null],
    ['in parallel, two professionals, both allowed', [p('ana'), p('eva')], 'parallel', null],
    ['in parallel, a service that does not allow it', [p('ana'), p('eva', false)], 'parallel', 'parallel_not_allowed'],
    ['in parallel with the same professional', [p('ana'), p('ana')], 'parallel', 'parallel_same_professional'],
  ])('%s', (_name, parts, mode, expected) => {
    expect(visitModeProblem(parts, mode)).toBe(expected);
    if (expected) expect(visitSlots(parts.map((x) => part({ who: x.professional, minutes: 30, parallel: x.parallelAllowed })), mode)).toEqual([]);
  });
});
