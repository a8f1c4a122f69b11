import { describe, expect, it } from 'vitest';
import { categoryLabel } from './service-category';

describe('categoryLabel', () => {
  it.each([
    ['Facial', 'Facial'],
    ['  Uñas ', 'Uñas'],
    ['', 'General'],
    ['   ', 'General'],
    [null, 'General'],
    [undefined, 'General'],
  ])('%j -> %s', (given, shown) => {
    expect(categoryLabel(given)).toBe(shown);
  });
});
