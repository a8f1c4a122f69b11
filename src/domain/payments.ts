// Payments (cobros) and the Caja del día (docs/decisions/039-payments-not-invoices-verifactu.md):
// what a set of payment lines may be, the day's totals and the accountant's CSV. Auna records
// payments for the salon's own control: none of this is an invoice or a ticket.

import { fromCents, isWholeCents, toCents } from './money';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';
import { paymentOverPrice, STAFF_MSG } from './texts/staff';

/** What the front desk records: every method but 'bono', which the bonos record themselves. */
export const DESK_PAYMENT_METHODS = PAYMENT_METHODS.filter((m) => m !== 'bono') as Exclude<PaymentMethod, 'bono'>[];
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

export const PAYMENT_LINES_MAX = 5;
export const DISCOUNT_REASON_MAX = 200;
/** No single line above this: a typo (4500 for 45,00) is refused before it reaches the price check. */
export const PAYMENT_AMOUNT_MAX = 10_000;

/** A positive amount of whole cents, one at least (1e-71 is "whole cents" to a float, and 0,00 € to the database). */
export function isPaymentAmount(amount: number): boolean {
  return isWholeCents(amount) && amount >= 0.01 && amount <= PAYMENT_AMOUNT_MAX;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

export type PaymentCheck = {
  /** The appointment's price (its own copy, fixed when booked). */
  price: number;
  /** What earlier payments of this appointment already add up to. */
  alreadyPaid: number;
  amounts: readonly number[];
  discountReason: string;
};

/**
 * Why these lines cannot be recorded, or null. The total paid may never pass the price: a tip is
 * not the salon's takings (in Spain it goes to the jar, not the till), and a typo must not inflate
 * the Caja. Below the price, a reason for the discount is required (the owner reads it in the Caja).
 */
export function paymentProblem(p: PaymentCheck): string | null {
  if (p.amounts.length === 0 || p.amounts.length > PAYMENT_LINES_MAX) return STAFF_MSG.paymentLinesInvalid;
  if (!p.amounts.every(isPaymentAmount)) return STAFF_MSG.paymentAmountInvalid;
  const price = toCents(p.price);
  const before = toCents(p.alreadyPaid);
  const total = before + p.amounts.reduce((s, a) => s + toCents(a), 0);
  if (total > price) return paymentOverPrice(euros(Math.max(0, price - before)));
  if (total < price && p.discountReason.trim() === '') return STAFF_MSG.paymentDiscountReasonRequired;
  if (p.discountReason.trim().length > DISCOUNT_REASON_MAX) return STAFF_MSG.paymentDiscountReasonTooLong;
  return null;
}

/** One line of money in the day: a payment, or a sale (a gift card). */
export type CajaLine = { method: PaymentMethod; amount: number; professional?: string };

export type MethodTotal = { method: PaymentMethod; total: number; count: number };
export type ProfessionalTotal = { professional: string; total: number; count: number };

/**
 * What brings no money into the till that day: the money came in when the gift card or the bono
 * was sold. The Caja shows these lines in their own block, "ya pagado antes", never among the
 * methods money came in by (ADR 052).
 */
export const PREPAID_METHODS: readonly PaymentMethod[] = ['bono', 'tarjeta_regalo'];

/** The day's lines in the Caja's two blocks, each with its total and its methods: the two totals add up to every line. */
export function cajaBlocks(lines: readonly CajaLine[]) {
  const prepaid = lines.filter((l) => PREPAID_METHODS.includes(l.method));
  const money = lines.filter((l) => !PREPAID_METHODS.includes(l.method));
  const total = (ls: readonly CajaLine[]) => fromCents(ls.reduce((s, l) => s + toCents(l.amount), 0));
  return { moneyIn: total(money), moneyByMethod: totalsByMethod(money), prepaid: total(prepaid), prepaidByMethod: totalsByMethod(prepaid) };
}

/** Totals per method in PAYMENT_METHODS order, only the methods used; summed in cents. */
export function totalsByMethod(lines: readonly CajaLine[]): MethodTotal[] {
  return PAYMENT_METHODS.flatMap((method) => {
    const of = lines.filter((l) => l.method === method);
    return of.length ? [{ method, total: fromCents(of.reduce((s, l) => s + toCents(l.amount), 0)), count: of.length }] : [];
  });
}

/** Totals per professional (the lines that have one), by name in Spanish order. */
export function totalsByProfessional(lines: readonly CajaLine[]): ProfessionalTotal[] {
  const by = new Map<string, { cents: number; count: number }>();
  for (const l of lines) {
    if (!l.professional) continue;
    const t = by.get(l.professional) ?? { cents: 0, count: 0 };
    t.cents += toCents(l.amount);
    t.count += 1;
    by.set(l.professional, t);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b, 'es'))
    .map(([professional, t]) => ({ professional, total: fromCents(t.cents), count: t.count }));
}

// ---- the accountant's CSV: what Spanish Excel opens with a double click ----

/** UTF-8's byte order mark: without it Excel reads 'Depilación' as 'DepilaciÃ³n'. */
export const CSV_BOM = '\uFEFF';

/** '1234,50': a decimal comma and no thousands separator, as Excel in Spanish reads a number. */
export const csvAmount = (amount: number) => (toCents(amount) / 100).toFixed(2).replace('.', ',');

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text starting with
 * = + - @ (or a tab or carriage return) gets a leading apostrophe so Excel never runs it as a
 * formula (a client's name is typed by anyone booking online).
 */
export function csvCell(value: string): string {
  // A negative amount as csvAmount writes it ('-20,00': a void, cash taken out) is a number, not a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+,\d\d$/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Semicolon-separated (Excel in Spanish uses the comma for decimals), CRLF line ends, the BOM
 * first. Amounts are passed already written with csvAmount, so a number cell is never prefixed.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => cells.map(csvCell).join(';');
  return CSV_BOM + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}
