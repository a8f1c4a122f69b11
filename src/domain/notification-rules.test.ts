import { describe, expect, it } from 'vitest';
import { googleCalendarLink, isReminderHours, messageKey, reminderRunAt, salonDateText, salonDateTimeText, salonTimeText } from './notification-rules';

describe('reminderRunAt', () => {
  const start = new Date('2027-03-29T08:00:00Z'); // Monday 10:00 Madrid (CEST, after the change)
  it.each([
    // hours, now, expected
    [24, '2027-03-27T10:00:00Z', '2027-03-28T08:00:00.000Z'], // across the DST change: 24 real hours
    [2, '2027-03-27T10:00:00Z', '2027-03-29T06:00:00.000Z'],
    [0, '2027-03-27T10:00:00Z', null], // off
    [24, '2027-03-28T09:00:00Z', null], // booked inside the window
    [24, '2027-03-28T08:00:00Z', null], // exactly at the moment: not after now
    [-1, '2027-03-27T10:00:00Z', null],
    [1.5, '2027-03-27T10:00:00Z', null],
  ])('%s hours, now %s -> %s', (hours, now, expected) => {
    const at = reminderRunAt(start, hours, new Date(now));
    expect(at ? at.toISOString() : null).toBe(expected);
  });
});

describe('isReminderHours', () => {
  it.each([
    [0, true],
    [24, true],
    [168, true],
    [169, false],
    [-1, false],
    [2.5, false],
    ['24', false],
  ])('%s -> %s', (v, ok) => expect(isReminderHours(v)).toBe(ok));
});

describe('messageKey', () => {
  it('names appointment, kind, recipient and version', () => {
    expect(messageKey({ kind: 'reminder', recipient: 'client', appointmentId: 'a1', version: 2 })).toBe('reminder:client:a1:2');
  });
});

describe('salonDateTimeText', () => {
  it.each([
    ['2027-03-29T08:00:00Z', 'lunes, 29 de marzo de 2027 a las 10:00'], // CEST
    ['2027-03-27T09:00:00Z', 'sábado, 27 de marzo de 2027 a las 10:00'], // CET
    ['2026-10-25T01:30:00Z', 'domingo, 25 de octubre de 2026 a las 02:30'], // the repeated hour, first
  ])('%s -> %s', (iso, text) => expect(salonDateTimeText(new Date(iso))).toBe(text));

  it('is the day and the time the mails show apart, around midnight in Madrid', () => {
    const lateUtc = new Date('2027-03-29T22:30:00Z'); // Tuesday 00:30 in Madrid (CEST)
    expect([salonDateText(lateUtc), salonTimeText(lateUtc)]).toEqual(['martes, 30 de marzo de 2027', '00:30']);
  });
});

describe('googleCalendarLink', () => {
  it('carries UTC dates and escapes text', () => {
    const url = new URL(
      googleCalendarLink({
        title: 'Corte & peinado',
        start: new Date('2027-03-29T08:00:00Z'),
        end: new Date('2027-03-29T08:45:00Z'),
        details: 'x',
        location: 'C/ Mayor 1',
      }),
    );
    expect(url.searchParams.get('dates')).toBe('20270329T080000Z/20270329T084500Z');
    expect(url.searchParams.get('text')).toBe('Corte & peinado');
  });
});
