import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CheckCircle2, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { formatDateLong, formatTime } from '../../lib/format';
import { documentPdfUrl, signingQuery, type SigningData, type SigningTarget } from '../../api/consents';
import { ConsentForm } from './consent-form';
import { PdfDownloadLink } from '../../components/pdf-download-link';

// What both signing pages show (the client's /firma, opened from her link, and the front desk's
// /recepcion/firma/:appointmentId): the salon, the appointment, then each consent still to sign,
// one after another, and the thank-you with "Descargar PDF" once none is left.

// A link that no longer works, said to the client; at reception the staff read the server's own 404 ("No encontramos esa cita.").
const LINK_NOT_FOUND = 'Este enlace ya no sirve: la cita no existe, ya pasó o se canceló. Si tienes dudas, llama al salón.';

/** `kiosk`: the reception tablet in the client's hands (ADR 068): the thank-you offers no download (her copy is in her link and her account). */
export function SigningView({ target, kiosk = false }: { target: SigningTarget; kiosk?: boolean }) {
  const qc = useQueryClient();
  const q = useQuery(signingQuery(target));
  // Something was signed on this page: the end says "¡Gracias!" rather than "Todo firmado".
  const [signedHere, setSignedHere] = useState(false);
  if (q.isPending) return <InlineLoading text="Cargando el consentimiento..." />;
  if (q.isError)
    return <Alert>{target.kind === 'link' && 'status' in q.error && q.error.status === 404 ? LINK_NOT_FOUND : q.error.message}</Alert>;
  const data = q.data;
  const next = data.pending[0];
  return (
    <div className="space-y-6">
      <AppointmentSummary data={data} />
      {next ? (
        <ConsentForm
          key={next.templateVersionId}
          consent={next}
          clientName={data.clientName}
          appointmentId={data.appointment.id}
          target={target}
          onSigned={() => {
            setSignedHere(true);
            window.scrollTo({ top: 0 });
            // Awaited by the form: it stays "Firmando..." until the next consent (or the end) is here.
            return qc.invalidateQueries({ queryKey: signingQuery(target).queryKey });
          }}
        />
      ) : (
        <Signed data={data} target={target} thanks={signedHere} kiosk={kiosk} />
      )}
    </div>
  );
}

function AppointmentSummary({ data }: { data: SigningData }) {
  const start = new Date(data.appointment.startTime);
  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white/80 p-4 text-[0.95rem] sm:p-5">
      <p className="text-xs font-semibold tracking-wide text-rose-800 uppercase" data-testid="salon-name">
        {data.salonName}
      </p>
      <p className="mt-1 font-serif text-xl">{data.appointment.serviceName}</p>
      <p className="mt-1 flex items-center gap-2 text-muted">
        <CalendarDays className="h-4 w-4 shrink-0 text-rose-700" aria-hidden />
        <span className="first-letter:uppercase">
          {formatDateLong(start)}, {formatTime(start)} h
        </span>
      </p>
      <p className="mt-0.5 flex items-center gap-2 text-muted">
        <UserRound className="h-4 w-4 shrink-0 text-rose-700" aria-hidden />
        Con {data.appointment.employeeName} · {data.clientName}
      </p>
    </div>
  );
}

/** The thank-you (focused, so a screen reader reads it) and every document of this appointment with its PDF. */
function Signed({ data, target, thanks, kiosk }: { data: SigningData; target: SigningTarget; thanks: boolean; kiosk: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (thanks) heading.current?.focus();
  }, [thanks]);
  return (
    <section
      aria-labelledby="signed-heading"
      className="rounded-[var(--radius-card)] border border-sage/30 bg-sage-100/60 p-5 sm:p-7"
      data-testid="consent-signed"
    >
      <h2 id="signed-heading" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-2xl outline-none">
        <CheckCircle2 className="h-6 w-6 text-sage-800" aria-hidden />
        {thanks ? '¡Gracias! Consentimiento firmado' : data.signable ? 'Todo firmado' : 'Tus documentos firmados'}
      </h2>
      <p className="mt-2 text-ink">
        {kiosk
          ? 'Lo guardamos firmado y sin cambios posibles. Ya puedes devolver la tableta al personal del salón.'
          : thanks
            ? 'Lo guardamos firmado y sin cambios posibles. Puedes descargar una copia cuando quieras.'
            : data.signable
              ? 'No queda ningún consentimiento por firmar para esta cita.'
              : 'Tu cita ya pasó: hoy aún puedes descargar una copia; mañana este enlace deja de funcionar.'}
      </p>
      {/* In the kiosk no download: the tablet is the salon's, her copy is in her link and account. */}
      <ul className="mt-4 space-y-2" hidden={kiosk}>
        {data.signed.map((d) => (
          <li key={d.documentId} className="flex flex-col gap-2 rounded-2xl bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="font-medium">{d.title}</span>
              <span className="block text-sm text-muted">
                Firmado el {formatDateLong(new Date(d.signedAt))} a las {formatTime(new Date(d.signedAt))}
              </span>
            </span>
            <PdfDownloadLink href={documentPdfUrl(d.documentId, target)} title={d.title} />
          </li>
        ))}
      </ul>
    </section>
  );
}
