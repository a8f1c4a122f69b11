import { isEmailLike } from './back-office-rules';
import { hasControlCharacters } from './plain-text';
import { STAFF_MSG } from './texts/staff';
import { normalizePhone } from './phone';
import { isDeskRole, type Role } from './roles';

// Who may book for a client and move an appointment at the front desk (ADR 019, 020). The server
// enforces these; the web app uses them to decide which actions a block offers.

/**
 * Staff booking and moving: the desk (the admin, the receptionist: ADR 063) on any agenda; an
 * employee only on their own (the professional's linked account is theirs); a client never.
 */
export function mayManageAgenda(role: Role, actorUserId: string, agendaUserId: string | null): boolean {
  if (isDeskRole(role)) return true;
  if (role === 'employee') return agendaUserId !== null && agendaUserId === actorUserId;
  return false;
}

/**
 * Booking a client with a professional at a time the grid offers (docs/decisions/086): the desk and
 * every professional, with herself or with any colleague who has an account, as the desk does.
 * Moves and squeezes stay `mayManageAgenda`'s (own agenda for a professional). A client never.
 */
export function mayBookClientWith(role: Role, agendaUserId: string | null): boolean {
  return agendaUserId !== null && (isDeskRole(role) || role === 'employee');
}

/**
 * A record left by a deleted account (ADR 033 keeps its visits, anonymised): no account, no phone,
 * no email, the placeholder name. Nobody can be booked or told through it (docs/decisions/086).
 */
export function isErasedClientRecord(r: { name: string; userId: string | null; phone: string | null; email: string | null }, erasedName: string): boolean {
  return r.userId === null && !r.phone && !r.email && r.name === erasedName;
}

/** Only a confirmed appointment moves (completed, no-show and cancelled ones are history). */
export function canReschedule(status: string): boolean {
  return status === 'confirmed';
}

export const CLIENT_LIMITS = { nameMax: 120, emailMax: 254, notesMax: 2000 } as const;

export type ClientFields = { name: string; phone: string; email?: string | null; notes?: string | null };
export type CleanClientFields = { name: string; phone: string; email: string | null; notes: string };

/**
 * A client record the staff make or edit: a name and a valid phone at least (stored in E.164),
 * an optional email in the browser's email shape. The first problem, in the salon's words.
 */
export function checkClientFields(f: ClientFields): { ok: true; value: CleanClientFields } | { ok: false; message: string } {
  if ([f.name, f.phone, f.email].some((t) => hasControlCharacters(t)) || hasControlCharacters(f.notes, 'multi-line')) {
    return { ok: false, message: STAFF_MSG.textControlCharacters };
  }
  const name = f.name.trim();
  if (!name || name.length > CLIENT_LIMITS.nameMax) return { ok: false, message: STAFF_MSG.clientNameRequired };
  if (!f.phone.trim()) return { ok: false, message: STAFF_MSG.clientPhoneRequired };
  const phone = normalizePhone(f.phone);
  if (!phone) return { ok: false, message: STAFF_MSG.clientPhoneInvalid };
  const email = f.email?.trim() ? f.email.trim().toLowerCase() : null;
  if (email && !isEmailLike(email)) return { ok: false, message: STAFF_MSG.clientEmailInvalid };
  const notes = (f.notes ?? '').trim();
  if (notes.length > CLIENT_LIMITS.notesMax) return { ok: false, message: STAFF_MSG.clientNotesTooLong };
  return { ok: true, value: { name, phone, email, notes } };
}

/**
 * Only the admin changes a record's email (ADR 033): the email is what attaches a record, and its
 * history, to an account. Emails compare as stored (trimmed, lower case); no email is null.
 */
export function mayChangeClientEmail(role: Role, before: string | null, after: string | null): boolean {
  const norm = (e: string | null) => (e?.trim() ? e.trim().toLowerCase() : null);
  return role === 'admin' || norm(before) === norm(after);
}
