import { describe, expect, it } from 'vitest';
import { cleanReasons, DEFAULT_DISCOUNT_REASONS, discountOverLimit, discountProblem, discountSettingsProblem, DISCOUNT_MSG, isRealReason } from './discounts';
import type { Role } from './roles';

const reasons = DEFAULT_DISCOUNT_REASONS;
const check = (role: Role, price: number, charged: number, reason: string, limitPercent = 0) => discountProblem({ role, price, charged, reason, limitPercent, ownerReasons: reasons });

describe('isRealReason: one of the owner’s reasons, or a text with a few different letters', () => {
  it.each([
    ['x', false],
    ['...', false],
    ['1234', false],
    ['xxxx', false],
    ['Xx xX', false],
    ['ok', false],
    ['amiga', true],
    ['Vale de la feria', true],
    ['cliente habitual', true], // the owner's, in another case
    ['Promoción del salón', true],
    ['  Ñoña  ', true],
  ])('%j -> %s', (reason, ok) => {
    expect(isRealReason(reason, reasons)).toBe(ok);
  });
  it('a short reason of the owner’s own list counts', () => {
    expect(isRealReason('VIP', ['VIP'])).toBe(true);
    expect(isRealReason('VIP', reasons)).toBe(false);
  });
});

describe('discountProblem: the price needs nothing, anything else a reason and, for staff, the limit', () => {
  it.each<[Role, number, number, string, number, string | null]>([
    // the price itself, whoever charges it
    ['employee', 390, 390, '', 0, null],
    ['admin', 45, 45, '', 0, null],
    // a different amount without a reason, or with "x"
    ['employee', 390, 0, '', 0, DISCOUNT_MSG.reasonRequired],
    ['admin', 390, 0, '  ', 0, DISCOUNT_MSG.reasonRequired],
    ['admin', 45, 0.01, 'x', 0, DISCOUNT_MSG.reasonNotReal],
    ['employee', 45, 0.01, 'x', 0, DISCOUNT_MSG.reasonNotReal],
    // the staff's limit, 0 by default: nothing off
    ['employee', 45, 0.01, 'Cliente habitual', 0, discountOverLimit(0)],
    ['employee', 45, 44.99, 'Cliente habitual', 0, discountOverLimit(0)],
    // 10 %: 4,50 € off 45,00 € is allowed, a cent more is not
    ['employee', 45, 40.5, 'Cliente habitual', 10, null],
    ['employee', 45, 40.49, 'Cliente habitual', 10, discountOverLimit(10)],
    ['employee', 390, 351, 'Promoción del salón', 10, null],
    ['employee', 390, 0, 'Promoción del salón', 10, discountOverLimit(10)],
    // 100 %: a free visit, with its reason
    ['employee', 45, 0, 'Invitación de la casa', 100, null],
    // above the price: the admin only
    ['employee', 45, 50, 'Cliente habitual', 100, DISCOUNT_MSG.overPrice],
    ['admin', 45, 50, 'Precio antiguo del bono', 0, null],
    // the admin may do more than the staff's limit, with a real reason
    ['admin', 390, 0, 'Invitación de la casa', 0, null],
    ['client', 45, 40, 'Cliente habitual', 50, null],
  ])('%s: price %d, charged %d, %j, limit %d %% -> %j', (role, price, charged, reason, limit, problem) => {
    expect(check(role, price, charged, reason, limit)).toBe(problem);
  });

  it('whole cents decide, not binary noise: 10 % of 19,99 € is 1,999 €, so 18,00 € passes and 17,99 € does not', () => {
    expect(check('employee', 19.99, 18, 'Cliente habitual', 10)).toBeNull();
    expect(check('employee', 19.99, 17.99, 'Cliente habitual', 10)).toBe(discountOverLimit(10));
  });
});

describe('the owner’s settings', () => {
  it('cleans the list: trimmed, no blanks, no repeats in another case', () => {
    expect(cleanReasons([' Promo verano ', '', 'promo verano', 'Amiga'])).toEqual(['Promo verano', 'Amiga']);
  });
  it.each([
    [{ staffDiscountMaxPercent: 0, discountReasons: [...reasons] }, null],
    [{ staffDiscountMaxPercent: 100, discountReasons: [] }, null],
    [{ staffDiscountMaxPercent: 101, discountReasons: [] }, DISCOUNT_MSG.limitInvalid],
    [{ staffDiscountMaxPercent: -1, discountReasons: [] }, DISCOUNT_MSG.limitInvalid],
    [{ staffDiscountMaxPercent: 12.5, discountReasons: [] }, DISCOUNT_MSG.limitInvalid],
    [{ staffDiscountMaxPercent: 10, discountReasons: ['x'] }, DISCOUNT_MSG.reasonsInvalid],
    [{ staffDiscountMaxPercent: 10, discountReasons: Array.from({ length: 21 }, (_, i) => `Motivo ${i}`) }, DISCOUNT_MSG.reasonsInvalid],
  ])('%j -> %j', (v, problem) => {
    expect(discountSettingsProblem(v)).toBe(problem);
  });
});
