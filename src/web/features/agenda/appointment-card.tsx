import { Check, CheckCheck, Clock, Mail, Phone, UserX } from 'lucide-react';
import { ClientNote } from '../../components/client-note';
import { ConsentMissingBadge } from '../../components/consent-status';
import { Button, ButtonLink } from '../../components/button';
import { VisitConsent } from '../../components/visit-consent';
import { visitConsentCalls } from '../../api/consents';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../lib/format';
import type { AgendaAppointment, EmployeeMark } from '../../api/agenda';
import { AgendaPayment } from './agenda-payment';
import { clientContact, type Highlight } from './agenda-view';

const FINISHED = new Set(['completed', 'no_show', 'cancelled_by_client', 'cancelled_by_salon']);

/**
 * One appointment of the agenda (SPEC §2): service, status, time and duration, client name,
 * email (when there is one) and phone (tap to call), and notes. Big, readable at arm's length from the station; the marking buttons only
 * when the appointment may be marked (SPEC §5).
 */
export function AppointmentCard({
  appointment: a,
  status,
  highlight,
  startsIn,
  markable,
  onMark,
  today,
  windowApplies,
}: {
  appointment: AgendaAppointment;
  /** the status to show: the pending (not yet saved) mark wins over the server's */
  status: string;
  highlight?: Highlight;
  startsIn?: string;
  markable: boolean;
  onMark: (to: EmployeeMark) => void;
  /** Today in the salon, and whether the need-to-know window applies (a professional's card; ADR 051). */
  today: string;
  windowApplies: boolean;
}) {
  const titleId = `cita-${a.id}`;
  const finished = FINISHED.has(status);
  const cancelled = status.startsWith('cancelled');
  const ring = highlight === 'now' ? 'border-rose-500 ring-2 ring-rose-500/25' : highlight === 'next' ? 'border-rose-500/60' : 'border-line';
  const surface = finished ? 'bg-white/70' : 'bg-white shadow-soft';
  return (
    <article
      aria-labelledby={titleId}
      data-testid="agenda-appointment"
      data-status={status}
      data-highlight={highlight}
      className={`rounded-[var(--radius-card)] border p-4 transition-colors sm:p-5 ${ring} ${surface}`}
    >
      {highlight && (
        <p
          className={`mb-3 inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold tracking-wide uppercase ${
            highlight === 'now' ? 'border-rose-700 bg-rose-700 text-white' : 'border-rose-100 bg-rose-50 text-rose-800'
          }`}
        >
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {highlight === 'now' ? 'Ahora' : `Siguiente · ${startsIn ?? ''}`}
        </p>
      )}
      <div className="flex gap-4 sm:gap-5">
        <div className={`w-[4.75rem] shrink-0 border-r border-line pr-3 sm:w-24 sm:pr-5 ${cancelled ? 'text-muted' : ''}`}>
          <p className="font-serif text-[1.7rem] leading-none font-semibold lining-nums tabular-nums sm:text-3xl">{formatTime(a.startTime)}</p>
          <p className="mt-1.5 text-xs whitespace-nowrap text-muted tabular-nums">hasta {formatTime(a.endTime)}</p>
          <p className="mt-0.5 text-xs font-medium text-muted">{a.serviceDuration} min</p>
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
            <h3 id={titleId} className={`font-sans text-lg leading-snug font-semibold ${cancelled ? 'text-muted line-through decoration-muted/50' : ''}`}>
              {a.serviceName}
            </h3>
            <StatusBadge status={status} />
          </div>
          <p className="mt-1 text-[1.05rem] text-ink">{a.clientName}</p>
          {/* ADR 057: she answered "Confirmo" to her WhatsApp or SMS. */}
          {a.clientConfirmedAt && status === 'confirmed' && (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-sage-100 px-2.5 py-0.5 text-xs font-medium text-sage-800">
              <CheckCheck className="h-3.5 w-3.5" aria-hidden /> Confirmó que viene
            </p>
          )}
          {a.consentMissing && !cancelled && (
            <p className="mt-1">
              <ConsentMissingBadge />
            </p>
          )}
          {clientContact(a).map((link) => (
            <a
              key={link.kind}
              href={link.href}
              className="mt-0.5 mr-4 inline-flex max-w-full items-center gap-1.5 rounded text-sm break-all text-muted underline-offset-2 hover:text-ink hover:underline"
            >
              {link.kind === 'email' ? <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden /> : <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />}
              {link.text}
            </a>
          ))}
          <ClientNote text={a.notes_client} className="mt-3 py-2" />
          {/* Her answers: "Ver consentimiento", a read the server logs (ADR 051); the witness at reception is her professional. */}
          {!cancelled && <VisitConsent appointment={a} calls={visitConsentCalls} windowApplies={windowApplies} today={today} className="mt-3" />}
          {a.consentMissing && status === 'confirmed' && (
            <p className="mt-3">
              <ButtonLink href={`/recepcion/firma/${a.id}`} variant="secondary">
                Firmar en recepción
              </ButtonLink>
            </p>
          )}
        </div>
      </div>
      {markable && (
        <div role="group" aria-label={`Marcar la cita de las ${formatTime(a.startTime)}`} className="mt-4 grid grid-cols-2 gap-2 border-t border-line pt-4 sm:gap-3">
          <Button onPress={() => onMark('completed')} className="min-h-12">
            <Check className="h-5 w-5" aria-hidden />
            Completada
          </Button>
          <Button variant="secondary" onPress={() => onMark('no_show')} className="min-h-12">
            <UserX className="h-5 w-5" aria-hidden />
            No asistió
          </Button>
        </div>
      )}
      {status === 'completed' && a.status === 'completed' && <AgendaPayment appointmentId={a.id} />}
    </article>
  );
}
