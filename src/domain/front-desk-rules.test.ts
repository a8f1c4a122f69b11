import { describe, expect, it } from 'vitest';
import { canReschedule, checkClientFields, isErasedClientRecord, mayBookClientWith, mayChangeClientEmail, mayManageAgenda } from './front-desk-rules';
import type { Role } from './roles';
import { STAFF_MSG } from './texts/staff';

describe('mayManageAgenda', () => {
  it.each<[Role, string, string | null, boolean]>([
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

describe('mayBookClientWith', () => {
  it.each<[Role, string | null, boolean]>([
    ['admin', 'b', true],
    ['receptionist', 'b', true],
    // A professional books her client with herself or with a colleague (docs/decisions/086).
    ['employee', 'other', true],
    // Nobody books with a professional without an account.
    ['employee', null, false],
    ['admin', null, false],
    ['client', 'c', false],
  ])('%s with %s -> %s', (role, agenda, expected) => {
    expect(mayBookClientWith(role, agenda)).toBe(expected);
  });
});

describe('isErasedClientRecord', () => {
  const gone = { name: 'Cliente eliminado', userId: null, phone: null, email: null };
  it.each([
    [gone, true],
    [{ ...gone, phone: '+34600111222' }, false],
    [{ ...gone, email: 'a@b.es' }, false],
    [{ ...gone, userId: 'u' }, false],
    [{ ...gone, name: 'Ana' }, false],
  ])('%o -> %s', (record, expected) => {
    expect(isErasedClientRecord(record, 'Cliente eliminado')).toBe(expected);
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

describe('checkClientFields', () => {
  it.each([
    [
      { name: 'Ana Ruiz', phone: '612 34 56 78' },
      { ok: true, value: { name: 'Ana Ruiz', phone: '+34612345678', email: null, notes: '' } },
    ],
    [
      { name: ' Ana ', phone: '+34612345678', email: ' Ana@Correo.ES ', notes: ' alergia al látex ' },
      { ok: true, value: { name: 'Ana', phone: '+34612345678', email: 'ana@correo.es', notes: 'alergia al látex' } },
    ],
    [
      { name: '  ', phone: '612345678' },
      { ok: false, message: STAFF_MSG.clientNameRequired },
    ],
    [
      { name: 'x'.repeat(121), phone: '612345678' },
      { ok: false, message: STAFF_MSG.clientNameRequired },
    ],
    [
      { name: 'Ana', phone: '' },
      { ok: false, message: STAFF_MSG.clientPhoneRequired },
    ],
    [
      { name: 'Ana', phone: '123' },
      { ok: false, message: STAFF_MSG.clientPhoneInvalid },
    ],
    [
      { name: 'Ana', phone: '612345678', email: 'no-es-un-email' },
      { ok: false, message: STAFF_MSG.clientEmailInvalid },
    ],
    [
      { name: 'Ana', phone: '612345678', notes: 'x'.repeat(2001) },
      { ok: false, message: STAFF_MSG.clientNotesTooLong },
    ],
    [
      { name: 'Ana\r\nRuiz', phone: '612345678' },
      { ok: false, message: STAFF_MSG.textControlCharacters },
    ],
    [
      { name: 'Ana', phone: '612345678', email: 'ana@correo.es\n' },
      { ok: false, message: STAFF_MSG.textControlCharacters },
    ],
    [
      { name: 'Ana', phone: '612345678', notes: 'Alergia\u001b[31m' },
      { ok: false, message: STAFF_MSG.textControlCharacters },
    ],
    [
      { name: 'Ana', phone: '612345678', notes: 'Alergia\nPrefiere mañanas' },
      { ok: true, value: { name: 'Ana', phone: '+34612345678', email: null, notes: 'Alergia\nPrefiere mañanas' } },
    ],
  ])('%j', (input, expected) => {
    expect(checkClientFields(input)).toEqual(expected);
  });
});

describe('mayChangeClientEmail', () => {
  it.each<[Role, string | null, string | null, boolean]>([
    ['admin', 'a@b.es', 'c@d.es', true],
    ['admin', null, 'c@d.es', true],
    ['admin', 'a@b.es', null, true],
    ['employee', 'a@b.es', 'c@d.es', false],
    ['employee', null, 'c@d.es', false],
    ['employee', 'a@b.es', null, false],
    ['employee', 'a@b.es', ' A@B.es ', true],
    ['employee', null, null, true],
    ['employee', null, '', true],
    ['client', 'a@b.es', 'c@d.es', false],
  ])('%s: %j -> %j is %s', (role, before, after, ok) => {
    expect(mayChangeClientEmail(role, before, after)).toBe(ok);
  });
});
