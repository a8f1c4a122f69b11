// The rate-limit keys that name an account, in one place: the sign-in door (features/accounts/auth-routes.ts)
// writes them, and deleting the account (features/my-account) removes exactly these, never a
// pattern (a LIKE on 'a@gmail.com' also matched 'xa@gmail.com' and cleared her sign-in failures).

/** Failed sign-ins of an email from anywhere (the delay before each attempt). */
export const signInFailuresKey = (email: string) => `signin-fail:${email}`;

/** Failed sign-ins of an email from one address; the address follows the last ':'. */
export const signInPairKey = (email: string, ip: string) => `${signInFailuresKey(email)}:${ip}`;

/** Sign-ups and reset requests per email, by the auth path. */
export const perAccountKey = (path: string, email: string) => `account:${path}:${email}`;

/** The auth paths limited per email (sign-up, password reset request). */
export const PER_ACCOUNT_PATHS = ['/api/auth/sign-up/email', '/api/auth/request-password-reset'] as const;

/** A client's bookings (features/booking). */
export const bookingKey = (userId: string) => `booking:${userId}`;

/** Passwords tried to confirm an account's deletion (features/my-account): a stolen session must not guess on. */
export const deleteProofKey = (userId: string) => `delete-proof:${userId}`;

/**
 * Gift card codes a staff member tries (a look-up, or a payment with a card): a stolen staff
 * session must not walk the code space (features/gift-cards, features/payments; ADR 038).
 */
export const giftCardLookupKey = (userId: string) => `gift-card-lookup:${userId}`;

/** 60 codes in 15 minutes: a busy Christmas desk, never a guessing run (31^10 codes). */
export const GIFT_CARD_LOOKUP_RULE = { window: 15 * 60, max: 60 } as const;
