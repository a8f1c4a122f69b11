import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  closeProblem,
  countTotalCents,
  denominationLabel,
  DENOMINATIONS,
  expectedCash,
  isCashAmount,
  isUnclosed,
  mayChangeClosedDay,
  mayUseTill,
  reasonProblem,
  type CloseCheck,
} from './cash-close';
import { ROLES } from './roles';
import { CASH_CLOSE_MSG } from './texts/cash-close';

describe('who works the till', () => {
  it.each(ROLES)('%s', (role) => {
    expect(mayUseTill(role)).toBe(role === 'admin' || role === 'receptionist'); // the desk's (ADR 063)
    expect(mayChangeClosedDay(role)).toBe(role === 'admin');
  });
  it('nobody without a role', () => expect([mayUseTill(undefined), mayChangeClosedDay('')]).toEqual([false, false]));
});

describe('isCashAmount', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [150, true],
    [0.01, true],
    [10_000, true],
    [10_000.01, false],
    [-0.01, false],
    [0.004, false],
    [12.345, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['150', false],
    [null, false],
  ])('%s', (amount, ok) => expect(isCashAmount(amount, 10_000)).toBe(ok));
  it('may refuse zero', () => expect(isCashAmount(0, 10, false)).toBe(false));
  it.each([4.2011260649348724e-150, 1e-9, 0.000001, -0])('a fraction of a cent that rounds to zero is no amount: %s', (amount) => {
    expect(isCashAmount(amount, 10, false)).toBe(false);
  });
});

describe('the count by notes and coins', () => {
  it('has the fifteen euro notes and coins, largest first', () => {
    expect(DENOMINATIONS.length).toBe(15);
    expect(DENOMINATIONS.map(denominationLabel)).toEqual([
      '500 €',
      '200 €',
      '100 €',
      '50 €',
      '20 €',
      '10 €',
      '5 €',
      '2 €',
      '1 €',
      '0,50 €',
      '0,20 €',
      '0,10 €',
      '0,05 €',
      '0,02 €',
      '0,01 €',
    ]);
  });
  it.each<[string, { value: number; count: number }[], number | null]>([
    ['nothing', [], 0],
    [
      'two 50s, three 0,20 and a cent',
      [
        { value: 50, count: 2 },
        { value: 0.2, count: 3 },
        { value: 0.01, count: 1 },
      ],
      10_061,
    ],
    [
      '0,10 + 0,20 add as cents',
      [
        { value: 0.1, count: 1 },
        { value: 0.2, count: 1 },
      ],
      30,
    ],
    ['a 30 € note does not exist', [{ value: 30, count: 1 }], null],
    ['a 0,03 coin does not exist', [{ value: 0.03, count: 1 }], null],
    [
      'the same note twice',
      [
        { value: 20, count: 1 },
        { value: 20, count: 2 },
      ],
      null,
    ],
    ['half a coin', [{ value: 1, count: 0.5 }], null],
    ['a negative count', [{ value: 1, count: -1 }], null],
    ['too many', [{ value: 1, count: 10_001 }], null],
    ['a value near a coin', [{ value: 0.0500001, count: 1 }], null],
  ])('%s', (_, lines, cents) => expect(countTotalCents(lines)).toBe(cents));
});

describe('expected cash', () => {
  it('is the float, plus the cash taken and put in, minus what was taken out, in cents', () =>
    expect(expectedCash({ openingFloat: 150, cashPayments: 0.1, cashSales: 0.2, cashIn: 20, cashOut: 35.5 })).toBe(134.8));
  it('the difference is counted minus expected', () => {
    expect(cashDifference(148, 150)).toBe(-2);
    expect(cashDifference(150.3, 150.1)).toBe(0.2);
  });
});

describe('closeProblem', () => {
  const check = (c: Partial<CloseCheck>) => closeProblem({ counted: 150, expected: 150, ...c });
  it.each<[string, Partial<CloseCheck>, string | null]>([
    ['counted what was expected', {}, null],
    [
      'counted with the sheet',
      {
        count: [
          { value: 100, count: 1 },
          { value: 50, count: 1 },
        ],
      },
      null,
    ],
    ['the sheet does not add up', { count: [{ value: 100, count: 1 }] }, CASH_CLOSE_MSG.countMismatch],
    ['a bad sheet', { count: [{ value: 7, count: 1 }] }, CASH_CLOSE_MSG.countInvalid],
    ['two euros short, no reason', { counted: 148 }, CASH_CLOSE_MSG.differenceReasonRequired],
    ['two euros short, only spaces', { counted: 148, reason: '   ' }, CASH_CLOSE_MSG.differenceReasonRequired],
    ['two euros short, "x"', { counted: 148, reason: 'x' }, CASH_CLOSE_MSG.reasonTooShort],
    ['two euros short, a reason', { counted: 148, reason: 'Cambio mal devuelto' }, null],
    ['more than expected, a reason', { counted: 151, reason: 'Propina en la caja' }, null],
    ['a reason with a control character', { counted: 151, reason: 'Sobra\u0007 uno' }, CASH_CLOSE_MSG.reasonInvalid],
    ['negative counted', { counted: -1 }, CASH_CLOSE_MSG.countedInvalid],
    ['fractions of a cent', { counted: 150.005 }, CASH_CLOSE_MSG.countedInvalid],
  ])('%s', (_, c, problem) => expect(check(c)).toBe(problem));
});

describe('reasonProblem', () => {
  it.each<[string | undefined, string | null]>([
    [undefined, CASH_CLOSE_MSG.reasonRequired],
    ['', CASH_CLOSE_MSG.reasonRequired],
    ['abcd', CASH_CLOSE_MSG.reasonTooShort],
    ['Error de tecleo', null],
    ['Dos líneas\ny un salto', null],
    ['x'.repeat(301), CASH_CLOSE_MSG.reasonTooLong],
    ['😀😀😀😀😀', null],
  ])('%j', (reason, problem) => expect(reasonProblem(reason)).toBe(problem));
});

describe('isUnclosed', () => {
  type Day = Parameters<typeof isUnclosed>[0];
  const base: Day = { date: '2026-01-13', today: '2026-01-14', firstOpened: '2026-01-01', opened: true, moved: true, closed: false };
  it.each<[string, Partial<Day>, boolean]>([
    ['yesterday, opened and not closed', {}, true],
    ['yesterday, money moved but never opened', { opened: false }, true],
    ['yesterday, closed', { closed: true }, false],
    ['a Sunday with nothing', { opened: false, moved: false }, false],
    ['today is not yet "unclosed"', { date: '2026-01-14' }, false],
    ['before the salon first opened a till', { date: '2025-12-31' }, false],
    ['a salon that never opened a till', { firstOpened: null }, false],
  ])('%s', (_, d, unclosed) => expect(isUnclosed({ ...base, ...d })).toBe(unclosed));
});
