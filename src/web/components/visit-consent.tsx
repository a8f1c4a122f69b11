import { FileText } from 'lucide-react';
import { useState } from 'react';
import { salonDateOf, SALON_TIME_ZONE, spanishDate } from '../../domain/calendar-date';
import { healthReadWindow } from '../../domain/health-access';
import { formatDateShort, formatTime } from '../lib/format';
import { Alert } from './alert';
import { Button } from './button';
import { ConsentAnswers } from './consent-answers';
import { ContraindicationsFlag } from './consent-status';
import { InlineLoading } from './loading';
import { PdfDownloadLink } from './pdf-download-link';
import type { VisitConsentCalls } from './visit-consent-calls';

// A visit's signed consent on the staff's cards (the agenda, the day view's details; ADR 051): the
// views say only "Contraindicaciones: ver consentimiento"; "Ver consentimiento" reads the visit's
// signed documents with her answers, a read the server logs ("Quién lo ha visto"). A professional
// is offered it within the window the server enforces (two days before the visit to the day after).

const METHOD = { online: 'En línea', recepcion: 'En recepción' } as const;

type Visit = { id: string; startTime: string | Date; consentSigned: boolean; hasContraindications: boolean };

export function VisitConsent({
  appointment: a,
  calls,
  windowApplies,
  today,
  className = '',
}: {
  appointment: Visit;
  calls: VisitConsentCalls;
  /** The professional's view: the answers open within the window; the admin's always. */
  windowApplies: boolean;
  /** Today in the salon (lib/salon-today.ts). */
  today: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!a.consentSigned && !a.hasContraindications) return null;
  const w = healthReadWindow(salonDateOf(new Date(a.startTime), SALON_TIME_ZONE));
  const readable = !windowApplies || (w.from <= today && today <= w.until);
  return (
    <div className={`space-y-2 ${className}`}>
      {a.hasContraindications && <ContraindicationsFlag />}
      {a.consentSigned && readable && (
        <Button variant="secondary" onPress={() => setOpen((o) => !o)} aria-expanded={open}>
          <FileText className="h-4 w-4" aria-hidden />
          {open ? 'Ocultar consentimiento' : 'Ver consentimiento'}
        </Button>
      )}
      {a.consentSigned && !readable && today < w.from && (
        <p className="text-sm text-muted">Podrás ver sus respuestas desde el {spanishDate(w.from)}, dos días antes de la cita.</p>
      )}
      {open && readable && <VisitDocuments appointmentId={a.id} calls={calls} />}
    </div>
  );
}

/** The visit's documents, read when opened (the server logs each). */
function VisitDocuments({ appointmentId, calls }: { appointmentId: string; calls: VisitConsentCalls }) {
  const q = calls.useVisitDocuments(appointmentId);
  if (q.isPending) return <InlineLoading text="Cargando el consentimiento..." />;
  if (q.isError || !q.data) return <Alert>{q.error?.message ?? 'No se pudo cargar el consentimiento.'}</Alert>;
  if (q.data.documents.length === 0) return <p className="text-sm text-muted">Todavía no ha firmado el consentimiento de esta cita.</p>;
  return (
    <ul className="space-y-3" aria-label="Consentimiento firmado">
      {q.data.documents.map((d) => {
        const at = new Date(d.signedAt);
        return (
          <li key={d.id} className="rounded-xl bg-ivory/70 p-3 text-sm" data-testid="visit-consent-document">
            <p className="font-medium">
              {d.title} <span className="font-normal text-muted">v{d.version}</span>
            </p>
            <p className="mb-2 text-muted">
              Firmado el {formatDateShort(at)}, {formatTime(at)} · {METHOD[d.method]}
            </p>
            <ConsentAnswers doc={d} />
            <div className="mt-3">
              <PdfDownloadLink href={calls.pdfUrl(d.id)} title={d.title} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
