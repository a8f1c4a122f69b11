import { describe, expect, it } from 'vitest';
import { MSG } from './texts/common';
import { MIN_PASSWORD_LENGTH, validateSignup, type SignupInput } from './signup-rules';

const ok: SignupInput = {
  email: 'ana@example.com',
  password: 'secreto',
  confirmPassword: 'secreto',
};

describe('validateSignup', () => {
  it.each<[string, SignupInput, string | null]>([
    ['valid', ok, null],
    ['exactly 6 characters', { ...ok, password: 'abcdef', confirmPassword: 'abcdef' }, null],
    [
      '6 characters with an emoji',
      { ...ok, password: 'abcde😀', confirmPassword: 'abcde😀' },
      null,
    ],
    ['5 characters', { ...ok, password: 'abcde', confirmPassword: 'abcde' }, MSG.passwordTooShort],
    [
      'short and different: length first',
      { ...ok, password: 'abc', confirmPassword: 'xyz' },
      MSG.passwordTooShort,
    ],
    ['not matching', { ...ok, confirmPassword: 'secreta' }, MSG.passwordsDontMatch],
    ['no email', { ...ok, email: '  ' }, MSG.signupMissingFields],
    ['no password', { ...ok, password: '' }, MSG.signupMissingFields],
    ['no confirmation', { ...ok, confirmPassword: '' }, MSG.signupMissingFields],
  ])('%s -> %j', (_name, input, expected) => {
    expect(validateSignup(input)).toBe(expected);
  });

  it('keeps the spec minimum of 6', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
  });
});
