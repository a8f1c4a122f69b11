import { expect, it } from 'vitest';
import { STAFF_MSG } from './texts/staff';
import { newPasswordProblem } from './password-rules';

const common = new Set(['123456', 'password', 'qwerty123']);
const isCommon = (p: string) => common.has(p);

it.each([
  ['a client, an uncommon 6-character password', 'tq9#zr', false, null],
  ['a client, a common one', '123456', false, STAFF_MSG.passwordTooCommon],
  ['a client, a common one in capitals', 'PASSWORD', false, STAFF_MSG.passwordTooCommon],
  ['staff, 11 characters', 'abcdefghijk', true, STAFF_MSG.staffPasswordTooShort],
  ['staff, 12 characters', 'abcdefghijkl', true, null],
  ['staff, 12 characters counted as characters, not bytes', 'ñññññññññññ', true, STAFF_MSG.staffPasswordTooShort],
  ['staff, a common 9-character one: too short first', 'qwerty123', true, STAFF_MSG.staffPasswordTooShort],
] as const)('%s', (_l, password, staff, expected) => {
  expect(newPasswordProblem(password, { staff, isCommon })?.message ?? null).toBe(expected);
});
