import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { isSalonLogin, looksLikeEmail, salonLoginEmail } from '../../../domain/staff-login';
import { STAFF_PASSWORD_MIN } from '../../../domain/password-rules';
import { ACCESS_MSG } from '../../../domain/texts/staff-access';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { failureText } from '../../components/admin/admin-ui';
import { employeesQuery, giveEmployeeAccess, inviteEmployee, type AdminEmployee } from '../../api/employees';

// Letters and digits that read aloud without doubt (no 0/O, 1/l/I): the admin tells it in person.
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A first-sign-in password: 3 groups of 5, 15 characters of the browser's own randomness. */
function generatedPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  const chars = [...bytes].map((b) => READABLE[b % READABLE.length]);
  return [chars.slice(0, 5), chars.slice(5, 10), chars.slice(10)].map((g) => g.join('')).join('-');
}

/**
 * "Acceso a Auna" (ADR 084, 085, 100): an active professional without an account gets a login (her
 * email, or a salon login name when she has none) and either an invitation to that email, where she
 * chooses her password, or a first-sign-in password she changes at once. A salon login name
 * receives no mail, so it always takes a first password. `onGranted` hands the form its new link,
 * so saving the form afterwards keeps it.
 */
export function GiveAccess({ employee, onGranted }: { employee: AdminEmployee; onGranted: (e: AdminEmployee) => void }) {
  const qc = useQueryClient();
  const [email, setEmail] = useState(employee.email ?? '');
  const [how, setHow] = useState<'invitation' | 'password'>(employee.email && looksLikeEmail(employee.email) ? 'invitation' : 'password');
  const [password, setPassword] = useState('');
  const invitation = how === 'invitation' && !isSalonLogin(email);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // A new value is a new attempt: the last refusal no longer applies.
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setProblem(null);
  };

  async function give() {
    if (!looksLikeEmail(email)) return setProblem(ACCESS_MSG.emailInvalid);
    if (!invitation && [...password].length < STAFF_PASSWORD_MIN) return setProblem(ACCESS_MSG.firstPasswordHelp);
    setProblem(null);
    setPending(true);
    try {
      const saved = invitation
        ? await inviteEmployee(employee.id, { email: email.trim() })
        : await giveEmployeeAccess(employee.id, { email: email.trim(), password });
      toast.success(invitation ? ACCESS_MSG.invitationSent : ACCESS_MSG.accessGiven);
      await qc.invalidateQueries({ queryKey: employeesQuery().queryKey });
      onGranted(saved);
    } catch (err) {
      setProblem(failureText(err, MSG.employeeSaveFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="give-access-title" className="mt-5 space-y-3 rounded-2xl border border-line bg-sand/50 p-4">
      <div>
        <h3 id="give-access-title" className="flex items-center gap-2 font-medium text-ink">
          <KeyRound className="h-4 w-4 text-sage-800" aria-hidden />
          {ACCESS_MSG.sectionTitle}
        </h3>
        <p className="pt-1 text-sm text-muted">
          {ACCESS_MSG.noAccount} {ACCESS_MSG.sectionHelp}
        </p>
      </div>
      <TextField
        label={ACCESS_MSG.loginEmailLabel}
        name="access-email"
        type="email"
        value={email}
        onChange={edit(setEmail)}
        description={ACCESS_MSG.loginEmailHelp}
      />
      <button
        type="button"
        onClick={() => {
          edit(setEmail)(salonLoginEmail(employee.name));
          setHow('password');
        }}
        className="min-h-11 cursor-pointer text-left text-sm font-medium text-sage-800 underline underline-offset-4"
      >
        {ACCESS_MSG.useSalonLogin}
      </button>
      {!isSalonLogin(email) && (
        <fieldset className="space-y-1">
          <legend className="pb-1 text-sm font-medium text-ink">{ACCESS_MSG.howLabel}</legend>
          {(['invitation', 'password'] as const).map((h) => (
            <label key={h} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
              <input type="radio" name="access-how" checked={how === h} onChange={() => setHow(h)} className="h-5 w-5 accent-rose-700" />
              {h === 'invitation' ? ACCESS_MSG.byInvitation : ACCESS_MSG.byPassword}
            </label>
          ))}
        </fieldset>
      )}
      {invitation ? (
        <p className="text-sm text-muted">{ACCESS_MSG.invitationHelp}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            label={ACCESS_MSG.firstPasswordLabel}
            name="access-password"
            value={password}
            onChange={edit(setPassword)}
            description={ACCESS_MSG.firstPasswordHelp}
            className="min-w-0 flex-1"
          />
          <Button variant="secondary" onPress={() => edit(setPassword)(generatedPassword())} className="shrink-0">
            <Sparkles className="h-4 w-4" aria-hidden />
            {ACCESS_MSG.generatePassword}
          </Button>
        </div>
      )}
      <div aria-live="polite">{problem && <Alert>{problem}</Alert>}</div>
      <Button onPress={() => void give()} isDisabled={pending || !email.trim() || (!invitation && !password)}>
        {invitation ? ACCESS_MSG.sendInvitation : ACCESS_MSG.giveAccess}
      </Button>
    </section>
  );
}
