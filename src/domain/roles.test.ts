import { describe, expect, it } from 'vitest';
import { isRole, isStaffRole } from './roles';

describe('isRole / isStaffRole', () => {
  it.each([
    ['client', true, false],
    ['employee', true, true],
    ['admin', true, true],
    ['Admin', false, false],
    ['staff', false, false],
    ['', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%s -> role %s, staff %s', (value, role, staff) => {
    expect(isRole(value)).toBe(role);
    expect(isStaffRole(value)).toBe(staff);
  });
});
