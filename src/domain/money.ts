// Euros with 2 decimals (SPEC §9). Prices travel as euro numbers (the spec's `price`), but sums
// run in whole cents so that 0.1 + 0.2 shows as 0,30 € and not 0,30000000000000004.


/** Whole cents of a euro amount, rounding half away from zero. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${amount}`);
  // x * 100 carries binary noise (1.005 * 100 = 100.49999999999999); 15 significant digits
  // drop the noise and keep every real digit of a price.
  const scaled = Number((amount * 100).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled)) + 0; // + 0 turns -0 into 0
}

export function fromCents(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError(`Invalid cents: ${cents}`);
  return cents / 100;
}

/** The total of euro amounts, added as cents. */
export function sumEuros(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((cents, a) => cents + toCents(a), 0));
}

/**
 * '45,50 €' — rounded to the cent first so the display matches what sumEuros adds. Written as
 * es-ES's Intl.NumberFormat writes euros (money.test.ts compares the two over a range): decimal
 * comma, a no-break space (U+00A0) before '€', no thousands dot below 10 000 (CLDR's
 * minimumGroupingDigits = 2: '1234,00 €', '12.345,00 €'). Not Intl itself: a browser's first Intl
 * call loads its locale data, a long task on a phone, and the public page shows prices at its
 * first paint (docs/decisions/109-first-views-without-intl.md).
 */
export function formatEuros(amount: number): string {
  const cents = toCents(amount);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const grouped = whole.length < 5 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${cents < 0 ? '-' : ''}${grouped},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/**
 * Whether an amount is a whole number of cents (45, 45.5, 19.99), not 0.004 or 99999.995: every
 * money field refuses a fraction of a cent with MONEY_MSG.fractionOfCent instead of rounding it,
 * because a rounded 0.004 is a sale at 0,00 € that nobody typed. The same noise as toCents is
 * dropped (19.99 * 100 = 1998.9999999999998 is 1999 cents).
 */
export function isWholeCents(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  return Number.isInteger(Number((amount * 100).toPrecision(15)));
}

export const MONEY_MSG = {
  fractionOfCent: 'Los importes se escriben en euros con dos decimales como máximo (por ejemplo, 45,50): revisa los céntimos.',
} as const;
