// Signing at reception as a kiosk (docs/decisions/068-reception-kiosk.md): while the tablet is in
// the client's hands its session is locked to that one visit's signing form. Pure rules: what the
// locked session may still call, the PIN's shape and how many tries it gets.

/** The kiosk's page: the only page a locked session is served (http/page-handler.ts). */
export const KIOSK_PAGE = '/recepcion/kiosco';

/** A short PIN she chooses when she hands the tablet over: 4 to 8 digits. */
export const KIOSK_PIN = /^\d{4,8}$/;

/** Wrong PINs before the tablet's session is ended (the staff member signs in again). */
export const KIOSK_MAX_ATTEMPTS = 5;

export const KIOSK_MSG = {
  locked: 'La tableta está en modo firma: solo el personal puede salir, con «Terminar» y su PIN.',
  pinFormat: 'El PIN debe tener de 4 a 8 cifras.',
  wrongPin: 'PIN incorrecto. Solo el personal puede terminar el modo firma.',
  tooManyAttempts: 'Demasiados intentos fallidos: hemos cerrado la sesión de la tableta. El personal debe volver a iniciar sesión.',
  notInKiosk: 'La tableta no está en modo firma.',
} as const;

const CONSENT_OF = /^\/api\/front-desk\/appointments\/([^/]+)\/consent$/;

/**
 * What a session locked to `appointmentId` may still call (every other /api route is a 403): who
 * is signed in, the kiosk itself and its "Terminar", and that one visit's signing form. Nothing
 * else of the staff member's: no agenda, no client record, no document, no other visit.
 */
export function kioskAllows(method: string, path: string, appointmentId: string): boolean {
  if (method === 'GET' && (path === '/api/me' || path === '/api/kiosk')) return true;
  if (method === 'POST' && path === '/api/kiosk/end') return true;
  const consent = CONSENT_OF.exec(path);
  return !!consent && consent[1] === appointmentId && (method === 'GET' || method === 'POST');
}

/** better-auth's routes a locked session may use: read the session, and sign out (which only ends it). */
export function kioskAllowsAuth(path: string): boolean {
  return path === '/api/auth/get-session' || path === '/api/auth/sign-out';
}
