import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SigningView } from './signing-view';

/**
 * /recepcion/firma/:appointmentId — "Firmar en recepción" (ADR 041): the client signs on
 * the reception tablet, with or without an account; the server records the staff member as the
 * witness. The same form as the client's link, full width.
 */
export default function ReceptionSignPage() {
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-3xl">
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="mb-3 inline-flex min-h-11 cursor-pointer items-center gap-1 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Volver
      </button>
      <PageHeader
        title="Firma tu consentimiento"
        subtitle="Firma en recepción: dale la tableta a la clienta para que lea, responda y firme."
      />
      <SigningView target={{ kind: 'reception', appointmentId }} />
    </section>
  );
}
