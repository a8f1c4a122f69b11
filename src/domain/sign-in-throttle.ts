// Lockout abuse (docs/decisions/025): ten wrong passwords from ANY address used to block
// the right one for 15 minutes, so a stranger could keep the owner out. Now the hard block is keyed
// on account + address, and for the account as a whole every further attempt only waits longer.

/** Failed sign-ins counted per account (all addresses) and per account + address, over 15 minutes. */
export const SIGN_IN_FAILURE_WINDOW_S = 15 * 60;
/** Wrong passwords from ONE address for one account before that pair is blocked for the window. */
export const SIGN_IN_PAIR_MAX = 10;
/** Failures of the account (any address) before attempts start to wait. */
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_MAX_DELAY_MS = 4_000;

/**
 * How long a sign-in attempt for an account waits before its password is checked, given the
 * account's recent failures from every address: nothing for the first few, then 250 ms doubling
 * up to 4 s. The right password still gets in, only later.
 */
export function signInDelayMs(recentFailures: number): number {
  if (!Number.isFinite(recentFailures) || recentFailures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(250 * 2 ** (recentFailures - SIGN_IN_FREE_FAILURES), SIGN_IN_MAX_DELAY_MS);
}
