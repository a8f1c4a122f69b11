import { describe, expect, it } from 'vitest';
import { isId } from './params';

// The one test of an id's form: what PostgreSQL's uuid type reads, nothing it would refuse to cast.
describe('isId', () => {
  it.each([
    ['0b8f9a4e-1111-4222-8333-444455556666', true],
    ['0B8F9A4E-1111-4222-8333-444455556666', true],
    ['00000000-0000-0000-0000-000000000000', true],
    // Not RFC 9562's version/variant digits, but a uuid to PostgreSQL: looked up (and not found).
    ['12345678-1234-1234-1234-123456789012', true],
    ['no-es-un-id', false],
    ['0b8f9a4e11114222833344445555666', false],
    ['0b8f9a4e-1111-4222-8333-44445555666', false],
    ['0b8f9a4e-1111-4222-8333-4444555566667', false],
    ['{0b8f9a4e-1111-4222-8333-444455556666}', false],
    ['0b8f9a4e-1111-4222-8333-444455556666\n', false],
    [' 0b8f9a4e-1111-4222-8333-444455556666', false],
    ['0b8f9a4g-1111-4222-8333-444455556666', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isId(value)).toBe(expected);
  });
});
