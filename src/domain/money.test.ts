import { describe, expect, it } from 'vitest';
import { formatEuros, fromCents, isWholeCents, sumEuros, toCents } from './money';

// Intl es-ES on Node 20 puts a no-break space (U+00A0) between the amount and '€'.
const NBSP = '\u00a0';

describe('formatEuros (what Intl es-ES gives on Node 20)', () => {
  it.each([
    [45.5, `45,50${NBSP}€`],
    [45, `45,00${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [0.1 + 0.2, `0,30${NBSP}€`],
    [1.005, `1,01${NBSP}€`],
    [9.999, `10,00${NBSP}€`],
    // no thousands dot below 10 000 (CLDR minimumGroupingDigits 2)...
    [1234, `1234,00${NBSP}€`],
    [9999.99, `9999,99${NBSP}€`],
    // ...and a dot from 10 000 on
    [10000, `10.000,00${NBSP}€`],
    [12345.678, `12.345,68${NBSP}€`],
    [1234567.891, `1.234.567,89${NBSP}€`],
    [-3.2, `-3,20${NBSP}€`],
  ])('%d -> %j', (amount, text) => {
    expect(formatEuros(amount)).toBe(text);
  });
});

describe('formatEuros writes what Intl es-ES writes, without Intl', () => {
  const intl = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Every cent to 100 €, then each power of ten's neighbours (where a thousands dot appears), both signs.
  const amounts = [
    ...Array.from({ length: 10_001 }, (_, i) => i / 100),
    ...Array.from({ length: 13 }, (_, e) => 10 ** e).flatMap((p) => [p - 0.01, p, p + 0.01, p * 1.2345]),
    0.004,
    0.005,
    1.005,
    0.1 + 0.2,
  ];
  it('for every cent to 100 € and around every power of ten to 10^12, both signs', () => {
    const differ = amounts.flatMap((a) => [a, -a]).filter((a) => formatEuros(a) !== intl.format(fromCents(toCents(a))));
    expect(differ).toEqual([]);
  });
});

describe('toCents / fromCents', () => {
  it.each([
    [0, 0],
    [45.5, 4550],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.115, 112],
    [19.99, 1999],
    [0.004, 0],
    [0.005, 1],
    [-0.005, -1],
    [-0.004, 0],
    [-12.34, -1234],
    [1234567.89, 123456789],
  ])('%d € -> %i cents', (euros, cents) => {
    expect(toCents(euros)).toBe(cents);
  });

  it('never returns -0', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it.each([
    [4550, 45.5],
    [30, 0.3],
    [1, 0.01],
    [-1234, -12.34],
  ])('%i cents -> %d €', (cents, euros) => {
    expect(fromCents(cents)).toBe(euros);
  });

  it.each([[Number.NaN], [Infinity]])('toCents(%d) throws', (bad) => {
    expect(() => toCents(bad)).toThrow(RangeError);
  });

  it('fromCents rejects fractions of a cent', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('sumEuros', () => {
  it.each([
    [[], 0],
    [[0.1, 0.2], 0.3],
    [[45.5, 30, 12.25], 87.75],
    [[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1], 1],
    [[19.99, 19.99, 19.99], 59.97],
    [[100, -25.5], 74.5],
  ])('%j -> %d', (amounts, total) => {
    expect(sumEuros(amounts)).toBe(total);
  });
});

describe('isWholeCents: a fraction of a cent is refused, never rounded', () => {
  it.each([
    [45, true],
    [45.5, true],
    [19.99, true],
    [0.1 + 0.2, true],
    [0, true],
    [390, true],
    [1234567.89, true],
    [0.004, false],
    [99999.995, false],
    [1.005, false],
    [45.001, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d -> %s', (amount, ok) => {
    expect(isWholeCents(amount)).toBe(ok);
  });
});
