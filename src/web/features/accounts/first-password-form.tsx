import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { STAFF_PASSWORD_MIN } from '../../../domain/password-rules';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { ACCESS_MSG } from '../../../domain/texts/staff-access';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { post } from '../../api/accounts';
import { useRefreshSession, useSignOut } from '../../api/session';
import { authErrorText } from './auth-error-text';
import { AuthCard } from './auth-card';

/**
 * Her first sign-in with the password the salon gave her (ADR 084): shown by the route guard in
 * place of any page until she chooses her own (the server refuses everything else meanwhile).
 * Loaded only then, off every first view.
 */
export default function FirstPasswordForm() {
  const refresh = useRefreshSession();
  const signOut = useSignOut();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if ([...next].length < STAFF_PASSWORD_MIN) return setError(STAFF_MSG.staffPasswordTooShort);
    setPending(true);
    // better-auth's change-password (behind our door: the staff rule); every other session of hers ends.
    const r = await post('/change-password', { currentPassword: current, newPassword: next, revokeOtherSessions: true });
    if (!r.ok) {
      setPending(false);
      return setError(r.code === 'INVALID_PASSWORD' ? ACCESS_MSG.currentPasswordWrong : authErrorText(ACCESS_MSG.changeErrorPrefix, r.code));
    }
    // The session now says she may work: the guard shows the page she asked for.
    await refresh().catch(() => undefined);
    setPending(false);
  }

  return (
    <AuthCard
      title={ACCESS_MSG.changeTitle}
      subtitle={ACCESS_MSG.changeIntro}
      footer={
        <button type="button" onClick={() => void signOut()} className="min-h-11 cursor-pointer font-medium text-rose-800 underline-offset-4 hover:underline">
          {ACCESS_MSG.signOut}
        </button>
      }
    >
      <Form onSubmit={submit} className="space-y-4" aria-label={ACCESS_MSG.changeTitle}>
        <TextField label={ACCESS_MSG.currentPasswordLabel} type="password" name="currentPassword" autoComplete="current-password" value={current} onChange={setCurrent} />
        <TextField
          label={ACCESS_MSG.newPasswordLabel}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          description={ACCESS_MSG.newPasswordHelp}
          value={next}
          onChange={setNext}
        />
        <div aria-live="polite">{error && <Alert>{error}</Alert>}</div>
        <Button type="submit" className="w-full" isDisabled={pending || !current || !next}>
          {ACCESS_MSG.changeSubmit}
        </Button>
      </Form>
    </AuthCard>
  );
}
