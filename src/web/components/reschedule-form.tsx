import { useState } from 'react';
import { STAFF_MSG } from '../../domain/texts/staff';
import { Alert } from './alert';
import { Button } from './button';
import { InlineLoading } from './loading';
import { ProfessionalDayPicker } from './professional-day-picker';
import { SlotButtons } from './slot-buttons';
import type { RescheduleCalls } from './reschedule-calls';

type Pro = { id: string; name: string };

/**
 * Moving an appointment (docs/decisions/020-rescheduling.md), for its client (Mis Citas) and the
 * staff (day view, conflicts of a closure): a professional (when there is a choice), a day and one
 * of the times the slot engine offers for it (its own time counts as free). The server decides;
 * its Spanish refusal is shown as it is.
 */
export function RescheduleForm({
  appointmentId,
  professionals,
  initialProfessionalId,
  initialDate,
  minDate,
  onDone,
  calls,
}: {
  appointmentId: string;
  professionals: Pro[];
  initialProfessionalId: string;
  initialDate: string;
  minDate: string;
  onDone: () => void;
  /** What the form asks the server: api/reschedule.ts's `rescheduleCalls`. */
  calls: RescheduleCalls;
}) {
  const [professionalId, setProfessionalId] = useState(initialProfessionalId);
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const slots = calls.useSlots(appointmentId, professionalId, date);

  const submit = async () => {
    if (!time) return;
    setPending(true);
    setError(null);
    try {
      await calls.save(appointmentId, { professionalId, date, time });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : STAFF_MSG.rescheduleFailed);
      void slots.refetch();
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ProfessionalDayPicker
        professionals={professionals}
        professionalId={professionalId}
        onProfessional={(id) => {
          setProfessionalId(id);
          setTime(null);
        }}
        date={date}
        onDate={(d) => {
          setDate(d);
          setTime(null);
        }}
        minDate={minDate}
      />
      {slots.isPending && slots.fetchStatus !== 'idle' ? (
        <InlineLoading text="Cargando horarios..." />
      ) : slots.isError ? (
        <Alert>{slots.error?.message}</Alert>
      ) : slots.data && slots.data.length === 0 ? (
        <p className="text-sm text-muted">No hay horarios disponibles para este día.</p>
      ) : slots.data ? (
        <SlotButtons slots={slots.data} selected={time} onSelect={setTime} />
      ) : null}
      {error && <Alert>{error}</Alert>}
      <Button onPress={() => void submit()} isDisabled={!time || pending}>
        {pending ? 'Guardando...' : time ? `Cambiar a las ${time}` : 'Elige una hora'}
      </Button>
    </div>
  );
}
