import { MSG } from '../../domain/texts/common';

// The accounts room's calls (src/server/features/accounts): signing up, in and out, resetting the
// password. The session itself (GET /api/me) is api/session.ts, the email's confirmation
// api/email-verification.ts (kept apart: this module is in every first view, through the session).

// Sign-in, sign-up and password reset go to better-auth's endpoints on our own server
// (/api/auth/*). Plain fetch keeps the login page light: no auth SDK in the first load.

export type AuthFailure = { status: number; code: string };

async function post(path: string, body: unknown): Promise<{ ok: true; data: unknown } | ({ ok: false } & AuthFailure)> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR' };
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data };
  const d = data as { code?: string; error?: { code?: string } } | null;
  return { ok: false, status: res.status, code: d?.code ?? d?.error?.code ?? (res.status === 429 ? 'TOO_MANY_REQUESTS' : `HTTP_${res.status}`) };
}

export const authApi = {
  signIn: (email: string, password: string) => post('/sign-in/email', { email, password, rememberMe: true }),
  signUp: (email: string, password: string, name: string) => post('/sign-up/email', { email, password, name }),
  signOut: () => post('/sign-out', {}),
  requestReset: (email: string) => post('/request-password-reset', { email, redirectTo: '/reset-password' }),
  resetPassword: (token: string, newPassword: string) => post('/reset-password', { token, newPassword }),
  /** Starts Google sign-in; on success the browser leaves for the provider. */
  async google(): Promise<AuthFailure | null> {
    // better-auth serves OpenID providers of its genericOAuth plugin through /sign-in/social.
    const r = await post('/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/login?from=google',
    });
    if (!r.ok) return r;
    const url = (r.data as { url?: string } | null)?.url;
    if (!url) return { status: 500, code: 'NO_REDIRECT_URL' };
    window.location.assign(url);
    return null;
  },
};

// A few codes in words a client understands; the code itself stays at the end (SPEC §8 says
// the message carries the error code). See docs/decisions/002-auth-error-texts.md.
const REASONS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'email o contraseña incorrectos',
  USER_ALREADY_EXISTS: 'ya existe una cuenta con ese email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'ya existe una cuenta con ese email',
  INVALID_EMAIL: 'el email no es válido',
  PASSWORD_TOO_SHORT: 'la contraseña es demasiado corta',
  PASSWORD_TOO_LONG: 'la contraseña es demasiado larga',
  TOO_MANY_REQUESTS: 'demasiados intentos, espera un momento',
  INVALID_TOKEN: 'el enlace no es válido o ha caducado',
  NETWORK_ERROR: 'no hay conexión con el servidor',
  PROVIDER_NOT_FOUND: 'el acceso con Google no está disponible',
  OAUTH_PROVIDER_NOT_FOUND: 'el acceso con Google no está disponible',
  ACCESS_DENIED: 'has cancelado el acceso',
  // issue 16
  PASSWORD_TOO_COMMON: 'esa contraseña es demasiado común, elige otra',
  STAFF_PASSWORD_TOO_SHORT: 'el personal necesita una contraseña de al menos 12 caracteres',
  EMAIL_NOT_VERIFIED: 'Google no ha confirmado el email de esta cuenta',
  // ADR 032: a name is one line
  NAME_CONTROL_CHARACTERS: 'el nombre tiene caracteres no permitidos',
  // A client account just linked as an employee (ADR 030)
  STAFF_PASSWORD_RESET_REQUIRED: 'el personal necesita una contraseña de al menos 12 caracteres: créala con «¿Olvidaste tu contraseña?»',
};

// better-auth's answer when no Google provider is configured (GOOGLE_CLIENT_ID unset): nothing the
// client did wrong and nothing an error code explains, so it gets a plain sentence.
const GOOGLE_NOT_CONFIGURED = new Set(['PROVIDER_NOT_FOUND', 'OAUTH_PROVIDER_NOT_FOUND']);

/** What the Google button says when the sign-in could not start or came back with an error. */
export function googleErrorText(code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return GOOGLE_NOT_CONFIGURED.has(normal) ? MSG.googleUnavailable : authErrorText(MSG.googleErrorPrefix, code);
}

export function authErrorText(prefix: string, code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const reason = REASONS[normal];
  return reason ? `${prefix}${reason} (${normal})` : `${prefix}${normal}`;
}
