import { describe, expect, it } from 'vitest';
import {
  ADMIN_TRANSITIONS,
  APPOINTMENT_STATUSES,
  BLOCKING_STATUSES,
  DEFAULT_CANCELLATION_POLICY_HOURS,
  EMPLOYEE_UNDO_WINDOW_MS,
  badgeTone,
  canAdminTransition,
  canClientCancel,
  canEmployeeMark,
  cancellationStatusFor,
  clientBadgeLabel,
  isAppointmentStatus,
  isBlockingStatus,
  showClientCancelButton,
  statusLabel,
} from './appointment-status';

const NOW = new Date('2026-01-15T10:00:00.000Z');
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(NOW.getTime() + h * HOUR);

describe('constants', () => {
  it('lists the five statuses, two of which block a slot', () => {
    expect(APPOINTMENT_STATUSES).toEqual([
      'confirmed',
      'completed',
      'no_show',
      'cancelled_by_client',
      'cancelled_by_salon',
    ]);
    expect(BLOCKING_STATUSES).toEqual(['confirmed', 'completed']);
    expect(ADMIN_TRANSITIONS).toEqual(['completed', 'no_show', 'cancelled_by_salon']);
    expect(DEFAULT_CANCELLATION_POLICY_HOURS).toBe(24);
    expect(EMPLOYEE_UNDO_WINDOW_MS).toBe(7000);
  });
});

describe('labels and tones', () => {
  it.each([
    // status, client badge, admin/employee label, tone, known, blocking
    ['confirmed', 'Confirmada', 'Confirmada', 'confirmed', true, true],
    ['completed', 'Completada', 'Completada', 'completed', true, true],
    ['no_show', 'No asistió', 'No asistió', 'no_show', true, false],
    ['cancelled_by_client', 'Cancelada', 'Cancelada por el cliente', 'cancelled', true, false],
    ['cancelled_by_salon', 'Cancelada', 'Cancelada por el salón', 'cancelled', true, false],
    ['pending', 'Pendiente', 'Pendiente', 'pending', false, false],
    ['', 'Pendiente', 'Pendiente', 'pending', false, false],
    ['CONFIRMED', 'Pendiente', 'Pendiente', 'pending', false, false],
  ])('%j -> client %j, staff %j, tone %j', (status, client, staff, tone, known, blocking) => {
    expect(clientBadgeLabel(status)).toBe(client);
    expect(statusLabel(status)).toBe(staff);
    expect(badgeTone(status)).toBe(tone);
    expect(isAppointmentStatus(status)).toBe(known);
    expect(isBlockingStatus(status)).toBe(blocking);
  });

  it.each([
    ['client', 'cancelled_by_client'],
    ['salon', 'cancelled_by_salon'],
  ] as const)('cancelled by %s -> %s', (by, status) => {
    expect(cancellationStatusFor(by)).toBe(status);
  });
});

describe('canClientCancel (24 h policy unless stated)', () => {
  it.each([
    ['confirmed, 48 h ahead', 'confirmed', inHours(48), 24, { ok: true }],
    ['confirmed, exactly 24 h ahead', 'confirmed', inHours(24), 24, { ok: true }],
    [
      'confirmed, 1 ms under 24 h',
      'confirmed',
      new Date(inHours(24).getTime() - 1),
      24,
      { ok: false, reason: 'window' },
    ],
    ['confirmed, 2 h ahead', 'confirmed', inHours(2), 24, { ok: false, reason: 'window' }],
    ['confirmed, 2 h ahead, 0 h policy', 'confirmed', inHours(2), 0, { ok: true }],
    [
      'confirmed, 1 h ahead, 1,5 h policy',
      'confirmed',
      inHours(1),
      1.5,
      { ok: false, reason: 'window' },
    ],
    ['confirmed, 2 h ahead, negative policy as 0', 'confirmed', inHours(2), -5, { ok: true }],
    [
      'confirmed, 2 h ahead, NaN policy as 24',
      'confirmed',
      inHours(2),
      Number.NaN,
      { ok: false, reason: 'window' },
    ],
    ['confirmed, starting now', 'confirmed', NOW, 0, { ok: false, reason: 'past' }],
    ['confirmed, started an hour ago', 'confirmed', inHours(-1), 24, { ok: false, reason: 'past' }],
    ['completed', 'completed', inHours(48), 24, { ok: false, reason: 'not_confirmed' }],
    [
      'already cancelled',
      'cancelled_by_client',
      inHours(48),
      24,
      { ok: false, reason: 'not_confirmed' },
    ],
    ['no_show', 'no_show', inHours(-2), 24, { ok: false, reason: 'not_confirmed' }],
  ])('%s', (_name, status, startTime, policy, expected) => {
    expect(canClientCancel({ status, startTime }, NOW, policy)).toEqual(expected);
    // epoch ms give the same answer
    expect(canClientCancel({ status, startTime }, NOW.getTime(), policy)).toEqual(expected);
  });
});

describe('showClientCancelButton', () => {
  it.each([
    ['confirmed', inHours(48), true],
    ['confirmed', inHours(1), true],
    ['confirmed', NOW, false],
    ['confirmed', inHours(-1), false],
    ['completed', inHours(48), false],
    ['cancelled_by_salon', inHours(48), false],
  ])('%s starting %s -> %s', (status, startTime, expected) => {
    expect(showClientCancelButton({ status, startTime }, NOW)).toBe(expected);
  });
});

describe('canEmployeeMark', () => {
  it.each([
    ['confirmed', inHours(-1), 'completed', { ok: true }],
    ['confirmed', inHours(-1), 'no_show', { ok: true }],
    ['confirmed', NOW, 'completed', { ok: true }],
    ['confirmed', new Date(NOW.getTime() + 1), 'completed', { ok: false, reason: 'not_started' }],
    ['confirmed', inHours(3), 'no_show', { ok: false, reason: 'not_started' }],
    ['confirmed', inHours(-1), 'cancelled_by_salon', { ok: false, reason: 'invalid_transition' }],
    ['confirmed', inHours(-1), 'confirmed', { ok: false, reason: 'invalid_transition' }],
    ['completed', inHours(-1), 'no_show', { ok: false, reason: 'invalid_transition' }],
    ['no_show', inHours(-1), 'completed', { ok: false, reason: 'invalid_transition' }],
    ['cancelled_by_client', inHours(-1), 'completed', { ok: false, reason: 'invalid_transition' }],
    // a wrong target is reported before the start time
    ['confirmed', inHours(3), 'cancelled_by_client', { ok: false, reason: 'invalid_transition' }],
  ])('%s (start %s) -> %s', (status, startTime, to, expected) => {
    expect(canEmployeeMark({ status, startTime }, to, NOW)).toEqual(expected);
  });
});

describe('canAdminTransition', () => {
  it.each([
    ['confirmed', 'completed', true],
    ['confirmed', 'no_show', true],
    ['confirmed', 'cancelled_by_salon', true],
    ['confirmed', 'cancelled_by_client', false],
    ['confirmed', 'confirmed', false],
    ['completed', 'no_show', false],
    ['completed', 'confirmed', false],
    ['no_show', 'completed', false],
    ['cancelled_by_salon', 'confirmed', false],
    ['cancelled_by_client', 'cancelled_by_salon', false],
    ['pending', 'completed', false],
  ])('%s -> %s: %s', (from, to, expected) => {
    expect(canAdminTransition(from, to)).toBe(expected);
  });
});
