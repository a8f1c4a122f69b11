import { describe, expect, it } from 'vitest';
import {
  endOf,
  intervalsOverlap,
  isBookableDate,
  validateBookingInput,
  type BookingInput,
} from './booking-rules';
import { MSG } from './texts/common';

const at = (hhmm: string) => new Date(`2026-01-15T${hhmm}:00.000Z`);
const iv = (a: string, b: string) => ({ start: at(a), end: at(b) });

describe('intervalsOverlap', () => {
  it.each([
    ['identical', iv('10:00', '11:00'), iv('10:00', '11:00'), true],
    ['partial, other later', iv('10:00', '11:00'), iv('10:30', '11:30'), true],
    ['partial, other earlier', iv('10:00', '11:00'), iv('09:30', '10:30'), true],
    ['contained', iv('10:00', '11:00'), iv('10:15', '10:45'), true],
    ['containing', iv('10:15', '10:45'), iv('10:00', '11:00'), true],
    ['one minute into it', iv('10:00', '11:00'), iv('10:59', '12:00'), true],
    ['back-to-back after', iv('10:00', '11:00'), iv('11:00', '12:00'), false],
    ['back-to-back before', iv('10:00', '11:00'), iv('09:00', '10:00'), false],
    ['apart', iv('10:00', '11:00'), iv('12:00', '13:00'), false],
  ])('%s -> %s', (_name, a, b, expected) => {
    expect(intervalsOverlap(a, b)).toBe(expected);
    expect(intervalsOverlap(b, a)).toBe(expected);
  });
});

describe('endOf', () => {
  it.each([
    ['2026-01-15T09:00:00.000Z', 30, '2026-01-15T09:30:00.000Z'],
    ['2026-01-15T09:00:00.000Z', 90, '2026-01-15T10:30:00.000Z'],
    ['2026-01-15T23:30:00.000Z', 45, '2026-01-16T00:15:00.000Z'],
    // real minutes: 01:30 CET + 60 min on 2026-03-29 ends 03:30 CEST on the salon's clock
    ['2026-03-29T00:30:00.000Z', 60, '2026-03-29T01:30:00.000Z'],
  ])('%s + %i min -> %s', (start, minutes, end) => {
    expect(endOf(new Date(start), minutes).toISOString()).toBe(end);
  });
});

describe('isBookableDate', () => {
  // 2026-01-15 is a Thursday; 2026-01-18 a Sunday.
  it.each([
    ['today', '2026-01-15', '2026-01-15', true],
    ['tomorrow', '2026-01-16', '2026-01-15', true],
    ['a Saturday', '2026-01-17', '2026-01-15', true],
    ['a Sunday', '2026-01-18', '2026-01-15', false],
    ['yesterday', '2026-01-14', '2026-01-15', false],
    ['last year', '2025-12-31', '2026-01-15', false],
    ['next year', '2027-01-04', '2026-01-15', true],
    ['Sunday today', '2026-01-18', '2026-01-18', false],
    ['an impossible date', '2026-02-30', '2026-01-15', false],
    ['a malformed date', '2026-1-20', '2026-01-15', false],
    ['a malformed today', '2026-01-20', '15/01/2026', false],
  ])('%s (%s, today %s) -> %s', (_name, date, today, expected) => {
    expect(isBookableDate(date, today)).toBe(expected);
  });
});

describe('validateBookingInput', () => {
  const ok: BookingInput = {
    clientId: 'u-client',
    employeeId: 'u-employee',
    serviceId: 's-1',
    date: '2026-01-16',
    time: '10:30',
    durationMinutes: 45,
  };

  it.each<[string, BookingInput, string | null]>([
    ['complete', ok, null],
    ['a fractional duration', { ...ok, durationMinutes: 0.5 }, null],
    ['no client', { ...ok, clientId: undefined }, MSG.bookingMissingData],
    ['null employee', { ...ok, employeeId: null }, MSG.bookingMissingData],
    ['empty service', { ...ok, serviceId: '' }, MSG.bookingMissingData],
    ['blank date', { ...ok, date: '  ' }, MSG.bookingMissingData],
    ['no time', { ...ok, time: null }, MSG.bookingMissingData],
    ['nothing at all', {}, MSG.bookingMissingData],
    [
      'missing step and bad duration: the missing step wins',
      { ...ok, time: '', durationMinutes: -1 },
      MSG.bookingMissingData,
    ],
    ['an impossible date', { ...ok, date: '2026-02-30' }, MSG.invalidInput],
    ['a malformed time', { ...ok, time: '25:00' }, MSG.invalidInput],
    ['zero duration', { ...ok, durationMinutes: 0 }, MSG.invalidServiceDuration],
    ['negative duration', { ...ok, durationMinutes: -30 }, MSG.invalidServiceDuration],
    ['duration as text', { ...ok, durationMinutes: '30' }, MSG.invalidServiceDuration],
    ['NaN duration', { ...ok, durationMinutes: Number.NaN }, MSG.invalidServiceDuration],
    ['infinite duration', { ...ok, durationMinutes: Infinity }, MSG.invalidServiceDuration],
    ['no duration', { ...ok, durationMinutes: undefined }, MSG.invalidServiceDuration],
  ])('%s -> %j', (_name, input, expected) => {
    expect(validateBookingInput(input)).toBe(expected);
  });
});
