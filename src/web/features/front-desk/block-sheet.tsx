import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { addBlock, affectedCalls, removeBlock } from '../../api/availability';
import type { DayAbsence, DayProfessional, SalonDay } from '../../api/front-desk';
import { AffectedAppointments } from '../../components/affected-appointments';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField } from '../../components/form-field';
import { DateFilter } from '../../components/lazy-date-filter';
import { chevron, selectClass } from '../../components/select-class';
import { Sheet } from '../../components/sheet';
import { TextField } from '../../components/text-field';
import { hhmm } from './day-layout';

// "Bloquear hueco" (ADR 058): a professional's or a cabin's time taken out of every slot list, its
// reason shown to the staff in the day view. The confirmed appointments it covers are listed to be
// moved or cancelled, as a time off's are (nothing is cancelled by the block). An existing block
// opened from the grid is removed here, and its time is free again.

export type BlockStart = { date: string; professionalId?: string; resourceId?: string; time?: string };

/** Every quarter hour of the day, for the "Desde" and "Hasta" choices. */
const QUARTERS = Array.from({ length: 96 }, (_, i) => hhmm(i * 15));
const plus = (time: string, minutes: number) =>
  hhmm(Math.min(24 * 60 - 15, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes));

export function NewBlock({
  start,
  professionals,
  resources,
  onClose,
  onChanged,
}: {
  start: BlockStart;
  professionals: DayProfessional[];
  resources: SalonDay['resources'];
  onClose: () => void;
  onChanged: () => void;
}) {
  const targets = [
    ...professionals.map((p) => ({ value: `p:${p.id}`, text: p.name })),
    ...resources.map((r) => ({ value: `r:${r.id}`, text: r.name })),
  ];
  const [target, setTarget] = useState(
    start.resourceId ? `r:${start.resourceId}` : `p:${start.professionalId ?? professionals[0]?.id ?? ''}`,
  );
  const [date, setDate] = useState(start.date);
  const [from, setFrom] = useState(start.time ?? '10:00');
  const [to, setTo] = useState(plus(start.time ?? '10:00', 60));
  const [reason, setReason] = useState('');
  const save = useMutation({ mutationFn: addBlock, onSuccess: () => onChanged() });
  const conflicts = save.data?.conflicts ?? [];
  const submit = () => {
    const [kind, id] = [target.slice(0, 1), target.slice(2)];
    save.mutate(
      { ...(kind === 'p' ? { employeeId: id } : { resourceId: id }), date, startTime: from, endTime: to, reason: reason.trim() },
      { onSuccess: (res) => res.conflicts.length === 0 && (toast.success(STAFF_MSG.blockAdded), onClose()) },
    );
  };
  return (
    <Sheet isOpen title="Bloquear hueco" onClose={onClose} wide>
      {save.isSuccess && conflicts.length > 0 ? (
        <AffectedAppointments
          conflicts={conflicts}
          calls={affectedCalls}
          intro="El hueco está bloqueado. Estas citas confirmadas caen dentro: no se ha cancelado ninguna, decide qué hacer con cada una."
        />
      ) : (
        <div className="flex flex-col gap-4">
          <SelectField
            label="Profesional o cabina"
            value={target}
            options={targets}
            onChange={setTarget}
            selectClassName={selectClass}
            style={chevron}
          />
          <DateFilter label="Día" value={date} onChange={setDate} />
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label="Desde"
              value={from}
              options={QUARTERS.map((q) => ({ value: q, text: q }))}
              onChange={(v) => (setFrom(v), v >= to && setTo(plus(v, 60)))}
              selectClassName={selectClass}
              style={chevron}
            />
            <SelectField
              label="Hasta"
              value={to}
              options={QUARTERS.map((q) => ({ value: q, text: q }))}
              onChange={setTo}
              selectClassName={selectClass}
              style={chevron}
            />
          </div>
          <TextField
            label="Motivo (lo ve el equipo)"
            value={reason}
            onChange={setReason}
            maxLength={200}
            placeholder="Formación, recado, llegada tarde…"
          />
          {save.isError && <Alert>{save.error.message}</Alert>}
          <Button onPress={submit} isDisabled={save.isPending}>
            {save.isPending ? 'Bloqueando...' : `Bloquear de ${from} a ${to}`}
          </Button>
        </div>
      )}
    </Sheet>
  );
}

/** A block opened from the grid: what it is, and "Quitar bloqueo". */
export function BlockDetails({ absence, onClose, onChanged }: { absence: DayAbsence; onClose: () => void; onChanged: () => void }) {
  const remove = useMutation({
    mutationFn: () => removeBlock(absence.id),
    onSuccess: () => {
      toast.success(STAFF_MSG.blockRemoved);
      onChanged();
      onClose();
    },
  });
  return (
    <Sheet isOpen title={absence.label} onClose={onClose}>
      <p className="text-sm text-muted">
        De {hhmm(absence.startMinute)} a {hhmm(absence.endMinute)}. Mientras esté bloqueado, nadie puede reservar este hueco.
      </p>
      {remove.isError && (
        <div className="mt-3">
          <Alert>{remove.error.message}</Alert>
        </div>
      )}
      <div className="mt-5">
        <Button variant="danger" onPress={() => remove.mutate()} isDisabled={remove.isPending}>
          Quitar bloqueo
        </Button>
      </div>
    </Sheet>
  );
}
