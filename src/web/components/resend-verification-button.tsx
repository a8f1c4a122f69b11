import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { ACCOUNT_MSG } from '../../domain/texts/accounts';
import { Alert } from './alert';
import { Button } from './button';

/**
 * 'Reenviar email de confirmación' (the November review, docs/decisions/030): the link sent at
 * sign-up lasts 24 hours. `send` asks the server; its Spanish answer (sent, already confirmed,
 * too many requests) is shown below the button.
 */
export function ResendVerificationButton({ send, className }: { send: () => Promise<{ status: string; message: string }>; className?: string }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function press() {
    setPending(true);
    setResult(null);
    try {
      const answer = await send();
      setResult({ ok: true, message: answer.message });
    } catch (err) {
      setResult({ ok: false, message: err instanceof Error && err.message ? err.message : ACCOUNT_MSG.verificationResendFailed });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={`space-y-2 ${className ?? ''}`}>
      <Button variant="secondary" onPress={() => void press()} isDisabled={pending} className="w-full sm:w-auto">
        <MailCheck className="h-4 w-4" aria-hidden /> {ACCOUNT_MSG.resendVerification}
      </Button>
      <div aria-live="polite">{result && <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>}</div>
    </div>
  );
}
