import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { ProfessionalDayPicker } from '../../components/professional-day-picker';
import { chevron, selectClass } from '../../components/select-class';
import { Sheet } from '../../components/sheet';
import { SlotButtons } from '../../components/slot-buttons';
import { inputClass } from '../../components/input-class';
import { ClientPicker } from './client-picker';
import { professionalsQuery, slotsQuery, staffBook } from '../../api/booking';
import { activeServicesQuery } from '../../api/catalog';
import type { ClientSummary } from '../../api/front-desk';

export type NewAppointmentStart = { date: string; professionalId?: string; time?: string };

/**
 * "Nueva cita" at the front desk (docs/decisions/018-salon-day-view.md): the client (found or created), the service, the
 * professional and a time the slot engine offers, optional notes. The server checks it all again.
 */
export function NewAppointment({ start, onClose, onBooked }: { start: NewAppointmentStart; onClose: () => void; onBooked: (date: string) => void }) {
  const [client, setClient] = useState<ClientSummary | null>(null);
  const services = useQuery(activeServicesQuery());
  const [serviceId, setServiceId] = useState('');
  const [professionalId, setProfessionalId] = useState(start.professionalId ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState<string | null>(start.time ?? null);
  const [notes, setNotes] = useState('');
  const book = useMutation({ mutationFn: staffBook });

  const pros = useQuery({ ...professionalsQuery(serviceId), enabled: serviceId !== '' });
  const offered = useMemo(() => (pros.data ?? []).filter((p) => p.userId), [pros.data]);
  useEffect(() => {
    if (pros.data && !offered.some((p) => p.id === professionalId)) setProfessionalId(offered[0]?.id ?? '');
  }, [pros.data, offered, professionalId]);

  const slots = useQuery(slotsQuery(serviceId, professionalId, date));
  const timeOffered = !!time && !!slots.data?.some((s) => s.time === time);

  const submit = () => {
    if (!client || !time) return;
    book.mutate(
      { clientId: client.id, serviceId, professionalId, date, time, notes: notes.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(STAFF_MSG.staffBookingSucceeded);
          onBooked(date);
        },
        onError: () => void slots.refetch(),
      },
    );
  };

  return (
    <Sheet isOpen title="Nueva cita" onClose={onClose} wide>
      <div className="flex flex-col gap-5">
        <section aria-label="Cliente">
          <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Cliente</h3>
          <ClientPicker value={client} onChange={setClient} />
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Servicio
            <select className={selectClass} style={chevron} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
              <option value="">Elige un servicio</option>
              {(services.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.duration} min)
                </option>
              ))}
            </select>
          </label>
          <ProfessionalDayPicker
            professionals={offered}
            professionalId={professionalId}
            onProfessional={setProfessionalId}
            date={date}
            onDate={setDate}
            alwaysShowProfessional
            isProfessionalDisabled={!serviceId}
          />
        </div>
        {serviceId && professionalId && (
          <section aria-label="Hora">
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Hora</h3>
            {slots.isPending ? (
              <InlineLoading text="Cargando horarios..." />
            ) : slots.isError ? (
              <Alert>{slots.error.message}</Alert>
            ) : slots.data.length === 0 ? (
              <p className="text-sm text-muted">No hay horarios disponibles para este día.</p>
            ) : (
              <SlotButtons slots={slots.data} selected={timeOffered ? time : null} onSelect={setTime} />
            )}
          </section>
        )}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Notas de la cita (opcional, las verá el cliente)
          <textarea className={`${inputClass} min-h-20`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        </label>
        {book.isError && <Alert>{book.error.message}</Alert>}
        <Button onPress={submit} isDisabled={!client || !timeOffered || book.isPending}>
          {book.isPending ? 'Reservando...' : client && timeOffered ? `Reservar a las ${time} para ${client.name}` : 'Reservar'}
        </Button>
      </div>
    </Sheet>
  );
}
