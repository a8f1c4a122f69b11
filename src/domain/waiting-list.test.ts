import { describe, expect, it } from 'vitest';
import { WAITING_MSG } from './texts/waiting-list';
import {
  entryCovers,
  entryExpired,
  entryProblem,
  entryWhenText,
  fitsHours,
  fitsPartOfDay,
  MAX_OPEN_ENTRIES,
  MAX_WAITING_DAYS,
  timeToOffer,
  type OfferedTime,
  type WaitingEntry,
} from './waiting-list';

const SERVICE = 'svc-facial';
const LUCIA = 'emp-lucia';
const CARMEN = 'emp-carmen';
// 2026-06-10 is in Madrid's summer time (UTC+2): 10:00 Madrid is 08:00Z.
const at = (hhmm: string, date = '2026-06-10') =>
  new Date(`${date}T${String(Number(hhmm.slice(0, 2)) - 2).padStart(2, '0')}:${hhmm.slice(3)}:00Z`);
const offered = (...times: string[]): OfferedTime[] => times.map((time) => ({ time, start: at(time) }));
const entry = (e: Partial<WaitingEntry> = {}): WaitingEntry => ({
  serviceId: SERVICE,
  employeeId: null,
  fromDate: '2026-06-08',
  toDate: '2026-06-12',
  partOfDay: 'any',
  ...e,
});
const freed = (start: string, end: string, employeeId = LUCIA, date = '2026-06-10') => ({
  employeeId,
  date,
  start: at(start, date),
  end: at(end, date),
});
const NOW = new Date('2026-06-01T08:00:00Z');

describe('timeToOffer: the freed time offered to a waiting client', () => {
  it.each([
    [
      'anyone, any hour: the first offered time inside the freed span',
      entry(),
      freed('10:00', '11:00'),
      offered('09:00', '10:00', '10:30', '11:00'),
      '10:00',
    ],
    [
      'her professional only: another professional freed it',
      entry({ employeeId: CARMEN }),
      freed('10:00', '11:00'),
      offered('10:00'),
      null,
    ],
    ['her professional freed it', entry({ employeeId: LUCIA }), freed('10:00', '11:00'), offered('10:00'), '10:00'],
    ['the day before her first day', entry({ fromDate: '2026-06-11' }), freed('10:00', '11:00'), offered('10:00'), null],
    ['the day after her last day', entry({ toDate: '2026-06-09' }), freed('10:00', '11:00'), offered('10:00'), null],
    ['her last day itself', entry({ toDate: '2026-06-10' }), freed('10:00', '11:00'), offered('10:00'), '10:00'],
    ['mañana: a 10:00 time', entry({ partOfDay: 'morning' }), freed('10:00', '11:00'), offered('10:00'), '10:00'],
    ['mañana: only a 16:00 time freed', entry({ partOfDay: 'morning' }), freed('16:00', '17:00'), offered('16:00'), null],
    [
      'tarde: a 14:00 time is the afternoon',
      entry({ partOfDay: 'afternoon' }),
      freed('13:30', '15:00'),
      offered('13:30', '14:00'),
      '14:00',
    ],
    ['tarde: only a morning time freed', entry({ partOfDay: 'afternoon' }), freed('10:00', '11:00'), offered('10:00'), null],
    // Her service is longer than the freed hole: the availability rule offered nothing there.
    [
      'the availability rule offers nothing in the span (it does not fit)',
      entry(),
      freed('10:00', '10:30'),
      offered('09:00', '12:00'),
      null,
    ],
    [
      'a time free before the cancellation, outside the freed span, is not offered',
      entry(),
      freed('10:00', '11:00'),
      offered('12:00'),
      null,
    ],
    ['the freed span ends where the offered time starts', entry(), freed('10:00', '11:00'), offered('11:00'), null],
  ])('%s', (_name, e, f, o, want) => {
    expect(timeToOffer(e, f, o, NOW)?.time ?? null).toBe(want);
  });

  it('a time already past is never offered', () => {
    expect(timeToOffer(entry(), freed('10:00', '12:00'), offered('10:00', '11:00'), at('10:30'))?.time).toBe('11:00');
    expect(timeToOffer(entry(), freed('10:00', '12:00'), offered('10:00'), at('10:30'))).toBeNull();
  });

  it('the earliest fitting time whatever the order it came in', () => {
    expect(timeToOffer(entry(), freed('10:00', '12:00'), offered('11:30', '10:15', '11:00'), NOW)?.time).toBe('10:15');
  });

  it('Madrid DST day (2026-10-25, 02:00-02:59 twice): the instant decides, not the label', () => {
    const day = '2026-10-25';
    const start = new Date('2026-10-25T09:00:00Z'); // 10:00 in winter time
    const f = { employeeId: LUCIA, date: day, start, end: new Date('2026-10-25T10:00:00Z') };
    const e = entry({ fromDate: day, toDate: day, partOfDay: 'morning' });
    expect(timeToOffer(e, f, [{ time: '10:00', start }], NOW)?.time).toBe('10:00');
  });
});

describe('entryCovers', () => {
  it.each([
    [entry(), { serviceId: SERVICE, employeeId: LUCIA, date: '2026-06-10' }, true],
    [entry(), { serviceId: 'other', employeeId: LUCIA, date: '2026-06-10' }, false],
    [entry({ employeeId: CARMEN }), { serviceId: SERVICE, employeeId: LUCIA, date: '2026-06-10' }, false],
    [entry(), { serviceId: SERVICE, employeeId: LUCIA, date: '2026-06-13' }, false],
    [entry(), { serviceId: SERVICE, employeeId: LUCIA, date: '2026-06-08' }, true],
  ])('%o covers %o: %s', (e, q, want) => expect(entryCovers(e, q)).toBe(want));
});

describe('parts of the day', () => {
  it.each([
    ['09:00', 'morning', true],
    ['13:45', 'morning', true],
    ['14:00', 'morning', false],
    ['14:00', 'afternoon', true],
    ['13:59', 'afternoon', false],
    ['20:00', 'any', true],
  ] as const)('%s in %s: %s', (time, part, want) => expect(fitsPartOfDay(time, part)).toBe(want));
});

describe('an hours range (de 16:00 a 18:00): the visit starts inside it', () => {
  it.each([
    ['15:45', { partOfDay: 'any', fromTime: '16:00', toTime: '18:00' }, false],
    ['16:00', { partOfDay: 'any', fromTime: '16:00', toTime: '18:00' }, true],
    ['17:45', { partOfDay: 'any', fromTime: '16:00', toTime: '18:00' }, true],
    ['18:00', { partOfDay: 'any', fromTime: '16:00', toTime: '18:00' }, false],
    ['10:00', { partOfDay: 'any', fromTime: null, toTime: null }, true],
    // both apply: a range across 14:00 with "mañana" keeps only its morning part
    ['13:30', { partOfDay: 'morning', fromTime: '13:00', toTime: '15:00' }, true],
    ['14:30', { partOfDay: 'morning', fromTime: '13:00', toTime: '15:00' }, false],
  ] as const)('%s in %o: %s', (time, e, want) => expect(fitsHours(time, e)).toBe(want));

  it('timeToOffer offers the first freed time inside her hours, not an earlier one outside them', () => {
    const e = entry({ fromTime: '11:00', toTime: '12:30' });
    expect(timeToOffer(e, freed('10:00', '13:00'), offered('10:00', '10:30', '11:00', '12:30'), NOW)?.time).toBe('11:00');
    expect(timeToOffer(e, freed('10:00', '11:00'), offered('10:00', '10:30'), NOW)).toBeNull();
  });
});

describe('entryProblem and expiry', () => {
  const today = '2026-06-01';
  it.each([
    [{ fromDate: '2026-06-02', toDate: '2026-06-05' }, null, null],
    [{ fromDate: '2026-06-05', toDate: '2026-06-02' }, null, WAITING_MSG.rangeBackwards],
    [{ fromDate: '2026-05-20', toDate: '2026-05-31' }, null, WAITING_MSG.rangePast],
    [{ fromDate: '2026-05-20', toDate: '2026-06-01' }, null, null],
    [{ fromDate: '2026-06-01', toDate: '2026-07-02' }, null, WAITING_MSG.rangeTooLong],
    [{ fromDate: '2026-06-01', toDate: '2026-07-01' }, null, null],
    [{ fromDate: '2026-06-20', toDate: '2026-06-21' }, '2026-06-15', WAITING_MSG.beyondHorizon],
    [{ fromDate: '2026-06-02', toDate: '2026-06-02', fromTime: '16:00', toTime: '18:00' }, null, null],
    [{ fromDate: '2026-06-02', toDate: '2026-06-02', fromTime: '18:00', toTime: '16:00' }, null, WAITING_MSG.hoursBackwards],
    [{ fromDate: '2026-06-02', toDate: '2026-06-02', fromTime: '16:00', toTime: '16:00' }, null, WAITING_MSG.hoursBackwards],
    [{ fromDate: '2026-06-02', toDate: '2026-06-02', fromTime: '16:00', toTime: null }, null, WAITING_MSG.hoursBackwards],
    [{ fromDate: '2026-06-02', toDate: '2026-06-02', fromTime: null, toTime: '18:00' }, null, WAITING_MSG.hoursBackwards],
  ])('%o (horizon %s): %s', (e, horizon, want) => expect(entryProblem(e, today, horizon)).toBe(want));

  it('an entry is over only after its last day', () => {
    expect(entryExpired('2026-06-01', '2026-06-01')).toBe(false);
    expect(entryExpired('2026-06-01', '2026-06-02')).toBe(true);
  });

  it('the texts name the limits the rule applies', () => {
    expect(WAITING_MSG.rangeTooLong).toContain(String(MAX_WAITING_DAYS));
    expect(WAITING_MSG.tooManyEntries).toContain(String(MAX_OPEN_ENTRIES));
  });
});

describe('entryWhenText: when she can, as the lists say it', () => {
  it.each([
    [{ fromDate: '2026-03-10', toDate: '2026-03-10', partOfDay: 'morning' }, 'el 10/3 · mañana'],
    [{ fromDate: '2026-03-10', toDate: '2026-03-12', partOfDay: 'any' }, 'del 10/3 al 12/3 · cualquier hora'],
    [
      { fromDate: '2026-03-10', toDate: '2026-04-02', partOfDay: 'any', fromTime: '16:00', toTime: '18:00' },
      'del 10/3 al 2/4 · de 16:00 a 18:00',
    ],
    [
      { fromDate: '2026-03-10', toDate: '2026-03-10', partOfDay: 'afternoon', fromTime: '13:00', toTime: '18:00' },
      'el 10/3 · tarde, de 13:00 a 18:00',
    ],
  ] as const)('%o: %s', (e, want) => expect(entryWhenText(e)).toBe(want));
});
