import { describe, expect, it } from 'vitest';
import { availableSlots, checkBookableWithResources as checkBookable, maintenanceBlocks, NO_EXCEPTIONS, type AvailabilityInput, type Maintenance } from './availability';
import type { Interval } from './booking-rules';
import { blockedSpan, pickResources, resourceFieldsError, serviceResourcesError, type ResourceGroup } from './resources';
import { SALON_TIME_ZONE as TZ, wallClockToInstant } from './salon-time';
import { MSG } from './texts/common';
import { STAFF_MSG } from './texts/staff';
import type { DaySchedule } from './weekly-schedule';

// Cabins, machines and buffers in the one availability rule (ADR 036). 2027-01-14 is a Thursday.

const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const DATE = '2027-01-14';
const day = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []): DaySchedule => ({ isWorkingDay: true, startTime, endTime, breaks });
const at = (time: string, date = DATE) => wallClockToInstant(date, time, TZ)!;
const span = (from: string, to: string, date = DATE): Interval => ({ start: at(from, date), end: at(to, date) });
const group = (id: string, ...members: Array<[string, Interval[]]>): ResourceGroup => ({ id, members: members.map(([rid, busy]) => ({ id: rid, busy })) });

function input(patch: Partial<AvailabilityInput>): AvailabilityInput {
  return { date: DATE, weekly: day('09:00', '13:00'), exceptions: NO_EXCEPTIONS, intervalMinutes: 30, durationMinutes: 60, busy: [], now: LONG_AGO, tz: TZ, ...patch };
}
const times = (patch: Partial<AvailabilityInput>) => availableSlots(input(patch)).map((s) => s.time);
const picks = (patch: Partial<AvailabilityInput>) => Object.fromEntries(availableSlots(input(patch)).map((s) => [s.time, s.resourceIds]));

const ALL = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'];

describe('availableSlots with resources and buffers', () => {
  it.each<[string, Partial<AvailabilityInput>, string[]]>([
    ['no resources, no buffers: as before', {}, ALL],
    ['a free laser: every slot', { resources: [group('laser', ['L', []])] }, ALL],
    // Two professionals, one laser: the first holds it 10:00-11:00, so the second's laser slots then disappear.
    ["the laser held by another professional's session 10:00-11:00", { resources: [group('laser', ['L', [span('10:00', '11:00')]])] }, ['09:00', '11:00', '11:30', '12:00']],
    // A group of two cabins: two facials at 10:00 hold both; a third at 10:00 is not offered.
    [
      'two cabins both held 10:00-11:00',
      { resources: [group('cabina', ['C1', [span('10:00', '11:00')]], ['C2', [span('10:00', '11:00')]])] },
      ['09:00', '11:00', '11:30', '12:00'],
    ],
    ['two cabins, one held: still offered', { resources: [group('cabina', ['C1', [span('10:00', '11:00')]], ['C2', []])] }, ALL],
    // A laser session needs the laser AND a cabin: each group on its own.
    [
      'laser free, both cabins held 11:00-12:00',
      { resources: [group('laser', ['L', []]), group('cabina', ['C1', [span('11:00', '12:00')]], ['C2', [span('11:00', '12:00')]])] },
      ['09:00', '09:30', '10:00', '12:00'],
    ],
    // Buffers push the next slot: the professional's 09:00-09:30 with 15 min cleaning holds her until 09:45.
    ['her appointment held with its cleaning (busy 09:00-09:45), 30-min service', { durationMinutes: 30, intervalMinutes: 15, busy: [span('09:00', '09:45')] }, ['09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30']],
    ['this service has 15 min of preparation: 09:00 would start preparing before opening', { durationMinutes: 30, buffers: { prepMinutes: 15, cleanupMinutes: 0 } }, ['09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']],
    ['15 min of cleaning: the last slot must leave room for it before closing', { durationMinutes: 30, buffers: { prepMinutes: 0, cleanupMinutes: 15 } }, ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']],
    [
      'a cleaning that would cross the lunch break is not offered',
      { weekly: day('09:00', '13:00', [{ start: '11:00', end: '12:00' }]), durationMinutes: 30, buffers: { prepMinutes: 0, cleanupMinutes: 15 } },
      ['09:00', '09:30', '10:00', '12:00'],
    ],
    [
      'a preparation that would cross the lunch break is not offered',
      { weekly: day('09:00', '13:00', [{ start: '11:00', end: '12:00' }]), durationMinutes: 30, buffers: { prepMinutes: 10, cleanupMinutes: 0 } },
      ['09:30', '10:00', '10:30', '12:30'],
    ],
    [
      'buffers also keep a resource: the cabin is held 10:00-11:00, 30-min facial with 15+15',
      { durationMinutes: 30, buffers: { prepMinutes: 15, cleanupMinutes: 15 }, resources: [group('cabina', ['C1', [span('10:00', '11:00')]])] },
      ['11:30', '12:00'],
    ],
    ['maintenance hours 10:00-12:00 of the only laser', { resources: [group('laser', ['L', maintenanceBlocks(DATE, [{ startDate: DATE, endDate: DATE, startTime: '10:00', endTime: '12:00', reason: 'Revisión' }], TZ)])] }, ['09:00', '12:00']],
    ['the laser out of service all day', { resources: [group('laser', ['L', maintenanceBlocks(DATE, [{ startDate: '2027-01-10', endDate: '2027-01-20', startTime: null, endTime: null, reason: 'Reparación' }], TZ)])] }, []],
    ['a group with no active member: nothing', { resources: [group('laser')] }, []],
  ])('%s', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });

  it('picks the first free member of each group by the stable order, never one resource twice', () => {
    const cabins = group('cabina', ['C1', [span('10:00', '11:00')]], ['C2', []]);
    expect(picks({ resources: [cabins] })).toMatchObject({ '09:00': ['C1'], '09:30': ['C2'], '10:00': ['C2'], '11:00': ['C1'] });
    expect(picks({ resources: [group('a', ['X', []], ['Y', []]), group('b', ['X', []], ['Y', []])] })['09:00']).toEqual(['X', 'Y']);
    // The same resource in two groups and nothing else: one appointment cannot hold it twice.
    expect(times({ resources: [group('a', ['X', []]), group('b', ['X', []])] })).toEqual([]);
  });

  it('services without resources answer slots without resourceIds (the same shape as before)', () => {
    expect(availableSlots(input({}))[0]).toEqual({ time: '09:00', start: at('09:00'), end: at('10:00') });
  });
});

describe('the DST days of 2027 (Sundays 2027-03-28, 23 h, and 2027-10-31, 25 h)', () => {
  const night = { weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60 };
  it.each<[string, Partial<AvailabilityInput>, string[]]>([
    ['spring: no resources', { date: '2027-03-28', ...night }, ['00:00', '01:00', '03:00', '04:00', '05:00']],
    [
      'spring: laser maintenance 01:00-04:00 wall clock (two real hours)',
      { date: '2027-03-28', ...night, resources: [group('laser', ['L', maintenanceBlocks('2027-03-28', [{ startDate: '2027-03-28', endDate: '2027-03-28', startTime: '01:00', endTime: '04:00', reason: '' }], TZ)])] },
      ['00:00', '04:00', '05:00'],
    ],
    [
      'spring: 60 min of cleaning after 00:00-01:00 ends at 03:00 on the clock (02:xx does not exist)',
      { date: '2027-03-28', ...night, buffers: { prepMinutes: 0, cleanupMinutes: 60 }, busy: [blockedSpan(span('00:00', '01:00', '2027-03-28'), { prepMinutes: 0, cleanupMinutes: 60 })] },
      ['03:00', '04:00'],
    ],
    ['autumn: the laser held 02:00-03:00 (the first 02:xx)', { date: '2027-10-31', ...night, resources: [group('laser', ['L', [span('02:00', '03:00', '2027-10-31')]])] }, ['00:00', '01:00', '03:00', '04:00', '05:00']],
    [
      'autumn: the laser out of service the whole 25-hour day',
      { date: '2027-10-31', ...night, resources: [group('laser', ['L', maintenanceBlocks('2027-10-31', [{ startDate: '2027-10-31', endDate: '2027-10-31', startTime: null, endTime: null, reason: '' }], TZ)])] },
      [],
    ],
  ])('%s', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });

  it('a whole day of maintenance is the real length of the day', () => {
    const whole = (date: string): Maintenance[] => [{ startDate: date, endDate: date, startTime: null, endTime: null, reason: '' }];
    const hours = (date: string) => {
      const [b] = maintenanceBlocks(date, whole(date), TZ);
      return (b!.end.getTime() - b!.start.getTime()) / 3_600_000;
    };
    expect([hours('2027-03-28'), hours('2027-10-31'), hours('2027-01-14')]).toEqual([23, 25, 24]);
    expect(maintenanceBlocks('2027-01-15', whole('2027-01-14'), TZ)).toEqual([]);
  });
});

describe('checkBookable with resources', () => {
  const laserHeld = { resources: [group('laser', ['L', [span('10:00', '11:00')]])] };
  it.each<[string, Partial<AvailabilityInput>, string, { ok: boolean; code?: string; message?: string; resourceIds?: string[] }]>([
    ['a free laser: booked with it', { resources: [group('laser', ['L', []])] }, '10:00', { ok: true, resourceIds: ['L'] }],
    ['the laser held: the spec text, as the constraint would say', laserHeld, '10:00', { ok: false, code: 'slot_taken', message: MSG.slotTaken }],
    ['a time no schedule offers stays a 400', laserHeld, '08:00', { ok: false, code: 'slot_not_offered', message: MSG.slotNotOffered }],
    [
      'the cabin the staff chose is held: named',
      { resources: [group('cabina', ['C1', [span('10:00', '11:00')]], ['C2', []])], preferredResources: ['C1'] },
      '10:00',
      { ok: false, code: 'resource_unavailable', message: STAFF_MSG.resourceUnavailable },
    ],
    ['the cabin the staff chose is free: that one', { resources: [group('cabina', ['C1', []], ['C2', []])], preferredResources: ['C2'] }, '10:00', { ok: true, resourceIds: ['C2'] }],
  ])('%s', (_name, patch, time, expected) => {
    const check = checkBookable(input(patch), time);
    if (expected.ok) {
      expect(check.ok).toBe(true);
      if (check.ok) expect(check.slot.resourceIds).toEqual(expected.resourceIds);
    } else {
      expect(check).toEqual({ ok: false, code: expected.code, message: expected.message });
    }
  });
});

describe('pickResources', () => {
  const s = span('10:00', '11:00');
  it.each<[string, ResourceGroup[], string[], string[] | null]>([
    ['no groups: nothing to hold', [], [], []],
    ['back to back is free (half-open spans)', [group('g', ['A', [span('09:00', '10:00'), span('11:00', '12:00')]])], [], ['A']],
    ['a preferred member that is busy fails the pick', [group('g', ['A', [s]], ['B', []])], ['A'], null],
    ['a preference outside the group is ignored for that group', [group('g', ['A', []], ['B', []])], ['Z'], ['A']],
  ])('%s', (_name, groups, preferred, expected) => {
    expect(pickResources(groups, s, preferred)).toEqual(expected);
  });
});

describe('form rules', () => {
  const active = new Set(['A', 'B']);
  it.each<[string, Parameters<typeof serviceResourcesError>[0], string | null]>([
    ['no groups, no buffers', { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [] }, null],
    ['buffers and a group', { prepMinutes: 10, cleanupMinutes: 120, resourceGroups: [{ resourceIds: ['A', 'B'] }] }, null],
    ['a buffer above 120', { prepMinutes: 121, cleanupMinutes: 0, resourceGroups: [] }, STAFF_MSG.serviceBuffersInvalid],
    ['a negative buffer', { prepMinutes: 0, cleanupMinutes: -5, resourceGroups: [] }, STAFF_MSG.serviceBuffersInvalid],
    ['a fractional buffer', { prepMinutes: 2.5, cleanupMinutes: 0, resourceGroups: [] }, STAFF_MSG.serviceBuffersInvalid],
    ['an empty group', { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [{ resourceIds: [] }] }, STAFF_MSG.resourceGroupEmpty],
    ['a repeated member', { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [{ resourceIds: ['A', 'A'] }] }, STAFF_MSG.resourceGroupInvalid],
    ['an inactive or unknown resource', { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: [{ resourceIds: ['C'] }] }, STAFF_MSG.resourceGroupInactive],
    ['six groups', { prepMinutes: 0, cleanupMinutes: 0, resourceGroups: Array.from({ length: 6 }, () => ({ resourceIds: ['A'] })) }, STAFF_MSG.resourceGroupsTooMany],
  ])('%s', (_name, s, expected) => {
    expect(serviceResourcesError(s, active)).toBe(expected);
  });

  it.each<[{ name: string; kind: string }, string | null]>([
    [{ name: 'Cabina 1', kind: 'cabina' }, null],
    [{ name: 'Láser de diodo', kind: 'aparato' }, null],
    [{ name: '   ', kind: 'cabina' }, STAFF_MSG.resourceNameRequired],
    [{ name: 'x'.repeat(81), kind: 'cabina' }, STAFF_MSG.resourceNameRequired],
    [{ name: 'Cabina\n2', kind: 'cabina' }, STAFF_MSG.textControlCharacters],
    [{ name: 'Sala', kind: 'sala' }, STAFF_MSG.resourceKindInvalid],
  ])('resource %j', (r, expected) => {
    expect(resourceFieldsError(r)).toBe(expected);
  });
});
