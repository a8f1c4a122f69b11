import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneDigits, readablePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['612345678', '+34612345678'],
    ['612 34 56 78', '+34612345678'],
    ['612-34-56-78', '+34612345678'],
    ['+34 612 34 56 78', '+34612345678'],
    ['0034612345678', '+34612345678'],
    ['91 123 45 67', '+34911234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['12345', null],
    ['600', null],
    ['abc', null],
    ['', null],
    ['6123456789012345678901234567', null],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['+34612345678', '612 34 56 78'],
    ['+442079460958', '+44 20 7946 0958'],
    [null, ''],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

it('phoneDigits keeps the digits of a search text', () => {
  expect(phoneDigits('612 3')).toBe('6123');
  expect(phoneDigits('Ana')).toBe('');
});

describe('readablePhone', () => {
  it.each([
    ['+34 923 40 12 34', '923 40 12 34'],
    ['+34612345678', '612 34 56 78'],
    ['0034 612 345 678', '612 34 56 78'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['llamar a recepción', 'llamar a recepción'],
    ['', ''],
  ])('%s -> %s', (typed, shown) => {
    expect(readablePhone(typed)).toBe(shown);
  });
  it('reads nothing as nothing', () => {
    expect(readablePhone(null)).toBe('');
  });
});
