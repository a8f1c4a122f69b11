import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ConsentAnswers } from '../../components/consent-answers';
import { InlineLoading } from '../../components/loading';
import {
  accessLogQuery,
  clientConsentsQuery,
  consentDocumentQuery,
  documentPdfUrl,
  type AccessEntry,
  type ClientConsent,
} from '../../api/consents';
import { formatDateShort, formatTime } from '../../lib/format';
import { PdfDownloadLink } from '../../components/pdf-download-link';

// A client's signed consents on her record (ADR 041, 051): health data, so the server shows them
// only to the admin and to the professional who treats her, for a visit of a treatment that asks
// for them, from two days before it to the day after; it writes each read of the answers, and
// each refused one, to the access log. A 403 says the server's reason: it is the rule.
const METHOD = { online: 'En línea', recepcion: 'En recepción' } as const;

export function ClientConsents({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const q = useQuery(clientConsentsQuery(clientId));
  return (
    <section className="mt-8" aria-labelledby="client-consents">
      <h2 id="client-consents" className="mb-3 font-serif text-2xl">
        Consentimientos
      </h2>
      {q.isPending ? (
        <InlineLoading text="Cargando consentimientos..." />
      ) : q.isError ? (
        <p className="text-muted">{q.error.message}</p>
      ) : q.data.length === 0 ? (
        <p className="text-muted">Ninguno firmado.</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white">
          {q.data.map((d) => (
            <DocumentRow key={d.id} doc={d} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentRow({ doc: d, isAdmin }: { doc: ClientConsent; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const at = new Date(d.signedAt);
  return (
    <li className="px-4 py-3" data-testid="client-consent">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span>
          <span className="font-medium">{d.title}</span> <span className="text-sm text-muted">v{d.version}</span>
          <span className="block text-sm text-muted">
            {formatDateShort(at)}, {formatTime(at)} · {METHOD[d.method]}
          </span>
          {d.hasContraindications && (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
              <TriangleAlert className="h-3.5 w-3.5" aria-hidden /> Con contraindicaciones
            </span>
          )}
        </span>
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Ocultar respuestas' : 'Ver respuestas'}
          </Button>
          <PdfDownloadLink href={documentPdfUrl(d.id)} title={d.title} />
        </span>
      </div>
      {open && <Answers id={d.id} isAdmin={isAdmin} />}
    </li>
  );
}

/** The answers of one document (read on demand: each read is logged). */
function Answers({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const q = useQuery(consentDocumentQuery(id));
  if (q.isPending) return <InlineLoading text="Cargando respuestas..." />;
  if (q.isError) return <p className="mt-2 text-sm text-muted">{q.error.message}</p>;
  return (
    <div className="mt-3 space-y-3 rounded-xl bg-ivory/70 p-3 text-sm">
      <ConsentAnswers doc={q.data} />
      {/* Read after the answers: the log then holds this read too. */}
      {isAdmin && <AccessLog id={id} />}
    </div>
  );
}

const VIEWER = { admin: 'Dirección', employee: 'Profesional', receptionist: 'Recepción', client: 'La clienta' } as const;
const ACTION = { view: 'vio las respuestas', pdf: 'descargó el PDF', list: 'vio la lista de sus consentimientos' } as const;
const TRIED = { view: 'intentó ver las respuestas', pdf: 'intentó descargar el PDF', list: 'intentó ver la lista de sus consentimientos' } as const;
/**
 * When, who (her name and role), what, and for which visit: "…, 10:05 · Lucía Martín (Profesional)
 * vio las respuestas, para la cita del 14/05". A refused attempt says so (ADR 051: they are logged too).
 */
const entryText = (e: AccessEntry) => {
  const at = new Date(e.at);
  const what = e.outcome === 'refused' ? `${TRIED[e.action]} (denegado)` : ACTION[e.action];
  const visit = e.visitStart ? `, para la cita del ${formatDateShort(new Date(e.visitStart))}` : '';
  return `${formatDateShort(at)}, ${formatTime(at)} · ${e.viewerName} (${VIEWER[e.viewerKind]}) ${what}${visit}`;
};

/** The admin's "who has seen it" (RGPD art. 9: each read of health data is recorded). */
function AccessLog({ id }: { id: string }) {
  const q = useQuery(accessLogQuery(id));
  if (!q.data) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-ink">Quién lo ha visto ({q.data.length})</summary>
      <ul className="space-y-1 text-muted">
        {q.data.map((e, i) => (
          <li key={i}>{entryText(e)}</li>
        ))}
      </ul>
    </details>
  );
}
