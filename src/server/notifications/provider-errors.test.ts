import { expect, it } from 'vitest';
import { shortText } from './provider-errors';

it('a provider error keeps its words, never a phone number', () => {
  expect(shortText("The 'To' number +34 612 34 56 78 is not a valid phone number.")).toBe("The 'To' number … is not a valid phone number.");
  expect(shortText('Message undeliverable (to 34612345678)')).toBe('Message undeliverable (to …)');
  expect(shortText('(#131026) Message undeliverable')).toBe('(#131026) Message undeliverable');
  expect(shortText(`x${' '.repeat(50)}y`)).toBe('x y');
  expect(shortText(undefined)).toBe('');
  expect(shortText('a'.repeat(500))).toHaveLength(200);
});
