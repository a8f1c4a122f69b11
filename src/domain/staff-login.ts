// A professional without an email of her own signs in with a login name the salon gives her
// (docs/decisions/085-staff-without-an-email.md): `nombre.apellido@personal.invalid`. `.invalid` is
// reserved (RFC 2606): no one can own it and no mail is ever delivered there.

export const SALON_LOGIN_DOMAIN = 'personal.invalid';

/** "Nuria Gil" -> "nuria.gil@personal.invalid" (accents dropped, anything else a dot). */
export function salonLoginEmail(name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 60);
  return `${local || 'profesional'}@${SALON_LOGIN_DOMAIN}`;
}

/** A login name the salon gave: no mail goes to it. */
export const isSalonLogin = (email: string): boolean => email.trim().toLowerCase().endsWith(`@${SALON_LOGIN_DOMAIN}`);

/** A simple, whole-address check (one @, a dot in the domain, no spaces). */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
