// The accounts room's calls (src/server/features/accounts): signing up, in and out, resetting the
// password. The session itself (GET /api/me) is api/session.ts, the email's confirmation
// api/email-verification.ts, and what the sign-in pages say for better-auth's error codes
// features/accounts/auth-error-text.ts (kept apart: this module is in every first view, through
// the session's sign-out).

// Sign-in, sign-up and password reset go to better-auth's endpoints on our own server
// (/api/auth/*). Plain fetch keeps the login page light: no auth SDK in the first load.

export type AuthFailure = { status: number; code: string };

/** Exported for the lazy chunks that call better-auth themselves (the first-sign-in password, ADR 084). */
export async function post(path: string, body: unknown): Promise<{ ok: true; data: unknown } | ({ ok: false } & AuthFailure)> {
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
  /** `phone` optional ('' when left empty, ADR 057): our server checks it is a mobile and keeps it on her record. */
  signUp: (email: string, password: string, name: string, phone: string) => post('/sign-up/email', { email, password, name, phone }),
  signOut: () => post('/sign-out', {}),
  requestReset: (email: string) => post('/request-password-reset', { email, redirectTo: '/reset-password' }),
  resetPassword: (token: string, newPassword: string) => post('/reset-password', { token, newPassword }),
  /** Starts Google sign-in; on success the browser leaves for the provider, and comes back to `callbackURL` (ours, a path). */
  async google(callbackURL = '/'): Promise<AuthFailure | null> {
    // better-auth serves OpenID providers of its genericOAuth plugin through /sign-in/social.
    const r = await post('/sign-in/social', {
      provider: 'google',
      callbackURL,
      errorCallbackURL: '/login?from=google',
    });
    if (!r.ok) return r;
    const url = (r.data as { url?: string } | null)?.url;
    if (!url) return { status: 500, code: 'NO_REDIRECT_URL' };
    window.location.assign(url);
    return null;
  },
};
