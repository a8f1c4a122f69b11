import { clientPhone, type PhoneCode } from '../../../domain/contact-rules';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import { dismissPhoneNote, saveContact } from '../../accounts/client-contact';
import type { Deps } from '../../http/env';
import { safeError } from '../../logger';

// The sign-up's optional "Teléfono" (ADR 057). better-auth knows nothing of it: our door reads it,
// refuses a number that is not a mobile before any account exists, hands better-auth the body
// without it, and once the account is made writes it on her client record.

export const SIGN_UP = '/api/auth/sign-up/email';

export type SignupPhone =
  | { refused: { code: PhoneCode; message: string } }
  /** `phone` undefined: the request has no phone field (not our form: a script, an old page). */
  | { phone: string | null | undefined; request: Request };

/** The sign-up request without its `phone`, and that phone in E.164 (null: left empty); or the refusal. */
export async function takeSignupPhone(req: Request): Promise<SignupPhone> {
  let body: unknown;
  try {
    body = await req.clone().json();
  } catch {
    return { phone: undefined, request: req }; // better-auth answers a body it cannot read
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('phone' in body)) return { phone: undefined, request: req };
  const { phone: raw, ...rest } = body as Record<string, unknown>;
  if (raw != null && typeof raw !== 'string') return { refused: { code: 'PHONE_INVALID', message: MESSAGING_MSG.phoneInvalid } };
  const checked = clientPhone(raw ?? null);
  if (!checked.ok) return { refused: { code: checked.code, message: checked.message } };
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return { phone: checked.phone, request: new Request(req.url, { method: req.method, headers, body: JSON.stringify(rest) }) };
}

/**
 * After better-auth made the account: her phone on her record, and Mis Citas' note not shown (she
 * was asked here). A failure is logged, never the sign-up's: she can add it in Tus datos.
 */
export async function afterSignup(deps: Pick<Deps, 'db' | 'now' | 'log'>, res: Response, phone: string | null): Promise<void> {
  if (res.status !== 200) return;
  try {
    const body = (await res.clone().json()) as { user?: { id?: unknown; name?: unknown } } | null;
    const id = body?.user?.id;
    if (typeof id !== 'string') return;
    const now = deps.now();
    if (phone) await deps.db.transaction((tx) => saveContact(tx, { id, name: typeof body?.user?.name === 'string' ? body.user.name : '' }, { phone, messageChannel: null }, now));
    else await dismissPhoneNote(deps.db, id, now);
  } catch (err) {
    deps.log.error({ err: safeError(err) }, 'sign-up phone not saved');
  }
}
