import { describe, expect, it } from 'vitest';
import { icsText } from './ics';

// RFC 5545 §3.3.11 TEXT: what the feed writes for its calendar name (ADR 032).
describe('icsText', () => {
  it.each([
    ['Auna: citas de Lucía', 'Auna: citas de Lucía'],
    ['Rosa\r\nX-INJECTED:1', 'Rosa\\nX-INJECTED:1'],
    ['a\rb\nc\u2028d', 'a\\nb\\nc\\nd'],
    ['a;b,c\\d', 'a\\;b\\,c\\\\d'],
    ['tab\there\u0007\u001b[31m\u0085', 'tabhere[31m'],
  ])('%j -> %j', (input, expected) => {
    expect(icsText(input)).toBe(expected);
  });
});
