import { useMutation } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { STAFF_MSG } from '../../domain/texts/staff';
import { Alert } from './alert';
import { Button } from './button';
import { day } from './exception-list';
import { InlineLoading } from './loading';
import { RescheduleForm } from './reschedule-form';
import type { RescheduleCalls } from './reschedule-calls';
import { Sheet } from './sheet';
import { failureText, useInvalidateAll } from './admin/admin-ui';
import { formatTime } from '../lib/format';
import { todayInSalon } from '../lib/salon-today';

// The confirmed appointments a closure, a time off (ADR 023) or a cabin or machine out of service
// (ADR 036) leaves without what they need. Shared by the availability and resources pages; the
// page hands in its API calls (api/availability.ts's `affectedCalls`), so this imports no API.

/** One appointment in conflict; `label` says why ('Ausencia: vacaciones', 'Láser de diodo: fuera de servicio'). */
export type AffectedAppointment = {
  id: string;
  date: string;
  startTime: string;
  clientName: string;
  serviceName: string;
  employeeName: string;
  /** The professional's user id. */
  employeeId: string;
  label: string;
};

type Professional = { id: string; name: string; isActive: boolean; userId: string | null };

/** What the list asks the server: cancel as the salon, move (the reschedule form's calls), and the professionals to move to (a hook). */
export type AffectedCalls = {
  cancel: (id: string) => Promise<unknown>;
  reschedule: RescheduleCalls;
  useProfessionals: () => { data?: readonly Professional[]; isPending: boolean };
};

/**
 * Nothing is cancelled for the admin: each row is cancelled as the salon or moved here, and
 * `actions` adds more per row. `intro` says what the appointments fall into.
 */
export function AffectedAppointments<C extends AffectedAppointment>({
  conflicts,
  calls,
  intro = 'Estas citas confirmadas caen en un cierre o una ausencia. No se ha cancelado ninguna: decide qué hacer con cada una.',
  actions,
}: {
  conflicts: C[];
  calls: AffectedCalls;
  intro?: string;
  actions?: (c: C) => ReactNode;
}) {
  const titleId = useId();
  const invalidate = useInvalidateAll();
  const cancel = useMutation({ mutationFn: calls.cancel, onSettled: () => invalidate() });
  const [toMove, setToMove] = useState<C | null>(null);
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-brick/40 bg-white p-5 shadow-soft sm:p-7">
      <h2 id={titleId} className="flex items-center gap-2 text-2xl">
        <CalendarX className="h-6 w-6 text-brick" aria-hidden />
        Citas en conflicto
      </h2>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      {cancel.isError && (
        <div className="mt-3">
          <Alert>{failureText(cancel.error, STAFF_MSG.availabilitySaveFailed)}</Alert>
        </div>
      )}
      <ul className="mt-4 divide-y divide-line" aria-label="Citas en conflicto">
        {conflicts.map((c) => (
          <li key={`${c.id}-${c.label}`} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-appointment-id={c.id}>
            <div>
              <p className="font-medium text-ink first-letter:uppercase">
                {day(c.date)}, {formatTime(c.startTime)} · {c.serviceName}
              </p>
              <p className="text-sm text-muted">
                {c.clientName} con {c.employeeName} · <span className="text-brick">{c.label}</span>
              </p>
            </div>
            <div className="flex gap-2">
              {actions?.(c)}
              <Button variant="secondary" onPress={() => setToMove(c)}>
                Mover
              </Button>
              <Button variant="danger" isDisabled={cancel.isPending} onPress={() => cancel.mutate(c.id)}>
                Cancelar como salón
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {toMove && <MoveSheet appointment={toMove} calls={calls} onClose={() => setToMove(null)} onMoved={invalidate} />}
    </section>
  );
}

/**
 * 'Mover' is the front desk's reschedule (ADR 020): the slot engine offers only times that are
 * open, so a moved appointment leaves the conflict list once the move is saved.
 */
function MoveSheet({
  appointment,
  calls,
  onClose,
  onMoved,
}: {
  appointment: AffectedAppointment;
  calls: AffectedCalls;
  onClose: () => void;
  onMoved: () => void;
}) {
  const employees = calls.useProfessionals();
  const professionals = (employees.data ?? []).filter((e) => e.isActive && e.userId).map((e) => ({ id: e.id, name: e.name }));
  const movingPro = employees.data?.find((e) => e.userId === appointment.employeeId);
  return (
    <Sheet isOpen title={`Mover la cita de ${appointment.clientName}`} onClose={onClose} wide>
      {employees.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : (
        <RescheduleForm
          appointmentId={appointment.id}
          professionals={professionals}
          initialProfessionalId={movingPro?.id ?? professionals[0]?.id ?? ''}
          initialDate={appointment.date}
          minDate={todayInSalon()}
          calls={calls.reschedule}
          onDone={() => {
            onClose();
            onMoved();
          }}
        />
      )}
    </Sheet>
  );
}
