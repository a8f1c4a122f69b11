import type { AppointmentStatus } from './appointment-status';
import { isWholeCents, MONEY_MSG } from './money';

// Bonos (ADR 037): a client buys N sessions of some services up front and each visit
// spends one. These are the rules; the database applies the same ones (the booking statements
// reserve, the trigger appointments_bono_session spends and releases), and
// src/server/features/bonos/bono-lifecycle.int.test.ts runs this file's tables against it.

export const BONO_SESSION_STATES = ['reserved', 'spent', 'released'] as const;
export type BonoSessionState = (typeof BONO_SESSION_STATES)[number];

export const BONO_LIMITS = { nameMax: 80, sessionsMin: 1, sessionsMax: 100, validityMonthsMin: 1, validityMonthsMax: 60, priceMax: 100000, reasonMax: 300 } as const;

/** What a booking needs to know of one of her bonos. Dates are salon dates (YYYY-MM-DD). */
export type BonoCandidate = {
  id: string;
  serviceIds: readonly string[];
  expiresOn: string;
  sessions: number;
  /** sessions reserved or spent (the database's counter sessions_held) */
  held: number;
  refunded: boolean;
  soldAt: string;
};

/** Whether a bono can take one more session for this service on this visit date. */
export function bonoCovers(b: BonoCandidate, serviceId: string, visitDate: string): boolean {
  return !b.refunded && b.serviceIds.includes(serviceId) && visitDate <= b.expiresOn && b.held < b.sessions;
}

/**
 * The bono a booking reserves: among those covering the service, valid on the visit's date and
 * with a session free, the one that expires first (then the oldest sale). `choice`: the staff's
 * pick: 'auto' (the rule), 'none' (pays normally), or a bono id (kept only if it covers the visit).
 */
export function pickBono(bonos: readonly BonoCandidate[], visit: { serviceId: string; date: string }, choice: 'auto' | 'none' | string = 'auto'): string | null {
  if (choice === 'none') return null;
  const fit = bonos.filter((b) => bonoCovers(b, visit.serviceId, visit.date));
  if (choice !== 'auto') return fit.some((b) => b.id === choice) ? choice : null;
  const [first] = [...fit].sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.soldAt.localeCompare(b.soldAt) || a.id.localeCompare(b.id));
  return first?.id ?? null;
}

/** What happens to an appointment's session when its status changes. */
export type SessionEvent = { kind: 'status'; to: AppointmentStatus } | { kind: 'moved'; newDate: string; expiresOn: string };

/** The salon's setting "Una ausencia consume la sesión" (default yes). */
export const DEFAULT_NO_SHOW_SPENDS_SESSION = true;

/**
 * A reserved session's next state. Completion spends it. A cancellation gives it back: within
 * the policy she cancels herself; outside it only the salon can cancel (SPEC §5: a client cannot
 * cancel late), and a salon that cancels does not charge her a session. A no-show spends it or
 * not by the salon's setting. A move keeps it unless the new date is past the bono's expiry
 * (then released; the caller looks for another bono). Spent and released are final.
 */
export function sessionAfter(state: BonoSessionState, event: SessionEvent, noShowSpends: boolean): BonoSessionState {
  if (state !== 'reserved') return state;
  if (event.kind === 'moved') return event.newDate <= event.expiresOn ? 'reserved' : 'released';
  switch (event.to) {
    case 'completed':
      return 'spent';
    case 'no_show':
      return noShowSpends ? 'spent' : 'released';
    case 'cancelled_by_client':
    case 'cancelled_by_salon':
      return 'released';
    default:
      return state;
  }
}

/** A bono's counts as her record and "Mis bonos" show them. */
export function bonoCounts(b: { sessions: number }, states: readonly BonoSessionState[]) {
  const used = states.filter((s) => s === 'spent').length;
  const reserved = states.filter((s) => s === 'reserved').length;
  return { used, reserved, remaining: Math.max(0, b.sessions - used - reserved) };
}

/** A bono's expiry: `months` after the sale's salon date, the last day of the month when it has no such day (31 Jan + 1 month = 28/29 Feb). */
export function expiryOf(soldOn: string, months: number): string {
  const [y, m, d] = soldOn.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** "Con tu bono: quedan N sesiones" (the issue's words). Standalone so the booking page takes only this. */
export const bonoLeftText = (n: number) => (n === 1 ? 'Con tu bono: queda 1 sesión' : `Con tu bono: quedan ${n} sesiones`);

/**
 * The sessions left on the bono a visit of this service on this date would use (pickBono's
 * rule over what "Mis bonos" answers), or null when none covers it. Lean: the booking page runs it.
 */
export function bonoLeftFor(bonos: readonly { remaining: number; expiresOn: string; refunded: boolean; services: readonly { id: string }[] }[], serviceId: string, date: string): number | null {
  let best: { remaining: number; expiresOn: string } | null = null;
  for (const b of bonos) {
    if (b.refunded || b.remaining < 1 || date > b.expiresOn || !b.services.some((s) => s.id === serviceId)) continue;
    if (!best || b.expiresOn < best.expiresOn) best = b;
  }
  return best ? best.remaining : null;
}

export const BONO_MSG = {
  remaining: bonoLeftText,
  noShowSpends: 'Una ausencia consume la sesión',
  myBonos: 'Mis bonos',
  typeNotFound: 'No se encontró ese tipo de bono.',
  typeInactive: 'Ese tipo de bono no está activo.',
  bonoNotFound: 'No se encontró ese bono.',
  bonoRefunded: 'Ese bono ya está devuelto.',
  bonoNotUsable: 'Ese bono no cubre esta cita o no le quedan sesiones.',
  nameRequired: 'Escribe el nombre del bono.',
  nameTooLong: `El nombre admite ${BONO_LIMITS.nameMax} caracteres como máximo.`,
  servicesRequired: 'Elige al menos un servicio.',
  serviceUnknown: 'Alguno de los servicios no existe.',
  sessionsRange: `Las sesiones van de ${BONO_LIMITS.sessionsMin} a ${BONO_LIMITS.sessionsMax}.`,
  validityRange: `La validez va de ${BONO_LIMITS.validityMonthsMin} a ${BONO_LIMITS.validityMonthsMax} meses.`,
  priceRange: 'Escribe un precio válido.',
  amountRange: 'Escribe un importe válido.',
  reasonRequired: 'Escribe el motivo.',
  reasonTooLong: `El motivo admite ${BONO_LIMITS.reasonMax} caracteres como máximo.`,
  expiryNotLater: 'La nueva caducidad debe ser posterior a la actual.',
  nameTaken: 'Ya hay un tipo de bono con ese nombre.',
  // ADR 053: the sale that covers the visits she already booked.
  attachRefused: 'Alguna de las citas elegidas ya no puede usar este bono (se ha cobrado, cancelado, cubierto con otro bono o queda fuera de su validez). Revisa la lista y vuelve a vender.',
  attachTooMany: (sessions: number) => `Este bono tiene ${sessions === 1 ? 'una sesión' : `${sessions} sesiones`}: elige como máximo ${sessions === 1 ? 'una cita' : `${sessions} citas`}.`,
  notCovered: 'Esta cita no la cubre tu bono: no le quedan sesiones libres para ella. Se paga en el salón como una cita normal.',
  notCoveredDesk: 'Sin bono: su bono no tenía sesión libre para esta cita. Se cobra normalmente.',
} as const;

/** The admin's bono type form, checked before sending and again on the server. Null: fine. */
export function bonoTypeError(v: { name: string; serviceIds: readonly string[]; sessions: number; price: number; validityMonths: number }): string | null {
  const name = v.name.trim();
  if (!name) return BONO_MSG.nameRequired;
  if (name.length > BONO_LIMITS.nameMax) return BONO_MSG.nameTooLong;
  if (v.serviceIds.length === 0) return BONO_MSG.servicesRequired;
  if (!Number.isInteger(v.sessions) || v.sessions < BONO_LIMITS.sessionsMin || v.sessions > BONO_LIMITS.sessionsMax) return BONO_MSG.sessionsRange;
  if (!Number.isFinite(v.price) || v.price < 0 || v.price > BONO_LIMITS.priceMax) return BONO_MSG.priceRange;
  if (!isWholeCents(v.price)) return MONEY_MSG.fractionOfCent;
  if (!Number.isInteger(v.validityMonths) || v.validityMonths < BONO_LIMITS.validityMonthsMin || v.validityMonths > BONO_LIMITS.validityMonthsMax) return BONO_MSG.validityRange;
  return null;
}
