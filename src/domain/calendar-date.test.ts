import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addDays, isoDayOfWeek, isSalonDay, isValidIsoDate, salonDateOf, salonMinuteOf, SALON_TIME_ZONE } from './calendar-date';

// calendar-date.ts does without Temporal so the booking page stays small; these tests hold it to
// Temporal's answers over wide ranges (the table tests are in salon-time.test.ts).

describe('calendar-date agrees with Temporal', () => {
  it('salon day of every hour from 2025 to 2028 (four DST years), in Madrid and two other zones', () => {
    for (const tz of [SALON_TIME_ZONE, 'America/Santiago', 'Pacific/Chatham']) {
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2029, 0, 1); ms += 3_600_000 - 60_000) {
        const expected = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz).toPlainDate().toString();
        if (salonDateOf(ms, tz) !== expected) expect(salonDateOf(ms, tz)).toBe(expected);
      }
    }
  });

  it('salon day of every minute of the weeks of both DST changes of 2027 (kept per quarter hour), in Madrid and two other zones', () => {
    for (const tz of [SALON_TIME_ZONE, 'Asia/Kathmandu', 'Pacific/Chatham']) {
      for (const from of [Date.UTC(2027, 2, 25), Date.UTC(2027, 9, 28), Date.UTC(2027, 3, 1)]) {
        for (let ms = from; ms < from + 7 * 86_400_000; ms += 60_000) {
          const expected = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz).toPlainDate().toString();
          if (salonDateOf(ms, tz) !== expected) expect(salonDateOf(ms, tz)).toBe(expected);
        }
      }
    }
  });

  it.each([
    ['1972-01-07T00:44:00Z', 'Africa/Monrovia', '1972-01-06'], // 23:59:30 at -0:44:30
    ['1972-01-07T00:44:40Z', 'Africa/Monrovia', '1972-01-07'], // 00:44:40 in UTC, its new offset: the same quarter hour, another day
  ])('salonDateOf(%s) in %s, a zone whose offset was not whole quarter hours, is %s', (iso, tz, day) => {
    expect(salonDateOf(new Date(iso), tz)).toBe(day);
  });

  it('minute of the salon day for every 7 minutes of 2027 (both DST changes), in Madrid and a half-hour zone', () => {
    for (const tz of [SALON_TIME_ZONE, 'Asia/Kolkata', 'Pacific/Chatham']) {
      for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 7 * 60_000) {
        const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
        const expected = z.hour * 60 + z.minute;
        if (salonMinuteOf(ms, tz) !== expected) expect(salonMinuteOf(ms, tz)).toBe(expected);
      }
    }
  });

  it.each([
    ['2027-03-28T00:59:00Z', 119], // 01:59 CET, the minute before the spring-forward gap
    ['2027-03-28T01:00:00Z', 180], // 03:00 CEST: 02:00-02:59 never happens
    ['2027-10-31T00:30:00Z', 150], // 02:30 CEST, first time
    ['2027-10-31T01:30:00Z', 150], // 02:30 CET, the repeated hour
    ['2026-11-24T23:00:00Z', 0], // midnight in Madrid
    ['1969-12-31T23:30:00Z', 30], // before 1970: the quarter hours count down from the epoch
  ])('salonMinuteOf(%s) in Madrid is %i', (iso, minute) => {
    expect(salonMinuteOf(new Date(iso), SALON_TIME_ZONE)).toBe(minute);
  });

  it('addDays, the day of the week and validity for every day from 1999 to 2101', () => {
    let d = Temporal.PlainDate.from('1999-01-01');
    const last = Temporal.PlainDate.from('2101-12-31');
    while (Temporal.PlainDate.compare(d, last) <= 0) {
      const s = d.toString();
      expect(isValidIsoDate(s)).toBe(true);
      expect(isoDayOfWeek(s)).toBe(d.dayOfWeek);
      expect(addDays(s, 1)).toBe(d.add({ days: 1 }).toString());
      expect(addDays(s, -40)).toBe(d.subtract({ days: 40 }).toString());
      d = d.add({ days: 1 });
    }
  });

  it('the years Date.UTC would misread (0000-0099) and the edges of four digits', () => {
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0001-01-01', -1)).toBe('0000-12-31');
    expect(isValidIsoDate('0000-02-29')).toBe(true); // year 0 is a leap year in ISO 8601
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });
});

describe('isSalonDay: the days the app works with', () => {
  it.each([
    ['1900-01-01', true],
    ['2026-11-23', true],
    ['9999-12-30', true],
    ['1899-12-31', false],
    ['9999-12-31', false],
    // What a date field holds while a year is typed digit by digit: never applied.
    ['0002-11-23', false],
    ['0020-11-23', false],
    ['0202-11-23', false],
    ['2026-02-30', false],
    ['', false],
  ])('%s -> %s', (s, ok) => {
    expect(isSalonDay(s)).toBe(ok);
  });
});
