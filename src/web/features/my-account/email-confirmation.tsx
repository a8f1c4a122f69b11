import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';
import { emailStatusQuery, resendVerification } from '../../api/email-verification';
import { ResendVerificationButton } from '../../components/resend-verification-button';


function useResend() {
  const qc = useQueryClient();
  return async () => {
    const answer = await resendVerification();
    // Confirmed in the meantime (another tab): the notice goes.
    if (answer.status === 'already_confirmed') void qc.invalidateQueries({ queryKey: emailStatusQuery().queryKey });
    return answer;
  };
}

/** At the top of Mis Citas, only while the email is unconfirmed. */
export function EmailConfirmationNotice() {
  const status = useQuery(emailStatusQuery());
  const resend = useResend();
  if (!status.data || status.data.emailVerified) return null;
  return (
    <div data-testid="email-unconfirmed" className="mb-6 space-y-3 rounded-2xl border border-gold/40 bg-gold-100 px-4 py-3 text-sm leading-relaxed text-ink">
      <p>{ACCOUNT_MSG.emailUnconfirmed}</p>
      <ResendVerificationButton send={resend} />
    </div>
  );
}

/** In «Tus datos»: the account's email and whether it is confirmed. */
export function AccountEmailStatus() {
  const status = useQuery(emailStatusQuery());
  const resend = useResend();
  if (!status.data) return null;
  return (
    <div data-testid="account-email" className="mt-4 space-y-3">
      <p className="break-words text-ink">
        Tu email: <strong>{status.data.email}</strong> · {status.data.emailVerified ? 'confirmado' : 'sin confirmar'}
      </p>
      {/* The notice at the top of Mis Citas says why; here only the button. */}
      {!status.data.emailVerified && <ResendVerificationButton send={resend} />}
    </div>
  );
}
