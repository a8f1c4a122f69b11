import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, DESK_PAYMENT_METHODS, isPaymentAmount, paymentProblem, toCsv, totalsByMethod, totalsByProfessional, type PaymentCheck } from './payments';
import { STAFF_MSG } from './texts/staff';

const check = (p: Partial<PaymentCheck>): string | null => paymentProblem({ price: 45, alreadyPaid: 0, amounts: [45], discountReason: '', ...p });

describe('isPaymentAmount', () => {
  it.each<[number, boolean]>([
    [0.01, true],
    [45, true],
    [10_000, true],
    [0, false],
    [-5, false],
    [1.3206971677874157e-71, false], // found by the hostile sweep: 0,00 € to the database, and a 500
    [0.004, false],
    [25.505, false],
    [10_000.01, false],
    [Number.NaN, false],
  ])('%s → %s', (amount, ok) => expect(isPaymentAmount(amount)).toBe(ok));
});

describe('paymentProblem', () => {
  it.each<[string, Partial<PaymentCheck>, string | null]>([
    ['the whole price in one line', {}, null],
    ['part card, part cash, adding up to the price', { amounts: [20, 25] }, null],
    ['the rest after an earlier line', { alreadyPaid: 20, amounts: [25] }, null],
    ['below the price without a reason', { amounts: [40] }, STAFF_MSG.paymentDiscountReasonRequired],
    ['below the price with only spaces', { amounts: [40], discountReason: '   ' }, STAFF_MSG.paymentDiscountReasonRequired],
    ['below the price with a reason', { amounts: [40], discountReason: 'Clienta habitual' }, null],
    ['above the price: no tips', { amounts: [50] }, 'El cobro supera el precio de la cita: quedan 45,00 € por cobrar. Auna no registra propinas.'],
    ['above what is left', { alreadyPaid: 40, amounts: [10] }, 'El cobro supera el precio de la cita: quedan 5,00 € por cobrar. Auna no registra propinas.'],
    ['cents add up exactly (0,10 + 0,20 of 0,30)', { price: 0.3, amounts: [0.1, 0.2] }, null],
    ['no lines', { amounts: [] }, STAFF_MSG.paymentLinesInvalid],
    ['six lines', { amounts: [1, 1, 1, 1, 1, 1], discountReason: 'x' }, STAFF_MSG.paymentLinesInvalid],
    ['a zero line', { amounts: [45, 0] }, STAFF_MSG.paymentAmountInvalid],
    ['a negative line', { amounts: [50, -5] }, STAFF_MSG.paymentAmountInvalid],
    ['fractions of a cent', { amounts: [44.999] }, STAFF_MSG.paymentAmountInvalid],
    ['a reason too long', { amounts: [40], discountReason: 'x'.repeat(201) }, STAFF_MSG.paymentDiscountReasonTooLong],
  ])('%s', (_, p, problem) => expect(check(p)).toBe(problem));

  it('never offers bono at the desk', () => expect(DESK_PAYMENT_METHODS).toEqual(['efectivo', 'tarjeta', 'bizum', 'tarjeta_regalo', 'otro']));
});

describe('the day totals', () => {
  const lines = [
    { method: 'efectivo' as const, amount: 0.1, professional: 'Lucía' },
    { method: 'efectivo' as const, amount: 0.2, professional: 'Ana' },
    { method: 'tarjeta_regalo' as const, amount: 20, professional: 'Lucía' },
    { method: 'bizum' as const, amount: 30 },
  ];
  it('by method, in the methods order, only those used, in cents', () =>
    expect(totalsByMethod(lines)).toEqual([
      { method: 'efectivo', total: 0.3, count: 2 },
      { method: 'bizum', total: 30, count: 1 },
      { method: 'tarjeta_regalo', total: 20, count: 1 },
    ]));
  it('by professional, in Spanish order, sales without one left out', () =>
    expect(totalsByProfessional(lines)).toEqual([
      { professional: 'Ana', total: 0.2, count: 1 },
      { professional: 'Lucía', total: 20.1, count: 2 },
    ]));
});

describe('the CSV', () => {
  it.each<[string, string]>([
    ['Depilación', 'Depilación'],
    ['María; Ana', '"María; Ana"'],
    ['Dice "hola"', '"Dice ""hola"""'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+34 600', "'+34 600"],
    ['-5', "'-5"],
    ['-20,00', '-20,00'],
    ['-2+3,00', "'-2+3,00"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['dos\nlíneas', '"dos\nlíneas"'],
  ])('cell %j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each<[number, string]>([
    [45, '45,00'],
    [1234.5, '1234,50'],
    [0.1 + 0.2, '0,30'],
  ])('amount %s → %s', (amount, text) => expect(csvAmount(amount)).toBe(text));

  it('starts with the BOM, separates with semicolons and ends lines with CRLF', () => {
    expect(toCsv(['Método', 'Importe'], [['Efectivo', csvAmount(45)]])).toBe('\uFEFFMétodo;Importe\r\nEfectivo;45,00\r\n');
  });
});
