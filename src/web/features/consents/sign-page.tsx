import { useEffect } from 'react';
import { HEALTH_ACCESS_SIGNING } from '../../../domain/health-access';
import { Logo } from '../../components/logo';
import { SigningView } from './signing-view';

/**
 * /firma — "Firma tu consentimiento" (ADR 041, 051): where the link of the confirmation email, the
 * reminder and Mis Citas (/firma/<token>) lands once the server has put its token in a cookie. The
 * token names the appointment (no sign-in: she may sign on her phone from the email); it is in no
 * address the page uses. Its code (signature_pad included) is this page's chunk only.
 */
export default function SignPage() {
  useEffect(() => {
    document.title = 'Firma tu consentimiento';
  }, []);
  return (
    <main className="mx-auto min-h-dvh max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-5 flex items-center gap-3">
        <Logo className="h-9 w-9" />
        <h1 className="text-3xl sm:text-4xl">Firma tu consentimiento</h1>
      </div>
      <p className="mb-5 text-muted">Lee el texto con calma, responde a las preguntas y firma al final. {HEALTH_ACCESS_SIGNING}</p>
      <SigningView target={{ kind: 'link' }} />
    </main>
  );
}
