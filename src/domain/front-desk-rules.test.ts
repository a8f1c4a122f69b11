import { describe, expect, it } from 'vitest';
import { canReschedule, mayManageAgenda, type StaffRole } from './front-desk-rules';

describe('mayManageAgenda', () => {
  it.each<[StaffRole, string, string | null, boolean]>([
    ['admin', 'a', 'b', true],
    ['admin', 'a', null, true],
    ['employee', 'e', 'e', true],
    ['employee', 'e', 'other', false],
    ['employee', 'e', null, false],
    ['client', 'c', 'c', false],
  ])('%s %s on %s -> %s', (role, actor, agenda, expected) => {
    expect(mayManageAgenda(role, actor, agenda)).toBe(expected);
  });
});

describe('canReschedule', () => {
  it.each([
    ['confirmed', true],
    ['completed', false],
    ['no_show', false],
    ['cancelled_by_client', false],
    ['cancelled_by_salon', false],
  ])('%s -> %s', (status, expected) => {
    expect(canReschedule(status)).toBe(expected);
  });
});
