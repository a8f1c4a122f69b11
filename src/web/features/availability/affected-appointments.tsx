import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { rescheduleCalls } from '../../api/reschedule';
import { RescheduleForm } from '../../components/reschedule-form';
import { Sheet } from '../../components/sheet';
import { failureText, useInvalidateAll } from '../../components/admin/admin-ui';
import { formatTime } from '../../lib/format';
import { todayInSalon } from '../../lib/salon-today';
import { cancelAsSalon, type ConflictRow } from '../../api/availability';
import { employeesQuery } from '../../api/employees';
import { day } from './exception-list';

/**
 * Confirmed appointments inside a closure or time off (ADR 023). Nothing is cancelled for the
 * admin: each row is cancelled as the salon or moved here, and `actions` adds more per row.
 */
export function AffectedAppointments({ conflicts, actions }: { conflicts: ConflictRow[]; actions?: (c: ConflictRow) => ReactNode }) {
  const invalidate = useInvalidateAll();
  const cancel = useMutation({ mutationFn: cancelAsSalon, onSettled: () => invalidate() });
  const [toMove, setToMove] = useState<ConflictRow | null>(null);
  if (conflicts.length === 0) return null;
  return (
    <section
      aria-labelledby="conflicts-title"
      className="rounded-[var(--radius-card)] border border-brick/40 bg-white p-5 shadow-soft sm:p-7"
    >
      <h2 id="conflicts-title" className="flex items-center gap-2 text-2xl">
        <CalendarX className="h-6 w-6 text-brick" aria-hidden />
        Citas en conflicto
      </h2>
      <p className="mt-1 text-sm text-muted">
        Estas citas confirmadas caen en un cierre o una ausencia. No se ha cancelado ninguna: decide qué hacer con cada una.
      </p>
      {cancel.isError && (
        <div className="mt-3">
          <Alert>{failureText(cancel.error, STAFF_MSG.availabilitySaveFailed)}</Alert>
        </div>
      )}
      <ul className="mt-4 divide-y divide-line" aria-label="Citas en conflicto">
        {conflicts.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-appointment-id={c.id}>
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
      {toMove && <MoveSheet appointment={toMove} onClose={() => setToMove(null)} onMoved={invalidate} />}
    </section>
  );
}

/**
 * 'Mover' is the front desk's reschedule (ADR 020): the slot engine offers only times that are
 * open, so a moved appointment leaves the conflict list once the move is saved.
 */
function MoveSheet({ appointment, onClose, onMoved }: { appointment: ConflictRow; onClose: () => void; onMoved: () => void }) {
  const employees = useQuery(employeesQuery());
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
          calls={rescheduleCalls}
          onDone={() => {
            onClose();
            onMoved();
          }}
        />
      )}
    </Sheet>
  );
}
