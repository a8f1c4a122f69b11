import { describe, expect, it } from 'vitest';
import {
  codeFromRandomBytes,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  giftCardLastDay,
  giftCardRefusal,
  giftCardStatus,
  isGiftCardAmount,
  isGiftCardCodeShape,
  maskedGiftCardCode,
  normalizeGiftCardCode,
} from './gift-cards';
import { STAFF_MSG } from './texts/staff';

describe('the code', () => {
  it('has 31 symbols a person cannot confuse: no 0/O, 1/I/L', () => {
    expect(GIFT_CARD_ALPHABET).toHaveLength(31);
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(31);
    for (const ch of '01OIL') expect(GIFT_CARD_ALPHABET).not.toContain(ch);
  });

  it.each<[string, number[], string | null]>([
    ['the first ten usable bytes', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], '23456789AB'],
    ['a byte of 248 or more is skipped (no bias)', [248, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9], '23456789AB'],
    ['bytes wrap modulo 31', [31, 32, 33, 34, 35, 36, 37, 38, 39, 40], '23456789AB'],
    ['the last symbol', [30, 61, 92, 123, 154, 185, 216, 247, 30, 30], 'ZZZZZZZZZZ'],
    ['too few usable bytes: null, ask again', [250, 251, 0, 1], null],
  ])('%s', (_, bytes, code) => {
    expect(codeFromRandomBytes(Uint8Array.from(bytes))).toBe(code);
  });

  it.each<[string, string]>([
    ['K7MR4QXP2H', 'K7MR-4QXP-2H'],
    ['ABCD', 'ABCD'],
  ])('formats %s as %s', (code, shown) => expect(formatGiftCardCode(code)).toBe(shown));

  it.each<[string, string, boolean]>([
    ['k7mr-4qxp-2h', 'K7MR4QXP2H', true],
    [' K7MR 4QXP 2H ', 'K7MR4QXP2H', true],
    ['K7MR-4QXP-2', 'K7MR4QXP2', false],
    ['K7MR-4QXP-2HH', 'K7MR4QXP2HH', false],
    ['K7MR-4QXP-20', 'K7MR4QXP20', false], // a zero is not in the alphabet: not found, never mapped
    ['K7MR-4QXP-2Ñ', 'K7MR4QXP2Ñ', false],
  ])('normalises %j to %s (shape %s)', (typed, normal, shape) => {
    expect(normalizeGiftCardCode(typed)).toBe(normal);
    expect(isGiftCardCodeShape(normalizeGiftCardCode(typed))).toBe(shape);
  });

  it('masks all but the last four symbols', () => expect(maskedGiftCardCode('XP2H')).toBe('••••-••XP-2H'));
  it('is 10 symbols long', () => expect(GIFT_CARD_CODE_LENGTH).toBe(10));
});

describe('giftCardLastDay: twelve months from the sale, the day before', () => {
  it.each<[string, string]>([
    ['2026-12-24', '2027-12-23'],
    ['2026-01-01', '2026-12-31'],
    ['2028-02-29', '2029-02-27'], // no 29 February in 2029: clamped to the 28th, then the day before
    ['2026-03-31', '2027-03-30'],
  ])('sold %s: valid through %s', (sale, last) => expect(giftCardLastDay(sale)).toBe(last));
  it('other lengths', () => expect(giftCardLastDay('2026-01-31', 1)).toBe('2026-02-27'));
});

describe('giftCardRefusal and status', () => {
  const card = { balance: 30, lastDay: '2027-06-30' };
  it.each<[string, { balance: number; lastDay: string }, string, number, string | null]>([
    ['pays part of its balance', card, '2027-01-10', 20, null],
    ['pays its whole balance', card, '2027-01-10', 30, null],
    ['pays on its last day', card, '2027-06-30', 10, null],
    ['expired the day after', card, '2027-07-01', 10, 'Esta tarjeta regalo caducó el 30/06/2027: ya no se puede usar.'],
    ['expired even with balance left, before "used up"', { ...card, balance: 0 }, '2027-07-01', 10, 'Esta tarjeta regalo caducó el 30/06/2027: ya no se puede usar.'],
    ['used up', { ...card, balance: 0 }, '2027-01-10', 5, STAFF_MSG.giftCardUsedUp],
    [
      'short of balance',
      { ...card, balance: 10 },
      '2027-01-10',
      20,
      'La tarjeta regalo solo tiene 10,00 € de saldo. Cobra esa cantidad con ella y el resto con otro método.',
    ],
    ['cents count', { ...card, balance: 0.1 + 0.2 }, '2027-01-10', 0.3, null],
  ])('%s', (_, c, today, amount, refusal) => expect(giftCardRefusal(c, today, amount)).toBe(refusal));

  it.each<[number, string, string]>([
    [30, '2027-01-10', 'activa'],
    [0, '2027-01-10', 'gastada'],
    [0, '2027-08-10', 'gastada'],
    [5, '2027-08-10', 'caducada'],
  ])('balance %s on %s: %s', (balance, today, status) => expect(giftCardStatus({ balance, lastDay: '2027-06-30' }, today)).toBe(status));
});

describe('isGiftCardAmount', () => {
  it.each<[number, boolean]>([
    [1, true],
    [45.5, true],
    [1000, true],
    [0.99, false],
    [1000.01, false],
    [10.005, false],
    [Number.NaN, false],
  ])('%s: %s', (amount, ok) => expect(isGiftCardAmount(amount)).toBe(ok));
});
