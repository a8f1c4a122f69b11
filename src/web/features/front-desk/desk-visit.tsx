import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { sumEuros } from '../../../domain/money';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { ModeChoice } from '../../components/visit-fields';
import { PartFields } from '../../components/visit-part-fields';
import { VisitTimes, visitSlotsKey } from '../../components/visit-times';
import { firstPlan } from '../../components/visit-plan';
import { useVisitPlan } from '../../components/use-visit-plan';
import { formatEuros, formatTime } from '../../lib/format';
import { todayInSalon } from '../../lib/salon-today';
import { professionalsQuery } from '../../api/booking';
import { activeServicesQuery } from '../../api/catalog';
import type { ClientSummary } from '../../api/front-desk';
import { staffBookVisit, visitSlots, type VisitPart } from '../../api/visits';

// "Añadir otro servicio" in the desk's "Nueva cita" (ADR 104): a visit of several services for the
// client chosen above, its own chunk loaded on the tap. The parts and the times where all fit are
// the booking page's planner's pieces (components/visit-part-fields.tsx, visit-times.tsx) over
// the same visit slots endpoint; one request books every part or none (POST /visits/staff).

/** The desk's visit times in the query cache, apart from the client's (components/visit-times.tsx). */
const SCOPE = 'front-desk';

type Props = {
  client: ClientSummary | null;
  /** The service and professional "Nueva cita" had chosen: the visit's first part. */
  first: VisitPart;
  date: string;
  onBooked: (date: string) => void;
  /** Back to a single appointment. */
  onSingle: () => void;
};

/** No services yet: one array, so the plan's view is not worked out again on every render. */
const NO_SERVICES: never[] = [];

export default function DeskVisit({ client, first, date: startDate, onBooked, onSingle }: Props) {
  const queryClient = useQueryClient();
  const services = useQuery(activeServicesQuery());
  const today = useMemo(() => todayInSalon(), []);
  const [notes, setNotes] = useState('');

  const list = services.data ?? NO_SERVICES;
  // A change to the parts clears what the last refusal said (`book`, below: called on a change, never while rendering).
  const plan = useVisitPlan(
    () => firstPlan(first, startDate),
    list,
    () => book.reset(),
  );
  const { parts, mode, date, slot, ready, chosen } = plan;

  const book = useMutation({
    mutationFn: staffBookVisit,
    onSuccess: () => {
      toast.success(`Visita reservada para ${client?.name ?? 'el cliente'}.`);
      onBooked(date);
    },
    onError: () => {
      plan.clearTime();
      void queryClient.invalidateQueries({ queryKey: visitSlotsKey(SCOPE, parts, mode, date) });
    },
  });
  const submit = () => {
    if (!client || !slot || !ready) return;
    book.mutate({ clientId: client.id, parts, mode, date, time: slot.time, notes: notes.trim() || undefined });
  };
  const until = slot ? formatTime(new Date(Math.max(...slot.parts.map((x) => Date.parse(x.end))))) : null;

  return (
    <div className="flex flex-col gap-5" data-testid="desk-visit">
      <section aria-label="Servicios de la visita">
        <div className="mb-2 flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">Servicios de la visita</h3>
          <button type="button" className="text-sm font-medium text-rose-700 underline" onClick={onSingle}>
            Solo un servicio
          </button>
        </div>
        <ul className="flex flex-col gap-3">
          {parts.map((part, i) => (
            <DeskPart
              key={i}
              n={i + 1}
              part={part}
              services={list}
              taken={plan.taken}
              onService={(serviceId) => plan.setService(i, serviceId)}
              onProfessional={(professionalId) => plan.setProfessional(i, professionalId)}
              onRemove={plan.removal(i, onSingle)}
            />
          ))}
        </ul>
        {plan.canAdd && (
          <Button variant="secondary" onPress={plan.add} className="mt-3">
            {VISIT_MSG.addService}
          </Button>
        )}
        {plan.parallelOffered && <ModeChoice mode={mode} onChange={plan.setMode} legend="¿Cómo se hacen?" />}
      </section>
      <section aria-label="Día y hora de la visita">
        <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">Día y hora</h3>
        <VisitTimes
          today={today}
          date={date}
          onDate={plan.setDate}
          parts={parts}
          ready={ready}
          mode={mode}
          read={visitSlots}
          scope={SCOPE}
          time={slot?.time ?? null}
          onTime={plan.setTime}
          fit="sheet"
        />
      </section>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Notas de la cita (opcional, las verá el cliente)
        <textarea className={`${inputClass} min-h-20`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      </label>
      <p aria-live="polite" className="rounded-xl bg-rose-50 px-4 py-3">
        <span className="font-medium">Total de la visita:</span>{' '}
        <span className="tabular-nums">{formatEuros(sumEuros(chosen.map((s) => s?.price ?? 0)))}</span>
        {slot && until && ` · de ${slot.time} a ${until}`}
      </p>
      {book.isError && <Alert>{book.error.message}</Alert>}
      <Button onPress={submit} isDisabled={!client || !slot || book.isPending}>
        {book.isPending
          ? 'Reservando...'
          : client && slot
            ? `Reservar la visita a las ${slot.time} para ${client.name}`
            : 'Reservar la visita'}
      </Button>
    </div>
  );
}

/** One part with its professionals, fetched here as the planner fetches them. */
function DeskPart(p: Omit<Parameters<typeof PartFields>[0], 'professionals'>) {
  const pros = useQuery({ ...professionalsQuery(p.part.serviceId), enabled: p.part.serviceId !== '' });
  return <PartFields {...p} professionals={pros} />;
}
