import { ArrowLeft, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { KIOSK_MSG, KIOSK_PAGE, KIOSK_PIN } from '../../../domain/reception-kiosk';
import { startKiosk } from '../../api/consents';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';

/**
 * /recepcion/firma/:appointmentId — "Firmar en recepción" (ADR 041, 068): before the tablet goes
 * to the client, the staff member chooses a PIN; the tablet then becomes a kiosk with only that
 * visit's forms (/recepcion/kiosco), and only the PIN gives it back to her.
 */
export default function ReceptionSignPage() {
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!KIOSK_PIN.test(pin)) return setError(KIOSK_MSG.pinFormat);
    setBusy(true);
    setError(null);
    try {
      await startKiosk(appointmentId, pin);
      // A new page load: nothing of the staff's screens stays in memory or in the history's page.
      window.location.replace(KIOSK_PAGE);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section className="mx-auto max-w-xl">
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="mb-3 inline-flex min-h-11 cursor-pointer items-center gap-1 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Volver
      </button>
      <PageHeader
        title="Firmar en recepción"
        subtitle="La tableta pasa a modo firma: la clienta solo verá sus documentos para firmar, nada de tu sesión."
      />
      <form
        className="space-y-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <TextField
          label="Elige un PIN para recuperar la tableta"
          description="De 4 a 8 cifras. Te lo pediremos al pulsar «Terminar»; no se lo digas a la clienta."
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={setPin}
        />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" isDisabled={busy}>
          <Tablet className="h-4 w-4" aria-hidden />
          Dar la tableta a la clienta
        </Button>
      </form>
    </section>
  );
}
