import { describe, expect, it } from 'vitest';
import { effectiveRole, sessionEnded, shouldTouchSession, signedInRecently } from './session-policy';

const H = 60 * 60 * 1000;
const D = 24 * H;
const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('sessionEnded', () => {
  it.each([
    ['client, 29 days old, idle 20 days', 'client', 29 * D, 20 * D, false],
    ['client, 30 days old', 'client', 30 * D, 0, true],
    ['employee, idle 11 h 59', 'employee', 2 * D, 12 * H - 60_000, false],
    ['employee, idle 12 h', 'employee', 2 * D, 12 * H, true],
    ['admin, idle 13 h', 'admin', 1 * D, 13 * H, true],
    ['admin, active, 30 days old', 'admin', 30 * D, 0, true],
    ['unknown role counts as client', 'x', 1 * D, 13 * H, false],
  ] as const)('%s', (_l, role, age, idle, ended) => {
    expect(sessionEnded({ role, createdAt: ago(age), lastActiveAt: ago(idle), now })).toBe(ended);
  });
});

describe('shouldTouchSession', () => {
  it.each([
    ['employee, 6 min', 'employee', 6 * 60_000, true],
    ['employee, 1 min', 'employee', 60_000, false],
    ['client, 6 h', 'client', 6 * H, false],
  ] as const)('%s', (_l, role, idle, touch) => {
    expect(shouldTouchSession({ role, createdAt: ago(D), lastActiveAt: ago(idle), now })).toBe(touch);
  });
});

describe('effectiveRole', () => {
  it.each([
    ['admin', false, 'admin'],
    ['admin', true, 'admin'],
    ['employee', true, 'employee'],
    ['employee', false, 'client'],
    ['receptionist', true, 'receptionist'],
    ['receptionist', false, 'client'],
    ['client', true, 'client'],
    ['client', false, 'client'],
    ['superuser', true, 'client'],
  ] as const)('%s with an active employee record %s -> %s', (role, active, expected) => {
    expect(effectiveRole(role, active)).toBe(expected);
  });
});

describe('signedInRecently (deleting an account without the password)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it.each([
    ['just now', 0, true],
    ['4 min 59 s ago', 4 * 60_000 + 59_000, true],
    ['exactly 5 min ago', 5 * 60_000, true],
    ['5 min 1 s ago', 5 * 60_000 + 1000, false],
    ['an hour ago', 60 * 60_000, false],
    ['a minute in the future (clock skew)', -60_000, true],
  ])('%s: %s', (_label, ago, recent) => {
    expect(signedInRecently(new Date(now.getTime() - ago), now)).toBe(recent);
  });
});
