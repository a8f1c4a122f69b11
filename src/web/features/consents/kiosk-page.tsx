import { useQuery } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { KIOSK_MSG, KIOSK_PIN } from '../../../domain/reception-kiosk';
import { endKiosk, kioskQuery, signingQuery } from '../../api/consents';
import { homeOf, useSession } from '../../api/session';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { Wordmark } from '../../components/logo';
import { Sheet } from '../../components/sheet';
import { TextField } from '../../components/text-field';
import type { ApiRequestError } from '../../lib/api';
import { SigningView } from './signing-view';

/**
 * /recepcion/kiosco (ADR 068): the tablet in the client's hands. The salon's name, the visit's
 * documents to sign and the thank-you; no staff navigation. The server serves only this page to
 * the locked session and refuses every other call; "Terminar" asks for the staff member's PIN.
 */
export default function KioskPage() {
  const kiosk = useQuery(kioskQuery());
  const appointmentId = kiosk.data?.appointmentId;
  const target = { kind: 'reception' as const, appointmentId: appointmentId ?? '' };
  const form = useQuery({ ...signingQuery(target), enabled: Boolean(appointmentId) });
  const [ending, setEnding] = useState(false);
  return (
    <div className="flex min-h-dvh flex-col bg-ivory">
      <header className="border-b border-line bg-white/80 px-4 py-4 sm:px-8">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
          <p className="font-serif text-2xl text-ink" data-testid="kiosk-salon">
            {form.data?.salonName ?? <Wordmark />}
          </p>
          <span className="rounded-full bg-sand px-3 py-1 text-xs font-medium text-muted">Firma en recepción</span>
        </div>
      </header>
      <main id="contenido" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-8">
        {kiosk.isPending ? (
          <InlineLoading text="Cargando..." />
        ) : kiosk.isError ? (
          <Alert>{KIOSK_MSG.notInKiosk}</Alert>
        ) : (
          <SigningView target={target} kiosk />
        )}
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-8">
        <Button variant="secondary" onPress={() => setEnding(true)}>
          <LockKeyhole className="h-4 w-4" aria-hidden />
          Terminar
        </Button>
      </footer>
      <EndSheet isOpen={ending} onClose={() => setEnding(false)} />
    </div>
  );
}

/** "Terminar": only the staff member's PIN returns the tablet to her session. */
function EndSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { user } = useSession();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!KIOSK_PIN.test(pin)) return setError(KIOSK_MSG.wrongPin);
    setBusy(true);
    try {
      await endKiosk(pin);
      window.location.replace(homeOf(user?.role));
    } catch (e) {
      const err = e as ApiRequestError;
      if (err.code === 'kiosk_attempts') return window.location.replace('/login');
      setError(err.message);
      setPin('');
      setBusy(false);
    }
  };
  return (
    <Sheet isOpen={isOpen} title="Terminar el modo firma" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="text-muted">Solo para el personal del salón: escribe el PIN que elegiste al dar la tableta.</p>
        <TextField label="PIN" type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={setPin} autoFocus />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" isDisabled={busy}>
          Devolver la tableta
        </Button>
      </form>
    </Sheet>
  );
}
