import { describe, expect, it } from 'vitest';
import {
  availableSlots,
  checkBookable,
  closedLabel,
  closedLabelForStaff,
  conflictOf,
  dayPlan,
  NO_EXCEPTIONS,
  type AvailabilityInput,
  type DayClosed,
  type Exceptions,
  type SalonException,
  type TimeOff,
} from './availability';
import { validateSalonException, validateTimeOff } from './exception-validation';
import { MSG } from './texts/common';
import { STAFF_MSG } from './texts/staff';
import { SALON_TIME_ZONE as TZ } from './salon-time';
import { emptyWeeklySchedule, type DaySchedule, type WeeklySchedule } from './weekly-schedule';

const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const day = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []): DaySchedule => ({ isWorkingDay: true, startTime, endTime, breaks });
const closed = (startDate: string, endDate: string, reason = 'Festivo'): SalonException => ({ kind: 'closed', startDate, endDate, reason });
const special = (date: string, startTime: string, endTime: string): SalonException => ({ kind: 'special_hours', startDate: date, endDate: date, startTime, endTime, reason: 'Horario especial' });
const off = (startDate: string, endDate: string, startTime: string | null = null, endTime: string | null = null, reason = 'Vacaciones'): TimeOff => ({ startDate, endDate, startTime, endTime, reason });
const ex = (salon: SalonException[] = [], timeOff: TimeOff[] = []): Exceptions => ({ salon, timeOff });

function input(patch: Partial<AvailabilityInput>): AvailabilityInput {
  return { date: '2027-01-14', weekly: day('09:00', '11:00'), exceptions: NO_EXCEPTIONS, intervalMinutes: 30, durationMinutes: 30, busy: [], now: LONG_AGO, tz: TZ, ...patch };
}
const times = (patch: Partial<AvailabilityInput>) => availableSlots(input(patch)).map((s) => s.time);

describe('availableSlots: weekly pattern − closures − time off − breaks − appointments', () => {
  it.each<[string, Partial<AvailabilityInput>, string[]]>([
    ['no exceptions: the weekly pattern', {}, ['09:00', '09:30', '10:00', '10:30']],
    // DST: 2027-03-28 (spring, 23 h) and 2027-10-31 (autumn, 25 h) are Sundays in Madrid.
    ['closure over the spring DST change: closed', { date: '2027-03-28', exceptions: ex([closed('2027-03-27', '2027-03-29')]) }, []],
    ['closure over the spring DST change: the day after is open', { date: '2027-03-30', exceptions: ex([closed('2027-03-27', '2027-03-29')]) }, ['09:00', '09:30', '10:00', '10:30']],
    ['closure over the autumn DST change: closed', { date: '2027-10-31', exceptions: ex([closed('2027-10-30', '2027-11-01')]) }, []],
    ['closure over the autumn DST change: the day before is open', { date: '2027-10-29', exceptions: ex([closed('2027-10-30', '2027-11-01')]) }, ['09:00', '09:30', '10:00', '10:30']],
    [
      'part-day time off on the spring DST day (01:00-04:00 wall clock, 02:xx does not exist)',
      { date: '2027-03-28', weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([], [off('2027-03-28', '2027-03-28', '01:00', '04:00')]) },
      ['00:00', '04:00', '05:00'],
    ],
    [
      'part-day time off on the autumn DST day covers both 02:xx hours',
      { date: '2027-10-31', weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([], [off('2027-10-31', '2027-10-31', '02:00', '03:00')]) },
      ['00:00', '01:00', '03:00', '04:00', '05:00'],
    ],
    [
      'part-day time off 15:00-20:00 cuts a 60-minute service that would end inside it',
      { weekly: day('13:00', '20:00'), durationMinutes: 60, exceptions: ex([], [off('2027-01-14', '2027-01-14', '15:00', '20:00')]) },
      ['13:00', '13:30', '14:00'],
    ],
    ['closure range over a month boundary: last day of January', { date: '2027-01-31', exceptions: ex([closed('2027-01-30', '2027-02-02')]) }, []],
    ['closure range over a month boundary: 2 February', { date: '2027-02-02', exceptions: ex([closed('2027-01-30', '2027-02-02')]) }, []],
    ['closure range over a month boundary: 3 February is open', { date: '2027-02-03', exceptions: ex([closed('2027-01-30', '2027-02-02')]) }, ['09:00', '09:30', '10:00', '10:30']],
    // Special hours change the salon's opening, not a professional's contract (ADR 031): each one
    // stays within her own weekly hours, intersected with the salon's special opening.
    [
      'special hours longer than the weekly pattern (a December Saturday) do not stretch her hours',
      { date: '2027-12-18', weekly: day('10:00', '11:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-12-18', '09:00', '14:00')]) },
      ['10:00'],
    ],
    [
      'a part-timer (09:00-13:00) on a late-closing special day keeps her own hours',
      { date: '2027-12-18', weekly: day('09:00', '13:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-12-18', '09:00', '21:00')]) },
      ['09:00', '10:00', '11:00', '12:00'],
    ],
    [
      'special hours opening later than her start: from the salon opening to her end',
      { date: '2027-12-18', weekly: day('09:00', '13:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-12-18', '11:00', '21:00')]) },
      ['11:00', '12:00'],
    ],
    [
      'special hours that do not meet her hours leave her nothing',
      { date: '2027-12-18', weekly: day('09:00', '13:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-12-18', '16:00', '21:00')]) },
      [],
    ],
    [
      'special hours on the autumn DST day, inside her hours',
      { date: '2027-10-31', weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-10-31', '01:00', '04:00')]) },
      ['01:00', '02:00', '03:00'],
    ],
    [
      'special hours shorter than the weekly pattern (Christmas Eve), keeping the breaks that fit',
      { date: '2027-12-24', weekly: day('09:00', '18:00', [{ start: '10:00', end: '11:00' }, { start: '14:00', end: '15:00' }]), intervalMinutes: 60, durationMinutes: 60, exceptions: ex([special('2027-12-24', '09:00', '13:00')]) },
      ['09:00', '11:00', '12:00'],
    ],
    ['special hours do not make a day off a working day', { date: '2027-12-19', weekly: { ...day('09:00', '11:00'), isWorkingDay: false }, exceptions: ex([special('2027-12-19', '09:00', '14:00')]) }, []],
    ['whole-day time off over a range', { date: '2027-08-04', exceptions: ex([], [off('2027-08-02', '2027-08-13')]) }, []],
    ['part-day time off on each day of a range', { date: '2027-08-04', exceptions: ex([], [off('2027-08-02', '2027-08-06', '09:30', '10:30')]) }, ['09:00', '10:30']],
    ['appointments still block', { busy: [{ start: new Date('2027-01-14T08:00:00Z'), end: new Date('2027-01-14T08:30:00Z') }] }, ['09:30', '10:00', '10:30']],
    ['time off of another day changes nothing', { exceptions: ex([closed('2027-01-15', '2027-01-15')], [off('2027-01-13', '2027-01-13')]) }, ['09:00', '09:30', '10:00', '10:30']],
  ])('%s', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });
});

describe('checkBookable: the same answer as the slot list, with the reason', () => {
  const partDay = input({ weekly: day('13:00', '20:00'), durationMinutes: 60, exceptions: ex([], [off('2027-01-14', '2027-01-14', '15:00', '20:00')]) });
  it.each<[string, AvailabilityInput, string, string | null]>([
    ['an offered slot books', partDay, '14:00', null],
    ['a service ending inside the time off', partDay, '14:30', 'time_off'],
    ['inside the time off', partDay, '16:00', 'time_off'],
    ['a salon closure', input({ exceptions: ex([closed('2027-01-14', '2027-01-14', 'Reyes')]) }), '09:00', 'salon_closed'],
    ['a whole-day time off', input({ exceptions: ex([], [off('2027-01-14', '2027-01-14')]) }), '09:00', 'time_off'],
    ['after shortened special hours', input({ weekly: day('09:00', '18:00'), exceptions: ex([special('2027-01-14', '09:00', '13:00')]) }), '15:00', 'salon_closed'],
    ['a part-timer after her own end on a late-closing special day', input({ weekly: day('09:00', '13:00'), exceptions: ex([special('2027-01-14', '09:00', '21:00')]) }), '15:00', 'slot_not_offered'],
    ['a part-timer within both her hours and the special opening', input({ weekly: day('09:00', '13:00'), exceptions: ex([special('2027-01-14', '09:00', '21:00')]) }), '12:30', null],
    ['a time no pattern offers', input({}), '09:10', 'slot_not_offered'],
    ['after closing, without exceptions', input({}), '12:00', 'slot_not_offered'],
  ])('%s', (_name, inp, time, code) => {
    const r = checkBookable(inp, time);
    expect(r.ok ? null : r.code).toBe(code);
    if (!r.ok) expect(r.message).toBe({ time_off: STAFF_MSG.availabilityTimeOff, salon_closed: STAFF_MSG.availabilitySalonClosed, slot_not_offered: MSG.slotNotOffered }[r.code]);
  });

  it('agrees with availableSlots on every minute of a day with exceptions', () => {
    const inp = input({ weekly: day('08:00', '20:00', [{ start: '13:00', end: '14:00' }]), intervalMinutes: 15, durationMinutes: 45, exceptions: ex([special('2027-01-14', '09:00', '19:00')], [off('2027-01-14', '2027-01-14', '11:00', '12:30')]) });
    const offered = new Set(availableSlots(inp).map((s) => s.time));
    for (let m = 0; m < 24 * 60; m += 5) {
      const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(checkBookable(inp, t).ok, t).toBe(offered.has(t));
    }
  });
});

describe('dayPlan and labels', () => {
  it('names why a day is closed', () => {
    expect(closedLabel(dayPlan('2027-01-06', day('09:00', '17:00'), ex([closed('2027-01-06', '2027-01-06', 'Reyes')]), TZ).closed!)).toBe('Cerrado: Reyes');
    expect(closedLabel(dayPlan('2027-01-07', day('09:00', '17:00'), ex([], [off('2027-01-07', '2027-01-08', null, null, '')]), TZ).closed!)).toBe('Ausencia');
    expect(dayPlan('2027-01-07', day('09:00', '17:00'), ex([], [off('2027-01-07', '2027-01-07', '15:00', '17:00')]), TZ).closed).toBeNull();
  });
});

describe('closedLabelForStaff: a time off’s reason only for the admin and its owner', () => {
  it.each<[string, DayClosed, boolean, string]>([
    ['own or admin: the reason', { kind: 'time_off', reason: 'Médico' }, true, 'Ausencia: Médico'],
    ['another professional’s: no reason', { kind: 'time_off', reason: 'Médico' }, false, 'Ausencia'],
    ['no reason given', { kind: 'time_off', reason: '' }, true, 'Ausencia'],
    ['a closure: the salon’s reason for all staff', { kind: 'salon_closed', reason: 'Reyes' }, false, 'Cerrado: Reyes'],
  ])('%s', (_name, closed, sees, label) => {
    expect(closedLabelForStaff(closed, sees)).toBe(label);
  });
});

describe('validation', () => {
  it.each<[string, SalonException, string | null]>([
    ['a closed day', closed('2027-01-06', '2027-01-06'), null],
    ['end before start', closed('2027-01-07', '2027-01-06'), STAFF_MSG.exceptionDatesInvalid],
    ['an impossible date', closed('2027-02-30', '2027-03-01'), STAFF_MSG.exceptionDatesInvalid],
    ['over a year', closed('2027-01-01', '2028-01-02'), STAFF_MSG.exceptionRangeTooLong],
    ['no reason', closed('2027-01-06', '2027-01-06', ' '), STAFF_MSG.exceptionReasonRequired],
    ['special hours', special('2027-12-24', '09:00', '14:00'), null],
    ['special hours backwards', special('2027-12-24', '14:00', '09:00'), STAFF_MSG.exceptionTimesInvalid],
  ])('salon: %s', (_n, e, msg) => expect(validateSalonException(e)).toBe(msg));

  it.each<[string, TimeOff, string | null]>([
    ['whole days', off('2027-08-02', '2027-08-13'), null],
    ['an afternoon', off('2027-08-02', '2027-08-02', '15:00', '20:00'), null],
    ['only one time', off('2027-08-02', '2027-08-02', '15:00', null), STAFF_MSG.exceptionTimesInvalid],
    ['equal times', off('2027-08-02', '2027-08-02', '15:00', '15:00'), STAFF_MSG.exceptionTimesInvalid],
    ['a bad time', off('2027-08-02', '2027-08-02', '15:00', '25:00'), STAFF_MSG.exceptionTimesInvalid],
  ])('time off: %s', (_n, t, msg) => expect(validateTimeOff(t)).toBe(msg));
});

describe('conflictOf: appointments an exception leaves outside availability', () => {
  const at = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
  it.each<[string, Exceptions, ReturnType<typeof conflictOf>]>([
    ['a closure', ex([closed('2027-01-06', '2027-01-06', 'Reyes')]), { kind: 'salon_closed', reason: 'Reyes' }],
    ['a whole-day time off', ex([], [off('2027-01-04', '2027-01-08')]), { kind: 'time_off', reason: 'Vacaciones' }],
    ['part-day time off overlapping 10:00-11:00', ex([], [off('2027-01-06', '2027-01-06', '10:30', '12:00', 'Médico')]), { kind: 'time_off', reason: 'Médico' }],
    ['part-day time off just after', ex([], [off('2027-01-06', '2027-01-06', '11:00', '12:00')]), null],
    ['special hours that end before it', ex([special('2027-01-06', '09:00', '10:30')]), { kind: 'salon_closed', reason: 'Horario especial' }],
    ['special hours that still hold it', ex([special('2027-01-06', '09:00', '11:00')]), null],
  ])('%s', (_n, e, expected) => {
    // 10:00-11:00 in Madrid (winter, UTC+1).
    expect(conflictOf('2027-01-06', at('2027-01-06T09:00:00Z', '2027-01-06T10:00:00Z'), e, TZ)).toEqual(expected);
  });
});

describe('the salon opening hours, once set (ADR 060)', () => {
  // 2027-01-14 is a Thursday, 2027-01-16 a Saturday; the DST Sundays are 2027-03-28 and 2027-10-31.
  const week = (patch: Partial<WeeklySchedule>): Partial<WeeklySchedule> => ({ ...emptyWeeklySchedule(), ...patch });
  const open = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []) => ({ ...day(startTime, endTime, breaks) });
  const withHours = (openingHours: Partial<WeeklySchedule> | null, salon: SalonException[] = [], timeOff: TimeOff[] = []): Exceptions => ({ salon, timeOff, openingHours });
  const her = day('09:00', '19:30', [{ start: '14:00', end: '15:00' }]);
  const long = { weekly: her, intervalMinutes: 60, durationMinutes: 60 };

  it.each<[string, Partial<AvailabilityInput>, string[]]>([
    ['not set (null): her own hours', { ...long, exceptions: withHours(null) }, ['09:00', '10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00']],
    ['salon 09:00-17:00: nothing after 17:00', { ...long, exceptions: withHours(week({ thursday: open('09:00', '17:00') })) }, ['09:00', '10:00', '11:00', '12:00', '13:00', '15:00', '16:00']],
    ['salon opens at 10:00: from 10:00', { ...long, exceptions: withHours(week({ thursday: open('10:00', '20:00') })) }, ['10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00']],
    ['the salon closed on Thursdays (set, that day off)', { ...long, exceptions: withHours(week({ friday: open('09:00', '20:00') })) }, []],
    ['a salon lunch closure 13:00-16:00 is a break for everyone', { ...long, exceptions: withHours(week({ thursday: open('09:00', '20:00', [{ start: '13:00', end: '16:00' }]) })) }, ['09:00', '10:00', '11:00', '12:00', '16:00', '17:00', '18:00']],
    ['her break is cut to the salon day, not dropped (close 14:30 inside her 14:00-15:00 break)', { weekly: her, intervalMinutes: 30, durationMinutes: 30, exceptions: withHours(week({ thursday: open('13:00', '14:30') })) }, ['13:00', '13:30']],
    ['special hours that day win over the weekly opening hours', { ...long, exceptions: withHours(week({ thursday: open('09:00', '12:00') }), [special('2027-01-14', '09:00', '19:00')]) }, ['09:00', '10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00']],
    ['special hours open a day the weekly opening hours close', { ...long, exceptions: withHours(week({ friday: open('09:00', '20:00') }), [special('2027-01-14', '10:00', '13:00')]) }, ['10:00', '11:00', '12:00']],
    ['a closure still closes', { ...long, exceptions: withHours(week({ thursday: open('09:00', '20:00') }), [closed('2027-01-14', '2027-01-14')]) }, []],
    ['a malformed day of the stored week bounds nothing', { ...long, exceptions: withHours(week({ thursday: { isWorkingDay: true, startTime: '9h', endTime: '17:00', breaks: [] } })) }, ['09:00', '10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00']],
    ['spring DST Sunday, salon 01:00-04:00 (02:xx does not exist)', { date: '2027-03-28', weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: withHours(week({ sunday: open('01:00', '04:00') })) }, ['01:00', '03:00']],
    ['autumn DST Sunday, salon 01:00-04:00 (02:xx happens twice, offered once)', { date: '2027-10-31', weekly: day('00:00', '06:00'), intervalMinutes: 60, durationMinutes: 60, exceptions: withHours(week({ sunday: open('01:00', '04:00') })) }, ['01:00', '02:00', '03:00']],
  ])('%s', (_name, patch, expected) => {
    expect(times(patch)).toEqual(expected);
  });

  it('a time the salon hours leave out is refused as "closed" (409), not as never offered', () => {
    const r = checkBookable(input({ ...long, exceptions: withHours(week({ thursday: open('09:00', '17:00') })) }), '18:00');
    expect(r).toMatchObject({ ok: false, code: 'salon_closed' });
    const saturday = checkBookable(input({ ...long, date: '2027-01-16', exceptions: withHours(week({ thursday: open('09:00', '17:00') })) }), '10:00');
    expect(saturday).toMatchObject({ ok: false, code: 'salon_closed' });
  });

  it('a day the salon hours close is no working day, but no closure: the desk may still squeeze in', () => {
    const plan = dayPlan('2027-01-16', her, withHours(week({ thursday: open('09:00', '17:00') })), TZ);
    expect(plan.day.isWorkingDay).toBe(false);
    expect(plan.closed).toBeNull();
  });
});
