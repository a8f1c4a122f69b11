// The till of a salon day and its close (cierre de caja, docs/decisions/054-the-till-and-its-close.md):
// who works it, what is counted, the figure expected in the drawer, and what a close may be.
// Pure rules: the server decides with them, the close screen shows the same figures.

import { fromCents, isWholeCents, toCents } from './money';
import { hasControlCharacters } from './plain-text';
import { DESK_ROLES, type Role } from './roles';
import { CASH_CLOSE_MSG } from './texts/cash-close';

// ---- who ----

/**
 * The desk: who opens the day with a float, notes cash in and out, counts and closes: the owner
 * and the receptionist (ADR 063). The one place the rule lives: the routes, the screens and the
 * menu read it. Reopening a closed day stays the owner's (CLOSED_DAY_ROLES).
 */
export const TILL_ROLES = DESK_ROLES;
export const mayUseTill = (role: string | undefined): boolean => (TILL_ROLES as readonly string[]).includes(role ?? '');

/**
 * Who may still change the money of a closed day (record or void a payment, sell a card or a
 * bono, reopen it): the owner only. The database's trigger on the money tables says the same
 * (`till_day_guard`, its migration), and the till's tests hold the two together.
 */
export const CLOSED_DAY_ROLES = ['admin'] as const satisfies readonly Role[];
export const mayChangeClosedDay = (role: string | undefined): boolean => (CLOSED_DAY_ROLES as readonly string[]).includes(role ?? '');

/** Voiding or correcting a payment line is the owner's, open day or closed. */
export const mayCorrectPayments = mayChangeClosedDay;

// ---- amounts ----

export const FLOAT_MAX = 10_000;
export const COUNTED_MAX = 1_000_000;
export const MOVEMENT_MAX = 10_000;
export const REASON_MIN = 5;
export const REASON_MAX = 300;
export const COUNT_MAX = 10_000;

/** Whole cents between 0 and `max` (a float of 0 € is a till that starts empty). */
export function isCashAmount(amount: unknown, max: number, allowZero = true): amount is number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount > max) return false;
  if (amount < 0 || !isWholeCents(amount)) return false;
  // A tiny positive number (4e-150) is whole cents of nothing: it is zero, refused where zero is.
  return allowZero || toCents(amount) > 0;
}

// ---- the count: notes and coins ----

/** The euro's notes and coins, in cents, largest first (the order of the counting sheet). */
export const DENOMINATIONS = [50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
export const isNote = (cents: number) => cents >= 500;

/** '50 €', '2 €', '0,50 €', '0,01 €': how the counting sheet names each one. */
export const denominationLabel = (cents: number) => (cents >= 100 ? `${cents / 100} €` : `0,${String(cents).padStart(2, '0')} €`);

/** One line of the count: how many of one note or coin (`value` in euros, as the API speaks). */
export type CountLine = { value: number; count: number };

/** The count in cents, or null when a line names no euro note or coin, repeats one, or counts badly. */
export function countTotalCents(lines: readonly CountLine[]): number | null {
  const seen = new Set<number>();
  let cents = 0;
  for (const l of lines) {
    if (typeof l.value !== 'number' || !Number.isFinite(l.value)) return null;
    const d = toCents(l.value);
    if (!(DENOMINATIONS as readonly number[]).includes(d) || Math.abs(l.value * 100 - d) > 1e-6 || seen.has(d)) return null;
    if (!Number.isInteger(l.count) || l.count < 0 || l.count > COUNT_MAX) return null;
    seen.add(d);
    cents += d * l.count;
  }
  return cents;
}

// ---- the figure expected in the drawer ----

/** What moved in cash on the day, as the till reads it (euros). */
export type CashFigures = {
  openingFloat: number;
  /** Payment lines paid in cash (not voided; a correction counts as corrected). */
  cashPayments: number;
  /** Gift cards and bonos sold for cash. */
  cashSales: number;
  /** Cash put into the drawer by hand (change brought in). */
  cashIn: number;
  /** Cash taken out by hand (a supplier paid, takings to the bank). */
  cashOut: number;
};

/** float + cash taken + cash put in − cash taken out, added in cents. Cards, Bizum and the rest are not in the drawer. */
export function expectedCash(f: CashFigures): number {
  return fromCents(toCents(f.openingFloat) + toCents(f.cashPayments) + toCents(f.cashSales) + toCents(f.cashIn) - toCents(f.cashOut));
}

/** counted − expected: positive when there is more than expected (sobra), negative when short (falta). */
export const cashDifference = (counted: number, expected: number) => fromCents(toCents(counted) - toCents(expected));

// ---- reasons ----

/** Why a reason is not one (too short, too long, a control character), or null. */
export function reasonProblem(reason: string | undefined): string | null {
  const r = (reason ?? '').trim();
  if (r === '') return CASH_CLOSE_MSG.reasonRequired;
  if (hasControlCharacters(r, 'multi-line')) return CASH_CLOSE_MSG.reasonInvalid;
  if ([...r].length < REASON_MIN) return CASH_CLOSE_MSG.reasonTooShort;
  if ([...r].length > REASON_MAX) return CASH_CLOSE_MSG.reasonTooLong;
  return null;
}

export type CloseCheck = { counted: number; count?: readonly CountLine[]; expected: number; reason?: string };

/**
 * Why this close cannot be recorded, or null. The count by notes and coins is optional; when
 * given, it must add up to what was counted. A difference needs its reason; none, none.
 */
export function closeProblem(c: CloseCheck): string | null {
  if (!isCashAmount(c.counted, COUNTED_MAX)) return CASH_CLOSE_MSG.countedInvalid;
  if (c.count !== undefined) {
    const total = countTotalCents(c.count);
    if (total === null) return CASH_CLOSE_MSG.countInvalid;
    if (total !== toCents(c.counted)) return CASH_CLOSE_MSG.countMismatch;
  }
  if (cashDifference(c.counted, c.expected) === 0) return null;
  if ((c.reason ?? '').trim() === '') return CASH_CLOSE_MSG.differenceReasonRequired;
  return reasonProblem(c.reason);
}

// ---- a day's state ----

export type TillState = 'not_opened' | 'open' | 'closed';

/**
 * Which salon days show "sin cerrar": before today, from the first day the salon ever opened a
 * till (a salon that has not started to close its till is not nagged), that were opened or had
 * money moving, and have no close standing.
 */
export function isUnclosed(d: {
  date: string;
  today: string;
  firstOpened: string | null;
  opened: boolean;
  moved: boolean;
  closed: boolean;
}): boolean {
  return d.firstOpened !== null && d.date >= d.firstOpened && d.date < d.today && (d.opened || d.moved) && !d.closed;
}
