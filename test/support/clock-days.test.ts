import { describe, expect, it } from 'vitest';
import { isoDayOfWeek } from '../../src/domain/calendar-date';
import { hoursBefore, madrid, nextWeekday, salonToday, spanishDay, springForwardSaturday } from './clock-days';

// The days of the tests whose server clock runs ahead of the real one: the right weekday, never
// today, whatever today is, and the spring-forward Saturday of the right year.

describe('clock-days', () => {
  it('nextWeekday is the asked weekday, 1 to 7 days ahead, from every day of a week', () => {
    for (const from of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']) {
      for (let dow = 1; dow <= 7; dow++) {
        const day = nextWeekday(dow, from);
        expect(isoDayOfWeek(day)).toBe(dow);
        expect(day > from).toBe(true);
        expect(day <= '2026-12-06').toBe(true);
      }
    }
    expect(nextWeekday(3, '2026-12-30')).toBe('2027-01-06');
  });

  it.each([
    ['2026-11-28', '2027-03-27'],
    ['2027-03-26', '2027-03-27'],
    ['2027-03-27', '2028-03-25'],
    ['2027-03-28', '2028-03-25'],
    ['2028-01-02', '2028-03-25'],
    ['2031-03-29', '2032-03-27'],
  ])('from %s the spring-forward Saturday is %s', (from, saturday) => {
    expect(springForwardSaturday(from)).toBe(saturday);
    // The night after it the clocks go forward: Sunday 10:00 is 08:00Z, Saturday 10:00 was 09:00Z.
    expect(madrid(saturday, '10:00').toISOString()).toBe(`${saturday}T09:00:00.000Z`);
  });

  it('madrid refuses the hour that does not exist; hoursBefore counts real hours', () => {
    expect(() => madrid('2027-03-28', '02:30')).toThrow(RangeError);
    expect(hoursBefore(madrid('2027-03-29', '10:00'), 24).toISOString()).toBe('2027-03-28T08:00:00.000Z');
  });

  it('spanishDay writes the day as the messages do', () => {
    expect(spanishDay('2027-03-15')).toBe('lunes, 15 de marzo de 2027');
    expect(spanishDay('2026-12-06', false)).toBe('domingo, 6 de diciembre');
    expect(spanishDay('2027-01-13')).toBe('miércoles, 13 de enero de 2027');
  });

  it('salonToday is the Madrid day of the real clock', () => {
    expect(salonToday(Date.parse('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(salonToday(Date.parse('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
