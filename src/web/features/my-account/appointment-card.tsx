import { CalendarDays, Clock, Hourglass, MessageSquareText, Phone, Ticket, UserRound } from 'lucide-react';
import { showClientCancelButton } from '../../../domain/appointment-status';
import { bonoLeftText } from '../../../domain/bonos';
import { cancelNote, clientCardBadge } from '../../../domain/my-appointments';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { StatusBadge } from '../../components/status-badge';
import type { MyAppointment, MyAppointments } from '../../api/my-account';
import type { Card } from './visit-parts';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';

function Detail({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2.5">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-rose-700" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The card's anchor: the booking page's cap notice links to it (docs/decisions/075). */
export const cardAnchor = (id: string) => `cita-${id}`;

/** The salon's phone as a link to call it, or as typed when it is not a number we can dial. */
export function SalonPhone({ phone }: { phone: NonNullable<MyAppointments['salonPhone']> }) {
  return phone.href ? (
    <a href={phone.href} className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-rose-700 underline underline-offset-4">
      <Phone className="h-4 w-4" aria-hidden />
      {phone.text}
    </a>
  ) : (
    <span className="font-semibold">{phone.text}</span>
  );
}

/** Until when the app lets her cancel, or whom to call inside the salon's window (docs/decisions/075). */
function CancelLine({ a, now, salon }: { a: MyAppointment; now: number; salon: Pick<MyAppointments, 'policyHours' | 'salonPhone'> }) {
  const note = cancelNote({ status: a.status, startTime: new Date(a.startTime) }, now, salon.policyHours, salon.salonPhone !== null);
  if (!note) return null;
  return (
    <p className="mt-4 text-sm text-muted" data-testid="cancel-note">
      {note.text}
      {note.kind === 'call' && salon.salonPhone && (
        <>
          {' '}
          <SalonPhone phone={salon.salonPhone} />
        </>
      )}
    </p>
  );
}

export function AppointmentCard({
  a,
  now,
  salon,
  highlighted = false,
  bonoLeft,
  refusal,
  onCancel,
  onMove,
}: {
  a: Card<MyAppointment>;
  now: number;
  salon: Pick<MyAppointments, 'policyHours' | 'salonPhone'>;
  /** The card the booking page's cap notice linked to. */
  highlighted?: boolean;
  /** ADR 037: the sessions left on the bono this appointment holds a session of, if any. */
  bonoLeft: number | null;
  /** What the salon answered when she tried to cancel this one: said here, beside the button she pressed. */
  refusal: string | null;
  onCancel: (a: MyAppointment) => void;
  onMove: (a: MyAppointment) => void;
}) {
  const start = new Date(a.startTime);
  const cancellable = a.upcoming && showClientCancelButton({ status: a.status, startTime: start }, now);
  const badge = clientCardBadge({ status: a.status, startTime: start, endTime: new Date(a.endTime) }, now);
  return (
    <li
      id={cardAnchor(a.id)}
      className={`flex flex-col rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6 ${highlighted ? 'ring-2 ring-rose-500' : ''}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-2xl leading-tight">{a.serviceName}</h3>
        <StatusBadge status={a.status} audience="client" as={badge} />
      </div>
      <dl className="mt-4 grid gap-2.5 text-[0.95rem] text-ink">
        <Detail icon={UserRound} label="Profesional">
          Con {a.employeeName}
        </Detail>
        <Detail icon={CalendarDays} label="Fecha">
          <span className="inline-block first-letter:uppercase">{formatDateLong(a.startTime)}</span>
        </Detail>
        <Detail icon={Clock} label="Hora">
          {formatTime(a.startTime)} h
        </Detail>
        <Detail icon={Hourglass} label="Duración">
          {a.serviceDuration} min · <span className="font-semibold">{formatEuros(a.price)}</span>
        </Detail>
        {a.parts.length > 1 && (
          <Detail icon={Hourglass} label="Tu visita">
            <ul>
              {a.parts.map((p) => (
                <li key={p.id}>
                  {p.serviceName} con {p.employeeName}, {formatTime(p.startTime)} h
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {bonoLeft !== null && (
          <Detail icon={Ticket} label="Bono">
            <span className="font-medium text-rose-700">{bonoLeftText(bonoLeft)}</span>
          </Detail>
        )}
        {a.notes_client && (
          <Detail icon={MessageSquareText} label="Tus notas">
            <span className="text-muted italic">“{a.notes_client}”</span>
          </Detail>
        )}
      </dl>
      {/* ADR 041: a consent her service requires is still to sign (the server gives the link). */}
      {a.consentUrl && (
        <a
          href={a.consentUrl}
          className="mt-4 inline-flex min-h-11 items-center self-start rounded-full border border-amber-800/30 bg-amber-100 px-4 text-sm font-semibold text-amber-800 hover:bg-gold-100"
        >
          Firma tu consentimiento
        </a>
      )}
      {a.upcoming && <CancelLine a={a} now={now} salon={salon} />}
      {refusal && (
        <div className="mt-4">
          <Alert>
            {refusal}
            {salon.salonPhone && (
              <>
                {' '}
                Llama al salón: <SalonPhone phone={salon.salonPhone} />
              </>
            )}
          </Alert>
        </div>
      )}
      {cancellable && (
        <div className="mt-auto flex flex-col gap-2 pt-5 sm:flex-row">
          {/* A visit of several services moves at the desk, part by part (ADR 083). */}
          {a.parts.length === 1 && (
            <Button variant="secondary" className="w-full" onPress={() => onMove(a)}>
              Cambiar hora
            </Button>
          )}
          <Button variant="secondary" className="w-full" onPress={() => onCancel(a)}>
            Cancelar Cita
          </Button>
        </div>
      )}
      {/* ADR 074: the same service with the same professional, in one tap. */}
      {!a.upcoming && a.serviceId && (
        <div className="mt-auto pt-5">
          <ButtonLink href={`/book/${a.serviceId}?professional=${encodeURIComponent(a.employeeId)}`} variant="secondary" className="w-full">
            Reservar de nuevo
          </ButtonLink>
        </div>
      )}
    </li>
  );
}
