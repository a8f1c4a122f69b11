// Discounts at the desk (docs/decisions/052-discounts-and-the-staff-limit.md): a bono, a gift card
// for a service and a visit are sold at their price; a different amount needs a reason, and the
// staff may go below the price only within the limit the owner sets in Configuración. Pure: the
// role, the prices, the limit and the owner's reasons are arguments.

import { toCents } from './money';
import type { Role } from './roles';

/** The owner's limit for the staff, in percent of the price: 0 (no discount) unless she raises it. */
export const DEFAULT_STAFF_DISCOUNT_PERCENT = 0;
export const STAFF_DISCOUNT_PERCENT_RANGE = { min: 0, max: 100 } as const;

/** The reasons a salon gives most; the owner edits the list in Configuración. */
export const DEFAULT_DISCOUNT_REASONS: readonly string[] = [
  'Promoción del salón',
  'Cliente habitual',
  'Compensación por una incidencia',
  'Personal del salón',
  'Invitación de la casa',
];
export const DISCOUNT_REASONS_MAX = 20;
export const DISCOUNT_REASON_TEXT_MAX = 200;
/** A written reason has at least this many letters ("x", "..." or "1" is not a reason). */
export const DISCOUNT_REASON_MIN_LETTERS = 4;

/**
 * The roles the owner's limit does not bind. Every other staff role is bound by it: a desk role
 * added to ROLES is limited without a line here, and freeing one is one word in this list.
 */
export const UNLIMITED_DISCOUNT_ROLES: readonly Role[] = ['admin'];

export const DISCOUNT_MSG = {
  reasonRequired: 'El importe es distinto del precio: elige o escribe el motivo.',
  reasonNotReal: `Escribe un motivo de verdad (al menos ${DISCOUNT_REASON_MIN_LETTERS} letras) o elige uno de la lista.`,
  reasonTooLong: `El motivo admite ${DISCOUNT_REASON_TEXT_MAX} caracteres como máximo.`,
  overPrice: 'El importe no puede ser mayor que el precio. Solo la administración puede cobrar un precio distinto hacia arriba.',
  limitInvalid: 'El descuento máximo del personal debe ser un número entero entre 0 y 100.',
  reasonsInvalid: `Los motivos de descuento son como máximo ${DISCOUNT_REASONS_MAX}, cada uno de ${DISCOUNT_REASON_MIN_LETTERS} a ${DISCOUNT_REASON_TEXT_MAX} caracteres, sin repetir.`,
} as const;

/** Over the owner's limit: says what the staff may do and who may do more. */
export const discountOverLimit = (limitPercent: number): string =>
  limitPercent === 0
    ? 'El personal no puede aplicar descuentos: cobra el precio o pide a la administración que lo registre.'
    : `El descuento supera el máximo del personal (${limitPercent} %). Pide a la administración que lo registre.`;

const letters = (s: string) => [...s].filter((ch) => /\p{L}/u.test(ch));

/**
 * A reason the owner would accept reading in the Caja: one of her reasons, or a text with at least
 * DISCOUNT_REASON_MIN_LETTERS letters that are not all the same ("xxxx" is not one).
 */
export function isRealReason(reason: string, ownerReasons: readonly string[]): boolean {
  const r = reason.trim();
  if (ownerReasons.some((o) => o.trim().toLocaleLowerCase('es') === r.toLocaleLowerCase('es'))) return true;
  const l = letters(r).map((ch) => ch.toLocaleLowerCase('es'));
  return l.length >= DISCOUNT_REASON_MIN_LETTERS && new Set(l).size > 1;
}

export type DiscountCheck = {
  role: Role;
  /** The price: the bono's, the service's, the appointment's. */
  price: number;
  /** What is charged in the end (a payment's total). */
  charged: number;
  reason: string;
  /** The owner's limit for the staff, in percent. */
  limitPercent: number;
  ownerReasons: readonly string[];
};

/**
 * Why this amount cannot be charged for this price by this role, or null. The price itself needs
 * nothing. Any other amount needs a real reason; below the price, a staff member bound by the limit
 * may take off at most limitPercent of it (a cent over is refused); above it, only an unlimited role.
 */
export function discountProblem(c: DiscountCheck): string | null {
  const price = toCents(c.price);
  const charged = toCents(c.charged);
  if (charged === price) return null;
  const reason = c.reason.trim();
  if (!reason) return DISCOUNT_MSG.reasonRequired;
  if (reason.length > DISCOUNT_REASON_TEXT_MAX) return DISCOUNT_MSG.reasonTooLong;
  if (!isRealReason(reason, c.ownerReasons)) return DISCOUNT_MSG.reasonNotReal;
  if (UNLIMITED_DISCOUNT_ROLES.includes(c.role)) return null;
  if (charged > price) return DISCOUNT_MSG.overPrice;
  // Whole cents: off * 100 <= price * limit, so 10 % of 45,00 € allows 4,50 € and not 4,51 €.
  if ((price - charged) * 100 > price * c.limitPercent) return discountOverLimit(c.limitPercent);
  return null;
}

/** The owner's list as saved: trimmed, without blanks or repeats (the first spelling kept). */
export function cleanReasons(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const r = raw.trim();
    const key = r.toLocaleLowerCase('es');
    if (!r || seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/** Why the owner's settings cannot be saved, or null. */
export function discountSettingsProblem(v: { staffDiscountMaxPercent: number; discountReasons: readonly string[] }): string | null {
  const p = v.staffDiscountMaxPercent;
  if (!Number.isInteger(p) || p < STAFF_DISCOUNT_PERCENT_RANGE.min || p > STAFF_DISCOUNT_PERCENT_RANGE.max) return DISCOUNT_MSG.limitInvalid;
  const list = cleanReasons(v.discountReasons);
  if (list.length > DISCOUNT_REASONS_MAX) return DISCOUNT_MSG.reasonsInvalid;
  if (list.some((r) => r.length > DISCOUNT_REASON_TEXT_MAX || letters(r).length < DISCOUNT_REASON_MIN_LETTERS)) return DISCOUNT_MSG.reasonsInvalid;
  return null;
}
