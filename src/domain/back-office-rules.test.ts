import { describe, expect, it } from 'vitest';
import {
  employeeFieldsError,
  normalizeEmail,
  serviceFieldsError,
  settingsFieldsError,
  truncateAccountEmail,
} from './back-office-rules';
import { isWholeCents } from './money';
import { MSG } from './texts/common';
import { unlinkBlocked } from './texts/staff';
import { ROLES_MSG } from './texts/roles';
import { STAFF_MSG } from './texts/staff';

const service = { name: 'Corte', duration: 45, price: 28, description: '', category: 'Cabello' };

describe('serviceFieldsError (SPEC §5 Service form)', () => {
  it.each([
    ['a valid service', {}, null],
    ['price 0 (free)', { price: 0 }, null],
    ['price with cents', { price: 12.5 }, null],
    ['price 45.99', { price: 45.99 }, null],
    ['price from 0.1 + 0.2', { price: 0.1 + 0.2 }, null],
    ['duration 1', { duration: 1 }, null],
    ['empty name', { name: '' }, MSG.serviceNameRequired],
    ['blank name', { name: '   ' }, MSG.serviceNameRequired],
    ['duration 0', { duration: 0 }, MSG.serviceDurationInvalid],
    ['negative duration', { duration: -5 }, MSG.serviceDurationInvalid],
    ['non-integer duration', { duration: 30.5 }, MSG.serviceDurationInvalid],
    ['NaN duration', { duration: Number.NaN }, MSG.serviceDurationInvalid],
    ['duration over a day', { duration: 1441 }, MSG.serviceDurationInvalid],
    ['price -1', { price: -1 }, MSG.servicePriceInvalid],
    ['price -0.01', { price: -0.01 }, MSG.servicePriceInvalid],
    ['price with 3 decimals', { price: 10.005 }, MSG.servicePriceInvalid],
    ['price Infinity', { price: Number.POSITIVE_INFINITY }, MSG.servicePriceInvalid],
    ['price above the limit', { price: 100_000.01 }, MSG.servicePriceInvalid],
    ['huge category', { category: 'x'.repeat(61) }, MSG.invalidInput],
    ['CR/LF in the name', { name: 'Corte\r\nX-A: 1' }, STAFF_MSG.textControlCharacters],
    ['escape code in the category', { category: 'Uñas\u001b[2J' }, STAFF_MSG.textControlCharacters],
    ['line breaks in the description', { description: 'Lavado\nCorte\r\n\tPeinado' }, null],
    ['a bell in the description', { description: 'Lavado\u0007' }, STAFF_MSG.textControlCharacters],
  ] as const)('%s', (_label, change, expected) => {
    expect(serviceFieldsError({ ...service, ...change })).toBe(expected);
  });
});

describe('isWholeCents', () => {
  it.each([
    [0, true],
    [1, true],
    [0.01, true],
    [19.99, true],
    [1234.56, true],
    [0.001, false],
    [1.005, false],
    [Number.NaN, false],
  ])('%s -> %s', (n, expected) => {
    expect(isWholeCents(n)).toBe(expected);
  });
});

describe('employeeFieldsError (SPEC §5 Employee form)', () => {
  it.each([
    ['name only', { name: 'Lucía' }, null],
    ['with email and phone', { name: 'Lucía', email: 'lucia@example.com', phoneNumber: '+34 600 000 000' }, null],
    ['empty email is optional', { name: 'Lucía', email: '' }, null],
    ['null email is optional', { name: 'Lucía', email: null }, null],
    ['empty name', { name: '' }, MSG.employeeNameRequired],
    ['blank name', { name: '  ' }, MSG.employeeNameRequired],
    ['bad email', { name: 'Lucía', email: 'lucia@' }, MSG.employeeEmailInvalid],
    ['email with a space', { name: 'Lucía', email: 'lu cia@example.com' }, MSG.employeeEmailInvalid],
    ['LF in the name', { name: 'Lucía\nX' }, STAFF_MSG.textControlCharacters],
    ['tab in the phone', { name: 'Lucía', phoneNumber: '600\t000' }, STAFF_MSG.textControlCharacters],
    ['a professional with services', { name: 'Lucía', accountRole: 'employee', servicesOffered: ['s1'] }, null],
    ['reception without services', { name: 'Paula', accountRole: 'receptionist', servicesOffered: [] }, null],
    ['reception with a service (ADR 063)', { name: 'Paula', accountRole: 'receptionist', servicesOffered: ['s1'] }, ROLES_MSG.receptionNoServices],
  ] as const)('%s', (_label, input, expected) => {
    expect(employeeFieldsError(input)).toBe(expected);
  });
});

describe('settingsFieldsError (SPEC §5 Settings)', () => {
  const ok = { name: 'Mi Salón de Belleza', appointmentTimeSlotInterval: 30, cancellationPolicyHours: 24 };
  it.each([
    ['defaults', {}, null],
    ...[15, 20, 30, 45, 60].map((n) => [`interval ${n}`, { appointmentTimeSlotInterval: n }, null] as const),
    ['cancellation 0', { cancellationPolicyHours: 0 }, null],
    ['interval 25', { appointmentTimeSlotInterval: 25 }, MSG.slotIntervalInvalid],
    ['interval 0', { appointmentTimeSlotInterval: 0 }, MSG.slotIntervalInvalid],
    ['cancellation -1', { cancellationPolicyHours: -1 }, MSG.cancellationHoursInvalid],
    ['cancellation 1.5', { cancellationPolicyHours: 1.5 }, MSG.cancellationHoursInvalid],
    ['empty name', { name: ' ' }, MSG.salonNameRequired],
    ['CR/LF in the name', { name: 'Auna\r\nX-WR-CALNAME:otro' }, STAFF_MSG.textControlCharacters],
    ['LF in the address', { address: 'Calle Mayor 1\nMadrid' }, STAFF_MSG.textControlCharacters],
  ] as const)('%s', (_label, change, expected) => {
    expect(settingsFieldsError({ ...ok, ...change })).toBe(expected);
  });
});

describe('account email helpers', () => {
  it('lowercases and trims for the lookup', () => {
    expect(normalizeEmail('  Lucia.Martin@Example.COM ')).toBe('lucia.martin@example.com');
  });
  it.each([
    ['short@a.es', 'short@a.es'],
    ['exactly15chars@', 'exactly15chars@'],
    ['lucia.martin@auna.demo', 'lucia.martin@au…'],
  ])('truncates %s to 15 characters', (email, shown) => {
    expect(truncateAccountEmail(email)).toBe(shown);
  });
});

describe('unlinkBlocked (docs/decisions/004)', () => {
  it.each([
    [1, 'No se puede desvincular esta cuenta: tiene una cita confirmada pendiente como profesional. Cancélalas primero en «Ver Citas».'],
    [3, 'No se puede desvincular esta cuenta: tiene 3 citas confirmadas pendientes como profesional. Cancélalas primero en «Ver Citas».'],
  ])('%i', (n, text) => {
    expect(unlinkBlocked(n)).toBe(text);
  });
});
