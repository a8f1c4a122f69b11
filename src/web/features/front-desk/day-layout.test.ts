import { describe, expect, it } from 'vitest';
import {
  appointmentsByResource,
  bufferBands,
  dayHours,
  daysDrawn,
  freeAlternatives,
  hhmm,
  minuteAt,
  offStretches,
  placeBlock,
} from './day-layout';

const day = (startTime: string, endTime: string, breaks: Array<{ start: string; end: string }> = []) => ({
  isWorkingDay: true,
  startTime,
  endTime,
  breaks,
});
const off = { isWorkingDay: false, startTime: '', endTime: '', breaks: [] };

describe('dayHours', () => {
  it.each([
    ['one professional', [day('09:00', '17:00')], { startMinute: 540, endMinute: 1020 }],
    ['earliest and latest of several', [day('10:00', '14:00'), day('08:30', '16:15')], { startMinute: 480, endMinute: 1020 }],
    ['days off ignored', [off, day('10:00', '14:00')], { startMinute: 600, endMinute: 840 }],
    ['nobody works', [off], { startMinute: 540, endMinute: 1200 }],
  ])('%s', (_n, days, expected) => {
    expect(dayHours(days)).toEqual(expected);
  });
});

describe('placeBlock', () => {
  const hours = { startMinute: 540, endMinute: 1140 }; // 09:00-19:00, 600 minutes
  it.each([
    [540, 600, { top: 0, height: 10 }],
    [1080, 1140, { top: 90, height: 10 }],
    [480, 570, { top: 0, height: 5 }],
    [1200, 1260, null],
  ])('%i-%i', (from, to, expected) => {
    expect(placeBlock(hours, from, to)).toEqual(expected);
  });
});

it('offStretches: before opening, breaks, after closing; a day off is all off', () => {
  const hours = { startMinute: 540, endMinute: 1200 };
  expect(offStretches(hours, day('10:00', '18:00', [{ start: '13:00', end: '14:00' }]))).toEqual([
    [540, 600],
    [780, 840],
    [1080, 1200],
  ]);
  expect(offStretches(hours, off)).toEqual([[540, 1200]]);
});

it('minuteAt snaps a click down to the slot step, inside the day', () => {
  const hours = { startMinute: 540, endMinute: 1140 };
  expect(minuteAt(hours, 0, 30)).toBe(540);
  expect(minuteAt(hours, 0.5, 30)).toBe(840);
  expect(minuteAt(hours, 1, 30)).toBe(1110);
  expect(hhmm(545)).toBe('09:05');
});

describe('bufferBands', () => {
  it.each([
    ['none', 600, 660, 0, 0, []],
    [
      'both',
      600,
      660,
      10,
      15,
      [
        { kind: 'prep', fromMinute: 590, toMinute: 600, label: 'Preparación 10 min' },
        { kind: 'cleanup', fromMinute: 660, toMinute: 675, label: 'Limpieza 15 min' },
      ],
    ],
    ['cleaning only', 600, 630, 0, 5, [{ kind: 'cleanup', fromMinute: 630, toMinute: 635, label: 'Limpieza 5 min' }]],
  ])('%s', (_n, from, to, prep, cleanup, expected) => {
    expect(bufferBands(from, to, prep, cleanup)).toEqual(expected);
  });
});

const appt = (
  id: string,
  start: string,
  end: string,
  resources: string[],
  extra: Partial<{ status: string; prepMinutes: number; cleanupMinutes: number; serviceId: string | null }> = {},
) => ({
  id,
  status: 'confirmed',
  startTime: `2026-01-19T${start}:00.000Z`,
  endTime: `2026-01-19T${end}:00.000Z`,
  prepMinutes: 0,
  cleanupMinutes: 0,
  serviceId: 'laser',
  resources: resources.map((r) => ({ id: r })),
  ...extra,
});

describe('appointmentsByResource', () => {
  it.each([
    ['no appointments: one empty column per resource', [], { c1: [], c2: [], laser: [] }],
    [
      'one appointment holding a cabin and the laser shows in both',
      [appt('a', '09:00', '10:00', ['c1', 'laser'])],
      { c1: ['a'], c2: [], laser: ['a'] },
    ],
    ['an inactive resource (not a column) is left out', [appt('b', '09:00', '10:00', ['old'])], { c1: [], c2: [], laser: [] }],
  ])('%s', (_n, list, expected) => {
    const cols = appointmentsByResource([{ id: 'c1' }, { id: 'c2' }, { id: 'laser' }], list);
    expect(Object.fromEntries([...cols].map(([k, v]) => [k, v.map((a) => a.id)]))).toEqual(expected);
  });
});

describe('freeAlternatives', () => {
  const groups = { laser: [['c1', 'c2'], ['laser']], facial: [['c1', 'c2']] };
  const mine = appt('mine', '09:00', '10:00', ['c1', 'laser'], { prepMinutes: 10, cleanupMinutes: 10 });
  it.each([
    [
      'the other cabin is free',
      [mine],
      [
        { heldId: 'c1', options: ['c2'] },
        { heldId: 'laser', options: [] },
      ],
    ],
    [
      'the other cabin is held meanwhile',
      [mine, appt('o', '09:30', '10:30', ['c2'], { serviceId: 'facial' })],
      [
        { heldId: 'c1', options: [] },
        { heldId: 'laser', options: [] },
      ],
    ],
    [
      'held only during our cleaning counts as busy',
      [mine, appt('o', '10:05', '11:00', ['c2'], { serviceId: 'facial' })],
      [
        { heldId: 'c1', options: [] },
        { heldId: 'laser', options: [] },
      ],
    ],
    [
      'a cancelled one holds nothing',
      [mine, appt('o', '09:00', '10:00', ['c2'], { serviceId: 'facial', status: 'cancelled_by_client' })],
      [
        { heldId: 'c1', options: ['c2'] },
        { heldId: 'laser', options: [] },
      ],
    ],
    [
      'held right after our cleaning is free',
      [mine, appt('o', '10:10', '11:00', ['c2'], { serviceId: 'facial' })],
      [
        { heldId: 'c1', options: ['c2'] },
        { heldId: 'laser', options: [] },
      ],
    ],
  ])('%s', (_n, list, expected) => {
    expect(freeAlternatives(mine, groups, list)).toEqual(expected);
  });

  it('a service without groups (or deleted) offers nothing', () => {
    expect(freeAlternatives(appt('x', '09:00', '10:00', ['c1'], { serviceId: null }), groups, [])).toEqual([]);
  });
});

describe('daysDrawn (ADR 096)', () => {
  it.each([
    // [day shown, the day followed a moment ago, the days drawn]
    ['2027-03-10', '2027-03-10', ['2027-03-09', '2027-03-10', '2027-03-11']],
    // "Día siguiente": the day shown is already drawn (ahead, hidden): nothing new to draw in the click.
    ['2027-03-11', '2027-03-10', ['2027-03-09', '2027-03-10', '2027-03-11']],
    ['2027-03-09', '2027-03-10', ['2027-03-09', '2027-03-10', '2027-03-11']],
    // A jump with the date field: the day shown beside the ones drawn until the idle moment.
    ['2027-04-02', '2027-03-10', ['2027-03-09', '2027-03-10', '2027-03-11', '2027-04-02']],
    // Across a month and a year, and Madrid's clock change (28 March 2027).
    ['2027-01-01', '2027-01-01', ['2026-12-31', '2027-01-01', '2027-01-02']],
    ['2027-03-28', '2027-03-28', ['2027-03-27', '2027-03-28', '2027-03-29']],
  ])('shown %s, followed %s: %j', (day, around, drawn) => {
    expect(daysDrawn(day, around)).toEqual(drawn);
  });
});
