import { CheckCircle2, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '../../../domain/roles';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { failureText } from '../../components/admin/admin-ui';
import { ApiRequestError } from '../../lib/api';
import { ResendVerificationButton } from '../../components/resend-verification-button';
import { lookupAccount, resendVerificationFor } from '../../api/employees';

/** The linked account the form will save (null: none). `confirmed` = found by the lookup in this form. */
export type LinkedAccount = { userId: string; email: string; name?: string; role?: Role; confirmed: boolean };

export type LinkState = { typed: string; linked: LinkedAccount | null };

export function initialLink(userId: string | null, email: string | null): LinkState {
  return userId && email ? { typed: email, linked: { userId, email, confirmed: false } } : { typed: '', linked: null };
}

/**
 * SPEC §4 Employee account linking and §5 Employee form: type the user's email, press
 * 'Vincular Cuenta' (disabled when empty), the server looks it up; editing the email clears the
 * link. The save re-checks everything on the server (docs/decisions/004).
 */
export function AccountLink({
  value,
  onChange,
  employeeId,
  originalUserId,
}: {
  value: LinkState;
  onChange: (next: LinkState) => void;
  /** The employee being edited (its own link does not count as "linked elsewhere"). */
  employeeId: string | null;
  originalUserId: string | null;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The account exists but has not confirmed its email: the admin can send the link again for her.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const { typed, linked } = value;

  async function link() {
    if (!typed.trim()) return setError(MSG.linkEmailRequired);
    setPending(true);
    setError(null);
    setUnconfirmed(null);
    try {
      const found = await lookupAccount(typed.trim(), employeeId);
      onChange({ typed: found.email, linked: { userId: found.userId, email: found.email, name: found.name, role: found.role, confirmed: true } });
    } catch (err) {
      // The spec's own texts for "not found" and "already linked"; anything else is a lookup failure.
      setError(failureText(err, MSG.linkLookupFailed));
      if (err instanceof ApiRequestError && err.code === 'link_email_not_verified') setUnconfirmed(typed.trim());
      onChange({ typed, linked: null });
    } finally {
      setPending(false);
    }
  }

  const isNewLink = linked?.confirmed && linked.userId !== originalUserId;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="Email de la cuenta del usuario"
          placeholder="nombre@ejemplo.com"
          className="min-w-0 flex-1"
          type="email"
          name="account-email"
          value={typed}
          autoComplete="off"
          // No native email check: the lookup answers for the address (the form has noValidate too).
          validationBehavior="aria"
          onChange={(v) => {
            // Editing the email clears the linked state (SPEC §4).
            setError(null);
            setUnconfirmed(null);
            onChange({ typed: v, linked: null });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void link();
            }
          }}
        />
        <Button variant="secondary" onPress={link} isDisabled={!typed.trim() || pending || !!linked} className="shrink-0">
          <Link2 className="h-4 w-4" aria-hidden />
          {pending ? 'Buscando...' : 'Vincular Cuenta'}
        </Button>
      </div>

      <div aria-live="polite" className="space-y-2">
        {error && <Alert>{error}</Alert>}
        {unconfirmed && <ResendVerificationButton send={() => resendVerificationFor(unconfirmed)} />}
        {linked && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-sage/30 bg-sage-100 px-4 py-2 text-sm text-sage-800">
            <p className="flex min-w-0 items-center gap-2 py-1">
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{isNewLink && linked.name !== undefined ? MSG.linkFound(linked.name) : MSG.linkedTo(linked.email)}</span>
            </p>
            <button
              type="button"
              onClick={() => {
                setError(null);
                onChange({ typed: '', linked: null });
              }}
              className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3 font-medium text-sage-800 hover:bg-white/70"
            >
              <Unlink className="h-4 w-4" aria-hidden />
              Desvincular
            </button>
          </div>
        )}
        {isNewLink && linked?.role === 'admin' && <Alert tone="info">{STAFF_MSG.linkAdminRoleUnchanged}</Alert>}
        {!linked && originalUserId && !typed.trim() && !error && (
          <p className="text-sm text-muted">La cuenta se desvinculará al guardar.</p>
        )}
        {!linked && !originalUserId && !typed.trim() && !error && (
          <p className="text-sm text-muted">Opcional. La persona debe haberse registrado antes; al guardar podrá ver su agenda.</p>
        )}
      </div>
    </div>
  );
}
