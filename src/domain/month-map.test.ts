import { describe, expect, it } from 'vitest';
import type { SalonException, TimeOff } from './availability';
import { anyoneSlots, assignmentOrder, firstFree, monthMap, offeredWithoutBookings, slotsOfEach, whenLabel, type MonthInput, type MonthProfessional, type RangeResourceGroup } from './month-map';
import { SALON_TIME_ZONE as TZ, wallClockToInstant } from './salon-time';
import { emptyWeeklySchedule, type DaySchedule, type WeeklySchedule } from './weekly-schedule';

// The month map (ADR 061) against hand-worked months. June 2026: Monday the 1st, Sunday the 7th,
// 14th, 21st and 28th. The Madrid DST days of 2026 are Sundays: 29 March (23 h) and 25 October (25 h).

const at = (date: string, time: string) => wallClockToInstant(date, time, TZ)!;
const span = (date: string, from: string, to: string) => ({ start: at(date, from), end: at(date, to) });
const open = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []): DaySchedule => ({ isWorkingDay: true, startTime, endTime, breaks });
const week = (days: Partial<WeeklySchedule>): WeeklySchedule => ({ ...emptyWeeklySchedule(), ...days });
const weekdays = (d: DaySchedule) => week({ monday: d, tuesday: d, wednesday: d, thursday: d, friday: d });
const pro = (id: string, availability: Partial<WeeklySchedule>, patch: Partial<MonthProfessional> = {}): MonthProfessional => ({ id, availability, busy: [], timeOff: [], ...patch });
const off = (startDate: string, endDate: string): TimeOff => ({ startDate, endDate, startTime: null, endTime: null, reason: 'Vacaciones' });

function june(patch: Partial<MonthInput>): MonthInput {
  return {
    from: '2026-06-01',
    to: '2026-06-30',
    now: at('2026-06-10', '10:00'), // a Wednesday, 10:00 in the salon
    tz: TZ,
    horizonDays: 90,
    interval: 60,
    duration: 60,
    buffers: { prepMinutes: 0, cleanupMinutes: 0 },
    salon: [],
    openingHours: null,
    professionals: [pro('ana', weekdays(open('09:00', '11:00')))],
    resources: [],
    ...patch,
  };
}
/** The marks of some days as 'free', 'full' or the closed reason. */
function marks(input: MonthInput, dates: string[]) {
  const { days } = monthMap(input);
  return dates.map((d) => {
    const m = days.find((x) => x.date === d)!;
    return m.state === 'closed' ? m.reason : m.state;
  });
}
const times = (slots: Array<{ time: string }>) => slots.map((s) => s.time);

describe('monthMap: every day of the month marked', () => {
  it('answers each day of the month, once, in order', () => {
    const { days } = monthMap(june({}));
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`));
  });

  it.each<[string, Partial<MonthInput>, string[], string[]]>([
    // Wednesday 10th at 10:00: her 09:00 and 10:00 have begun, so today is full; Thursday is free.
    ['past days, today with its past times gone, a Saturday she does not work, Sunday', {}, ['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-13', '2026-06-14'], ['past', 'full', 'free', 'not_working', 'sunday']],
    ['an appointment that fills her day', { professionals: [pro('ana', weekdays(open('09:00', '11:00')), { busy: [span('2026-06-11', '09:00', '11:00')] })] }, ['2026-06-11', '2026-06-12'], ['full', 'free']],
    // 60 minutes + 10 of cleaning: 09:00 holds her until 10:10, 10:00 would end after her 11:00.
    ['buffers: the cleaning after 10:00 does not fit before she leaves', { buffers: { prepMinutes: 0, cleanupMinutes: 10 }, professionals: [pro('ana', weekdays(open('09:00', '11:00')), { busy: [span('2026-06-11', '09:00', '10:00')] })] }, ['2026-06-11', '2026-06-12'], ['full', 'free']],
    ['buffers: preparation before 09:00 does not fit either', { buffers: { prepMinutes: 15, cleanupMinutes: 0 }, professionals: [pro('ana', weekdays(open('09:00', '10:00')))] }, ['2026-06-11'], ['full']],
    ['a salon closure', { salon: [{ kind: 'closed', startDate: '2026-06-11', endDate: '2026-06-12', reason: 'Fiestas' } satisfies SalonException] }, ['2026-06-11', '2026-06-12', '2026-06-15'], ['salon_closed', 'salon_closed', 'free']],
    ['her whole-day time off', { professionals: [pro('ana', weekdays(open('09:00', '11:00')), { timeOff: [off('2026-06-11', '2026-06-11')] })] }, ['2026-06-11', '2026-06-12'], ['time_off', 'free']],
    ['special hours that miss her hours', { salon: [{ kind: 'special_hours', startDate: '2026-06-11', endDate: '2026-06-11', startTime: '16:00', endTime: '20:00', reason: 'Tarde' }] }, ['2026-06-11'], ['not_working']],
    ['the horizon: 10 days from the 10th', { horizonDays: 10 }, ['2026-06-19', '2026-06-20', '2026-06-22'], ['free', 'not_working', 'horizon']],
  ])('%s', (_name, patch, dates, expected) => {
    expect(marks(june(patch), dates)).toEqual(expected);
  });

  it('the first free time is the earliest of the first free day, whoever has it', () => {
    const input = june({ professionals: [pro('ana', weekdays(open('11:00', '13:00'))), pro('bea', weekdays(open('10:00', '12:00')))] });
    expect(monthMap(input).first).toEqual({ date: '2026-06-10', time: '11:00' });
    const later = june({ now: at('2026-06-10', '12:30'), professionals: input.professionals });
    expect(monthMap(later).first).toEqual({ date: '2026-06-11', time: '10:00' });
  });

  it('no free time in the month: no first', () => {
    expect(monthMap(june({ professionals: [] })).first).toBeNull();
    expect(marks(june({ professionals: [] }), ['2026-06-11'])).toEqual(['not_working']);
  });
});

describe('the month cut once (each day\'s spans split from the range\'s lists in one pass)', () => {
  // Spans out of order, one across midnight, one covering a whole day, a cabin held across two days:
  // each day must read what the one-day path (slotsOfEach: the range's list scanned for that day) reads.
  const hours = weekdays(open('09:00', '11:00'));
  const busy = [span('2026-06-16', '10:00', '11:00'), { start: at('2026-06-11', '10:00'), end: at('2026-06-12', '10:00') }, span('2026-06-15', '09:00', '11:00'), span('2026-06-11', '09:00', '09:30')];
  const cabin: RangeResourceGroup = { id: 'cabinas', members: [{ id: 'c1', busy: [{ start: at('2026-06-17', '09:00'), end: at('2026-06-18', '10:00') }], maintenance: [] }] };
  const input = june({ professionals: [pro('ana', hours, { busy })], resources: [cabin] });

  it('marks every day as the one-day slot list finds it', () => {
    const { days } = monthMap(input);
    for (const d of days.filter((x) => x.state !== 'closed')) {
      const offered = slotsOfEach(input, d.date).some((p) => p.slots.length > 0);
      expect([d.date, d.state]).toEqual([d.date, offered ? 'free' : 'full']);
    }
    expect(marks(input, ['2026-06-11', '2026-06-12', '2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'])).toEqual(['full', 'free', 'full', 'free', 'full', 'free', 'free']);
  });

  it('firstFree stops at the first free day and agrees with monthMap', () => {
    expect(firstFree(input)).toEqual(monthMap(input).first);
    expect(firstFree({ ...input, from: '2026-06-11', to: '2026-06-11' })).toBeNull();
    expect(firstFree({ ...input, from: '2026-06-11', to: '2026-06-13' })).toEqual({ date: '2026-06-12', time: '10:00' });
  });
});

describe('the salon opening hours (ADR 060) in the month', () => {
  const saturdays = pro('ana', { ...weekdays(open('09:00', '19:00')), saturday: open('10:00', '14:00') });
  it.each<[string, Partial<WeeklySchedule> | null, string[]]>([
    ['not set: her Saturday is bookable', null, ['free', 'free']],
    ['Saturday "Cerrado": closed for everyone', weekdays(open('09:00', '20:00')), ['free', 'salon_closed']],
    ['a salon that opens on Saturday afternoons only: she works the mornings', { ...weekdays(open('09:00', '20:00')), saturday: open('15:00', '20:00') }, ['free', 'not_working']],
  ])('%s', (_name, openingHours, expected) => {
    expect(marks(june({ openingHours, professionals: [saturdays] }), ['2026-06-12', '2026-06-13'])).toEqual(expected);
  });

  it('times stop where the salon closes', () => {
    const input = june({ openingHours: weekdays(open('09:00', '17:00')), professionals: [saturdays] });
    expect(times(slotsOfEach(input, '2026-06-12')[0]!.slots)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });
});

describe('cabins and machines (ADR 036) in the month', () => {
  const cabins = (busy: Array<{ start: Date; end: Date }>, maintenance: TimeOff[] = []): RangeResourceGroup[] => [
    { id: 'cabinas', members: [{ id: 'c1', busy, maintenance }] },
  ];
  it.each<[string, RangeResourceGroup[], string[]]>([
    ['the only cabin held all Thursday by someone else: Thursday full, Friday free', cabins([span('2026-06-11', '08:00', '12:00')]), ['full', 'free']],
    ['the cabin held 09:00-10:00: 10:00 is still free', cabins([span('2026-06-11', '09:00', '10:00')]), ['free', 'free']],
    ['the cabin in maintenance all Thursday', cabins([], [{ startDate: '2026-06-11', endDate: '2026-06-11', startTime: null, endTime: null, reason: 'Revisión' }]), ['full', 'free']],
    ['no group: nothing to wait for', [], ['free', 'free']],
  ])('%s', (_name, resources, expected) => {
    expect(marks(june({ resources }), ['2026-06-11', '2026-06-12'])).toEqual(expected);
  });

  it('a second cabin makes the day free again, and the slot names the cabin it would take', () => {
    const resources: RangeResourceGroup[] = [{ id: 'cabinas', members: [{ id: 'c1', busy: [span('2026-06-11', '08:00', '12:00')], maintenance: [] }, { id: 'c2', busy: [], maintenance: [] }] }];
    const [ana] = slotsOfEach(june({ resources }), '2026-06-11');
    expect(ana!.slots.map((s) => [s.time, s.resourceIds])).toEqual([['09:00', ['c2']], ['10:00', ['c2']]]);
  });
});

describe('the DST days (Sundays of 2026: 29 March, 23 h; 25 October, 25 h)', () => {
  const nights = pro('ana', { ...weekdays(open('00:00', '04:00')), saturday: open('00:00', '04:00'), sunday: open('00:00', '04:00') });
  const month = (from: string, to: string, now: Date, professionals = [nights]) => ({ ...june({}), from, to, now, professionals });

  it('March: the Sunday of the change is closed as every Sunday; the days around it keep their real instants', () => {
    const input = month('2026-03-01', '2026-03-31', at('2026-03-27', '12:00'));
    expect(monthMap(input).days).toHaveLength(31);
    expect(marks(input, ['2026-03-28', '2026-03-29', '2026-03-30'])).toEqual(['free', 'sunday', 'free']);
    expect(slotsOfEach(input, '2026-03-28')[0]!.slots.map((s) => s.start.toISOString())).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-28T00:00:00.000Z', '2026-03-28T01:00:00.000Z', '2026-03-28T02:00:00.000Z']);
    // Monday after the change: summer time, 00:00 is 22:00 UTC of the Sunday.
    expect(slotsOfEach(input, '2026-03-30')[0]!.slots[0]!.start.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('March: an appointment at Monday 00:00 (summer time) blocks Monday, not the 23-hour Sunday before it', () => {
    const busy = pro('ana', nights.availability!, { busy: [{ start: new Date('2026-03-29T22:00:00Z'), end: new Date('2026-03-29T23:00:00Z') }] });
    const input = month('2026-03-01', '2026-03-31', at('2026-03-29', '12:00'), [busy]);
    expect(times(slotsOfEach(input, '2026-03-30')[0]!.slots)).toEqual(['01:00', '02:00', '03:00']);
    // Seen from the DST Sunday at noon, the first free time is Monday 01:00.
    expect(monthMap(input).first).toEqual({ date: '2026-03-30', time: '01:00' });
  });

  it('October: the 25-hour Sunday is closed; Saturday and Monday keep their own hours', () => {
    const busy = pro('ana', nights.availability!, { busy: [{ start: new Date('2026-10-25T23:00:00Z'), end: new Date('2026-10-26T03:00:00Z') }] });
    const input = month('2026-10-01', '2026-10-31', at('2026-10-23', '12:00'), [busy]);
    expect(marks(input, ['2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27'])).toEqual(['free', 'sunday', 'full', 'free']);
    expect(slotsOfEach(input, '2026-10-24')[0]!.slots[0]!.start.toISOString()).toBe('2026-10-23T22:00:00.000Z');
  });
});

describe('"Cualquier profesional" (ADR 062)', () => {
  const ana = pro('ana', weekdays(open('09:00', '12:00')), { busy: [span('2026-06-11', '09:00', '10:00'), span('2026-06-11', '11:00', '12:00')] });
  const bea = pro('bea', weekdays(open('10:00', '13:00')), { busy: [span('2026-06-11', '12:00', '13:00')] });
  const carla = pro('carla', week({ thursday: open('09:00', '11:00') }), { busy: [] });
  const input = june({ professionals: [ana, bea, carla] });

  it('offers the union of everyone\'s free times, once each', () => {
    expect(times(anyoneSlots(input, '2026-06-11'))).toEqual(['09:00', '10:00', '11:00']);
    expect(times(slotsOfEach(input, '2026-06-11').map((x) => x.slots).flat())).toEqual(['10:00', '10:00', '11:00', '09:00', '10:00']);
  });

  it.each<[string, string, string[]]>([
    // 10:00: Ana (2 that day), Bea (1), Carla (0) are free: the least booked first.
    ['everyone free: the least booked first', '10:00', ['carla', 'bea', 'ana']],
    // 11:00: only Bea.
    ['one free', '11:00', ['bea']],
    ['nobody free', '12:00', []],
  ])('%s', (_name, time, order) => {
    expect(assignmentOrder(input, '2026-06-11', time).map((p) => p.id)).toEqual(order);
  });

  it('equally booked: the list\'s order', () => {
    const twins = june({ professionals: [pro('zoe', weekdays(open('09:00', '11:00'))), pro('ada', weekdays(open('09:00', '11:00')))] });
    expect(assignmentOrder(twins, '2026-06-11', '09:00').map((p) => p.id)).toEqual(['zoe', 'ada']);
  });

  it('a time everyone has lost since it was offered is a lost race, a time never offered is not', () => {
    const full = june({ professionals: [pro('ana', weekdays(open('09:00', '11:00')), { busy: [span('2026-06-11', '09:00', '10:00')] }), pro('bea', weekdays(open('09:00', '11:00')), { busy: [span('2026-06-11', '09:00', '10:00')] })] });
    expect(assignmentOrder(full, '2026-06-11', '09:00')).toEqual([]);
    expect(offeredWithoutBookings(full, '2026-06-11', '09:00')).toBe(true);
    expect(offeredWithoutBookings(full, '2026-06-11', '12:00')).toBe(false); // after everyone's hours
    expect(offeredWithoutBookings(full, '2026-06-13', '09:00')).toBe(false); // a Saturday nobody works
  });

  it('days where nobody works, or everybody is off', () => {
    const both = june({ professionals: [pro('ana', weekdays(open('09:00', '11:00')), { timeOff: [off('2026-06-11', '2026-06-11')] }), pro('bea', weekdays(open('09:00', '11:00')), { timeOff: [off('2026-06-11', '2026-06-12')] })] });
    expect(marks(both, ['2026-06-11', '2026-06-13'])).toEqual(['time_off', 'not_working']);
    const mixed = june({ professionals: [pro('ana', weekdays(open('09:00', '11:00')), { timeOff: [off('2026-06-11', '2026-06-11')] }), pro('bea', week({ friday: open('09:00', '11:00') }))] });
    expect(marks(mixed, ['2026-06-11', '2026-06-12'])).toEqual(['not_working', 'free']);
  });
});

describe('whenLabel', () => {
  it.each([
    ['2026-06-10', '17:30', 'hoy 17:30'],
    ['2026-06-11', '10:00', 'mañana 10:00'],
    ['2026-06-12', '10:30', 'viernes 10:30'],
    ['2026-06-16', '09:00', 'martes 09:00'],
    ['2026-06-17', '09:00', 'miércoles 17 de junio, 09:00'],
    ['2026-07-02', '11:15', 'jueves 2 de julio, 11:15'],
  ])('%s %s: %s', (date, time, label) => {
    expect(whenLabel(date, time, '2026-06-10')).toBe(label);
  });
});
