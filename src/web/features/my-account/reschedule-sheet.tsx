import { useQuery } from '@tanstack/react-query';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { professionalsQuery } from '../../api/booking';
import { rescheduleCalls } from '../../api/reschedule';
import { InlineLoading } from '../../components/loading';
import { RescheduleForm } from '../../components/reschedule-form';
import { Sheet } from '../../components/sheet';
import { todayInSalon } from '../../lib/salon-today';

export type Movable = { id: string; serviceId: string | null; serviceName: string; employeeName: string; startTime: string };

/**
 * Mis Citas: the client moves their own confirmed appointment (docs/decisions/020-rescheduling.md), under the same policy
 * as cancelling; the server says so when it is too late. Loaded only when opened.
 */
export default function RescheduleSheet({ appointment: a, onClose, onDone }: { appointment: Movable; onClose: () => void; onDone: () => void }) {
  const serviceId = a.serviceId ?? '';
  const pros = useQuery({ ...professionalsQuery(serviceId), enabled: serviceId !== '' });
  const offered = (pros.data ?? []).filter((p) => p.userId);
  const current = offered.find((p) => p.name === a.employeeName) ?? offered[0];
  return (
    <Sheet isOpen title={`Cambiar hora: ${a.serviceName}`} onClose={onClose}>
      {pros.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : (
        <RescheduleForm
          appointmentId={a.id}
          professionals={offered}
          initialProfessionalId={current?.id ?? ''}
          initialDate={salonDateOf(new Date(a.startTime), SALON_TIME_ZONE)}
          minDate={todayInSalon()}
          calls={rescheduleCalls}
          onDone={onDone}
        />
      )}
    </Sheet>
  );
}
