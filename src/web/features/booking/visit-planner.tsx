import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ANY_PROFESSIONAL } from '../../../domain/booking-rules';
import { sumEuros } from '../../../domain/money';
import { MSG } from '../../../domain/texts/common';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ArrowLeft } from '../../components/inline-icons';
import { InlineLoading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api';
import { formatEuros } from '../../lib/format';
import { activeServicesQuery } from '../../api/catalog';
import type { Booker } from './use-book';
import { bookVisit, visitSlots } from '../../api/visits';
import { ModeChoice } from '../../components/visit-fields';
import { visitLengthText, VisitTimes } from '../../components/visit-times';
import { firstPlan } from '../../components/visit-plan';
import { useVisitPlan } from '../../components/use-visit-plan';
import { PartRow } from './visit-parts';

// "Añadir otro servicio" (ADR 092): the booking page's lazy chunk for a visit of several services
// (ADRs 081-083). The page mounts it when she taps the button; it takes the page's service, the
// professional and the day she had chosen, and books every part in ONE request.

/** No services yet: one array, so the plan's view is not worked out again on every render. */
const NO_SERVICES: never[] = [];

export default function VisitPlanner(p: {
  serviceId: string;
  professionalId: string;
  date: string;
  today: string;
  /** The staff's choice of a client ("¿Para quién es la cita?", ADR 104): the visit is hers, booked by the staff booking; none books her own. */
  booker: Booker | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const services = useQuery(activeServicesQuery());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);

  const list = services.data ?? NO_SERVICES;
  // A visit names each professional (ADR 092): "Cualquier profesional" on the page leaves the first part's to choose.
  const plan = useVisitPlan(
    () => firstPlan({ serviceId: p.serviceId, professionalId: p.professionalId === ANY_PROFESSIONAL ? '' : p.professionalId }, p.date),
    list,
    () => setError(null),
  );
  const { parts, mode, date, slot, ready } = plan;
  const price = sumEuros(plan.chosen.map((s) => s?.price ?? 0));
  const durations = plan.chosen.map((s) => s?.duration ?? 0);

  const confirm = async () => {
    if (!slot || !ready || sending.current) return;
    sending.current = true;
    setPending(true);
    setError(null);
    try {
      const body = { parts, mode, date, time: slot.time };
      void navigate(p.booker ? (await p.booker.visit(body)).to : (await bookVisit(body), '/my-appointments?status=success'));
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status < 500 && err.status > 0 ? err.message : MSG.bookingFailed);
      if (err instanceof ApiRequestError && err.status === 409) {
        plan.clearTime();
        void queryClient.invalidateQueries({ queryKey: ['booking', 'visit-slots'] });
      }
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  if (services.isPending) return <InlineLoading text="Cargando servicios..." />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10" aria-labelledby="visit-title">
      <Button variant="ghost" onPress={p.onClose} className="-ml-3 mb-4">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver
      </Button>
      <h1 id="visit-title" className="font-serif text-3xl sm:text-4xl">
        {p.booker?.client ? `La visita de ${p.booker.client.name}` : 'Tu visita'}
      </h1>
      <p className="mt-2 max-w-prose text-muted">
        Reserva varios servicios en la misma visita: te enseñamos solo las horas en las que caben todos.
      </p>

      <div className="mt-6 flex flex-col gap-6">
        <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
          <h2 className="font-serif text-2xl">{p.booker ? 'Servicios' : 'Tus servicios'}</h2>
          <ul className="mt-4 flex flex-col gap-3">
            {parts.map((part, i) => (
              <PartRow
                key={i}
                n={i + 1}
                part={part}
                services={list}
                taken={plan.taken}
                onService={(serviceId) => plan.setService(i, serviceId)}
                onProfessional={(professionalId) => plan.setProfessional(i, professionalId)}
                onRemove={plan.removal(i, p.onClose)}
              />
            ))}
          </ul>
          {plan.canAdd && (
            <Button variant="secondary" onPress={plan.add} className="mt-3">
              {VISIT_MSG.addService}
            </Button>
          )}
          {plan.parallelOffered && parts.length > 1 && <ModeChoice mode={mode} onChange={plan.setMode} />}
        </div>

        <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
          <h2 className="font-serif text-2xl">Elige día y hora</h2>
          <VisitTimes
            today={p.today}
            date={date}
            onDate={plan.setDate}
            parts={parts}
            ready={ready}
            mode={mode}
            time={slot?.time ?? null}
            onTime={plan.setTime}
            read={visitSlots}
            scope="booking"
          />
        </div>

        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] bg-rose-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p aria-live="polite">
            <span className="font-medium">Total de la visita:</span> {visitLengthText(slot, mode, durations)} ·{' '}
            <span className="font-medium tabular-nums">{formatEuros(price)}</span>
          </p>
          <Button onPress={() => void confirm()} isDisabled={!slot || pending} className="py-3.5 text-base sm:px-10">
            {pending ? 'Reservando...' : slot ? MSG.confirmBookingFor(slot.time) : 'Confirmar Cita'}
          </Button>
        </div>
        {error && <Alert>{error}</Alert>}
      </div>
    </section>
  );
}
