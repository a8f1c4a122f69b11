import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_NAME, defaultSalonSettings, openingHoursOf } from './salon-settings';
import { DAY_KEYS, defaultWeeklySchedule, emptyWeeklySchedule } from './weekly-schedule';

describe('defaultSalonSettings', () => {
  it.each([
    ['name', 'Mi Salón de Belleza'],
    ['address', ''],
    ['phoneNumber', ''],
    ['appointmentTimeSlotInterval', 30],
    ['cancellationPolicyHours', 24],
  ] as const)('%s is %j', (field, value) => {
    expect(defaultSalonSettings()[field]).toBe(value);
  });

  it.each(DAY_KEYS.map((d) => [d]))('opening hours: %s closed', (day) => {
    expect(defaultSalonSettings().openingHours[day].isWorkingDay).toBe(false);
  });

  it('returns independent copies', () => {
    const a = defaultSalonSettings();
    a.openingHours.monday.isWorkingDay = true;
    expect(defaultSalonSettings().openingHours.monday.isWorkingDay).toBe(false);
    expect(DEFAULT_SALON_NAME).toBe('Mi Salón de Belleza');
  });
});

describe('openingHoursOf: set, or "not set" (ADR 060)', () => {
  const saturdayOnly = { ...emptyWeeklySchedule(), saturday: { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] } };
  it.each<[string, unknown, boolean]>([
    ['no record (null)', null, false],
    ['the column default {}', {}, false],
    ['every day closed: what the form saved before the hours counted', emptyWeeklySchedule(), false],
    ['the defaults of a missing record', defaultSalonSettings().openingHours, false],
    ['a partial week with no open day', { monday: { isWorkingDay: false, startTime: '09:00', endTime: '17:00', breaks: [] } }, false],
    ['a hand-edited value that is not a week', 'cerrado', false],
    ['Monday to Friday', defaultWeeklySchedule(), true],
    ['one open day is enough', saturdayOnly, true],
    ['a partial week with an open day', { tuesday: { isWorkingDay: true, startTime: '09:00', endTime: '13:00', breaks: [] } }, true],
  ])('%s: set = %s', (_name, stored, set) => {
    const read = openingHoursOf(stored as never);
    expect(read !== null).toBe(set);
    if (set) expect(read).toBe(stored);
  });
});
