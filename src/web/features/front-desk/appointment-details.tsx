import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { statusLabel } from '../../../domain/appointment-status';
import { BONO_MSG } from '../../../domain/bonos';
import { MSG } from '../../../domain/texts/common';
import { formatPhone } from '../../../domain/phone';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { ConsentMissingBadge } from '../../components/consent-status';
import { VisitConsent } from '../../components/visit-consent';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cancelConfirmLabel, WholeVisitChoice } from '../../components/whole-visit-choice';
import { PaymentSection } from '../../components/payment-form';
import { RescheduleForm } from '../../components/reschedule-form';
import { Sheet } from '../../components/sheet';
import { StatusBadge } from '../../components/status-badge';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';
import { changeStatus, type AdminAction } from '../../api/appointments';
import { changesQuery, type DayAppointment, type DayProfessional, type SalonDay } from '../../api/front-desk';
import { visitConsentCalls } from '../../api/consents';
import { useSession } from '../../api/session';
import { paymentCalls } from '../../api/payments';
import { rescheduleCalls } from '../../api/reschedule';
import { ChangeHistory } from './change-history';
import { ResourceMove } from './resource-move';
import { AppointmentWhatsapp } from './appointment-whatsapp';
import { offersWholeVisit, otherVisitParts } from './visit-parts';
import { VisitPartsFact, VisitPartsGoing } from './visit-parts-fact';

const TZ = SALON_TIME_ZONE;
const BONO_DESK_NOT_COVERED = BONO_MSG.notCoveredDesk;

/**
 * A block of the day view opened: who, what, when, the allowed actions, moving it, its history. A
 * part of a visit of several services names its other parts, and its cancellation offers the whole
 * visit as Gestionar Citas does (ADR 098).
 */
export function AppointmentDetails({
  appointment: a,
  professionals,
  day,
  today,
  onClose,
  onChanged,
  startMoving = false,
  onMoveMenu,
  onOpenPart,
}: {
  /** Opened from "Mover…"'s "Otra hora o día…": the move form at once. */
  startMoving?: boolean;
  /** "Mover…": the drag's menu (ADR 059). */
  onMoveMenu: () => void;
  /** Another part of the same visit opened in its place. */
  onOpenPart: (id: string) => void;
  appointment: DayAppointment;
  professionals: DayProfessional[];
  /** The day's answer: its resources, the services' groups and the other appointments (what is free). */
  day: SalonDay;
  today: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const qc = useQueryClient();
  const { user } = useSession();
  const [moving, setMoving] = useState(startMoving);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [wholeVisit, setWholeVisit] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changes = useQuery(changesQuery(a.id));
  const start = new Date(a.startTime);
  const currentPro = professionals.find((p) => p.userId === a.employeeId);
  const parts = otherVisitParts(day.appointments, a);
  const offersWhole = offersWholeVisit(a, parts);
  const closeCancel = () => {
    setConfirmCancel(false);
    setWholeVisit(false);
  };

  const act = async (status: AdminAction, whole = false) => {
    setPending(true);
    setError(null);
    try {
      await changeStatus(a.id, status, whole || undefined);
      toast.success(MSG.statusMarked(statusLabel(status)));
      closeCancel();
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.statusUpdateFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <Sheet isOpen title={a.clientName} onClose={onClose} wide>
      <AppointmentFacts appointment={a} parts={<VisitPartsFact parts={parts} onOpen={onOpenPart} />} />
      {/* Her answers behind "Ver consentimiento", a read the server logs (ADR 051). */}
      {!a.status.startsWith('cancelled') && (
        <VisitConsent appointment={a} calls={visitConsentCalls} windowApplies={user?.role !== 'admin'} today={today} className="mt-4" />
      )}
      {a.clientRecordId && (
        <p className="mt-3 text-sm">
          <Link className="font-medium text-rose-700 underline" to={`/admin/clients/${a.clientRecordId}`}>
            Ver ficha del cliente
          </Link>
        </p>
      )}
      {/* The client signs on the reception tablet (ADR 041). */}
      {a.consentMissing && a.status === 'confirmed' && (
        <div className="mt-4">
          <ButtonLink href={`/recepcion/firma/${a.id}`} variant="secondary">
            Firmar en recepción
          </ButtonLink>
        </div>
      )}
      {a.status === 'confirmed' && start.getTime() > Date.now() && <AppointmentWhatsapp appointmentId={a.id} />}
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      {a.status === 'confirmed' && !moving && (
        <div className="mt-5 flex flex-wrap gap-2">
          <Button onPress={() => setMoving(true)}>Cambiar hora</Button>
          <Button variant="secondary" onPress={onMoveMenu}>
            Mover…
          </Button>
          <Button variant="secondary" onPress={() => void act('completed')} isDisabled={pending}>
            Completada
          </Button>
          <Button variant="secondary" onPress={() => void act('no_show')} isDisabled={pending}>
            No asistió
          </Button>
          <Button variant="danger" onPress={() => setConfirmCancel(true)} isDisabled={pending}>
            Cancelar cita
          </Button>
        </div>
      )}
      {a.status === 'confirmed' && !moving && currentPro && (
        <ResourceMove
          appointment={a}
          day={day}
          professionalId={currentPro.id}
          onMoved={() => {
            void qc.invalidateQueries({ queryKey: changesQuery(a.id).queryKey });
            onChanged();
          }}
        />
      )}
      {moving && (
        <section className="mt-5 rounded-xl border border-line p-4" aria-label="Cambiar hora">
          <h3 className="mb-3 font-serif text-lg">Cambiar hora</h3>
          <RescheduleForm
            appointmentId={a.id}
            professionals={professionals}
            initialProfessionalId={currentPro?.id ?? professionals[0]?.id ?? ''}
            initialDate={salonDateOf(start, TZ)}
            minDate={today}
            calls={rescheduleCalls}
            onDone={() => {
              toast.success(MSG.rescheduleSucceeded);
              setMoving(false);
              void qc.invalidateQueries({ queryKey: changesQuery(a.id).queryKey });
              onChanged();
            }}
          />
        </section>
      )}
      {/* The cobro (ADR 039): once the appointment is under way or done. */}
      {(a.status === 'completed' || (a.status === 'confirmed' && start.getTime() <= Date.now())) && (
        <PaymentSection appointmentId={a.id} calls={paymentCalls} />
      )}
      <ChangeHistory changes={changes.data} />
      <ConfirmDialog
        isOpen={confirmCancel}
        title="Cancelar cita"
        confirmLabel={cancelConfirmLabel(wholeVisit, 'Sí, cancelar')}
        tone="danger"
        pending={pending}
        onConfirm={() => void act('cancelled_by_salon', offersWhole && wholeVisit)}
        onClose={closeCancel}
      >
        La hora quedará libre para otra reserva.
        {offersWhole && (
          <WholeVisitChoice checked={wholeVisit} onChange={setWholeVisit}>
            <VisitPartsGoing parts={parts} ticked={wholeVisit} />
          </WholeVisitChoice>
        )}
      </ConfirmDialog>
    </Sheet>
  );
}

/** Who, what, when, with whom, the rest of her visit (`parts`), how to reach her, who booked it, her notes. */
function AppointmentFacts({ appointment: a, parts }: { appointment: DayAppointment; parts: ReactNode }) {
  const start = new Date(a.startTime);
  const end = new Date(a.endTime);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted">Estado</dt>
      <dd>
        <StatusBadge status={a.status} />
      </dd>
      {a.consentMissing && (
        <>
          <dt className="text-muted">Consentimiento</dt>
          <dd>
            <ConsentMissingBadge />
          </dd>
        </>
      )}
      {a.clientConfirmedAt && a.status === 'confirmed' && (
        <>
          <dt className="text-muted">Confirmación</dt>
          <dd className="font-medium text-sage-800">Confirmó que viene</dd>
        </>
      )}
      <dt className="text-muted">Cuándo</dt>
      <dd className="first-letter:uppercase">
        {formatDateLong(start)}, {formatTime(start)}–{formatTime(end)}
      </dd>
      <dt className="text-muted">Servicio</dt>
      <dd>
        {a.serviceName} · {formatEuros(Number(a.price))}
      </dd>
      {a.bono && (
        <>
          <dt className="text-muted">Bono</dt>
          {/* ADR 053: a booking that found her bono without a session is paid normally, and the desk sees it. */}
          <dd data-testid="appointment-bono">{a.bono === 'covered' ? 'Pagada con una sesión de su bono' : BONO_DESK_NOT_COVERED}</dd>
        </>
      )}
      <dt className="text-muted">Profesional</dt>
      <dd>{a.employeeName}</dd>
      {parts}
      {a.resources.length > 0 && (
        <>
          <dt className="text-muted">Cabina y aparatos</dt>
          <dd>{a.resources.map((r) => r.name).join(', ')}</dd>
        </>
      )}
      {(a.prepMinutes > 0 || a.cleanupMinutes > 0) && (
        <>
          <dt className="text-muted">Preparación y limpieza</dt>
          <dd>
            {a.prepMinutes} min antes, {a.cleanupMinutes} min después
          </dd>
        </>
      )}
      {a.clientPhone && (
        <>
          <dt className="text-muted">Teléfono</dt>
          <dd>
            <a className="underline" href={`tel:${a.clientPhone}`}>
              {formatPhone(a.clientPhone)}
            </a>
          </dd>
        </>
      )}
      <dt className="text-muted">Reservada</dt>
      <dd>{a.bookedBy === 'staff' ? 'Por el salón' : 'Por el cliente (en línea)'}</dd>
      {a.notes_client && (
        <>
          <dt className="text-muted">Notas</dt>
          <dd className="whitespace-pre-wrap">{a.notes_client}</dd>
        </>
      )}
    </dl>
  );
}
