// Gift cards (tarjetas regalo, docs/decisions/038-gift-cards.md): the code, its expiry and
// whether a card can pay an amount. Pure: the random bytes, "today" and the zone are arguments.

import { addDays, spanishDate } from './calendar-date';
import { isWholeCents, toCents } from './money';
import { giftCardBalanceShort, giftCardExpired, STAFF_MSG } from './texts/staff';

/**
 * 31 symbols a person reads aloud and types without doubt: digits and letters without 0/O and
 * 1/I/L. Uppercase only: a code is typed in any case and normalised.
 */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^10 ≈ 8.2e14 codes: finding one of a salon's thousand cards takes ~4e11 tries on average (the look-up is rate limited). */
export const GIFT_CARD_CODE_LENGTH = 10;
/** Months a card is valid from its sale (ADR 038). */
export const GIFT_CARD_VALIDITY_MONTHS = 12;
export const GIFT_CARD_MIN_AMOUNT = 1;
export const GIFT_CARD_MAX_AMOUNT = 1000;
export const GIFT_CARD_NAME_MAX = 120;

/**
 * A code from random bytes (the caller passes crypto.getRandomValues' or randomBytes' output).
 * Rejection sampling: a byte of 248 or more is skipped, so each symbol is equally likely
 * (256 % 31 = 8 would favour the first 8 symbols). Returns null when the bytes ran out
 * (the caller asks again with more).
 */
export function codeFromRandomBytes(bytes: Uint8Array): string | null {
  const n = GIFT_CARD_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  for (const b of bytes) {
    if (b >= limit) continue;
    code += GIFT_CARD_ALPHABET[b % n];
    if (code.length === GIFT_CARD_CODE_LENGTH) return code;
  }
  return null;
}

/** 'K7MR4QXP2H' → 'K7MR-4QXP-2H': groups of four, read aloud in three breaths. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What was typed, as stored: uppercase, without spaces or dashes. The look-alikes a person may
 * type for a symbol the alphabet lacks are NOT mapped (an O is not a 0): such a code is simply
 * not found, like any wrong code.
 */
export function normalizeGiftCardCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether a normalised code has the shape of one (length and alphabet). */
export function isGiftCardCodeShape(code: string): boolean {
  return code.length === GIFT_CARD_CODE_LENGTH && [...code].every((ch) => GIFT_CARD_ALPHABET.includes(ch));
}

/** The code's last four symbols, shown to recognise a card without its code ('••••-••XP-2H'). */
export function maskedGiftCardCode(last4: string): string {
  return `••••-••${last4.slice(0, 2)}-${last4.slice(2)}`;
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The last day a card sold on `saleDate` can be used: the day before the same date
 * GIFT_CARD_VALIDITY_MONTHS later (sold 2026-12-24 → valid through 2027-12-23). A date the later
 * month lacks (29 February, the 31st) is clamped to its last day first.
 */
export function giftCardLastDay(saleDate: string, months = GIFT_CARD_VALIDITY_MONTHS): string {
  const [y, m, d] = saleDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const td = Math.min(d, daysInMonth(ty, tm));
  return addDays(`${ty}-${String(tm).padStart(2, '0')}-${String(td).padStart(2, '0')}`, -1);
}

export type GiftCardState = { balance: number; lastDay: string };

/**
 * Why a card cannot pay `amount` today, or null when it can. Expired first (even with balance
 * left), then used up, then short of balance. The database has the last word (the balance CHECK
 * under a row lock): this is the message a person reads.
 */
export function giftCardRefusal(card: GiftCardState, today: string, amount: number): string | null {
  if (today > card.lastDay) return giftCardExpired(spanishDate(card.lastDay));
  const balance = toCents(card.balance);
  if (balance <= 0) return STAFF_MSG.giftCardUsedUp;
  if (toCents(amount) > balance) return giftCardBalanceShort(formatBalance(card.balance));
  return null;
}

/** The balance as the refusal shows it (kept here so the domain does not import Intl's euros twice). */
function formatBalance(amount: number): string {
  return `${(toCents(amount) / 100).toFixed(2).replace('.', ',')} €`;
}

export type GiftCardStatus = 'activa' | 'gastada' | 'caducada';

export function giftCardStatus(card: GiftCardState, today: string): GiftCardStatus {
  if (toCents(card.balance) <= 0) return 'gastada';
  return today > card.lastDay ? 'caducada' : 'activa';
}

export const GIFT_CARD_STATUS_LABEL: Record<GiftCardStatus, string> = { activa: 'Activa', gastada: 'Gastada', caducada: 'Caducada' };

/** A sale's amount: whole cents between the minimum and the maximum. */
export function isGiftCardAmount(amount: number): boolean {
  return isWholeCents(amount) && amount >= GIFT_CARD_MIN_AMOUNT && amount <= GIFT_CARD_MAX_AMOUNT;
}
