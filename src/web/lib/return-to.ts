// Where sign-up, sign-in and Google send a client back to (ADR 078): the public page's confirmation
// step, when she came from its "Confirmar". Only this one place, named by a flag, never a URL from
// the address bar: an open redirect would let any link send her somewhere else after signing in.

/** The public page's confirmation step. */
export const PUBLIC_CONFIRM_PATH = '/reservar?paso=confirmar';

/** The flag the public page puts on /signup and /login. */
export const RETURN_FLAG = 'reserva';

/** The path to go to after signing in or up, or null for the page's own default. */
export const returnPathOf = (params: URLSearchParams): string | null => (params.get(RETURN_FLAG) === '1' ? PUBLIC_CONFIRM_PATH : null);
