import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_NAME, defaultSalonSettings } from './salon-settings';
import { DAY_KEYS } from './weekly-schedule';

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
