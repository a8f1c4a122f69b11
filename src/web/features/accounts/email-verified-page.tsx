import { useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { AuthCard } from './auth-card';

/**
 * Where the email verification link lands (docs/decisions/019-client-records.md): better-auth redirects here after marking the
 * email verified, or with ?error=… when the link is broken or expired.
 */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  return (
    <AuthCard title={failed ? 'No hemos podido confirmar tu email' : 'Email confirmado'}>
      <Alert tone={failed ? 'error' : 'success'}>{failed ? MSG.emailVerifyFailed : MSG.emailVerified}</Alert>
      <div className="mt-6">
        <ButtonLink href="/my-appointments" className="w-full">
          Ver mis citas
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
