import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { sumEuros } from '../../../domain/money';
import { MSG } from '../../../domain/texts/common';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { NotesTextarea } from '../../components/notes-textarea';
import { formatEuros } from '../../lib/format';
import { todayInSalon } from '../../lib/salon-today';
import { publicVisitSlots } from '../../api/visits';
import type { PublicServiceItem } from '../../api/public-page';
import { ModeChoice, PartHeading, Select } from '../../components/visit-fields';
import { visitLengthText, VisitTimes } from '../../components/visit-times';
import { firstPlan, planFrom } from '../../components/visit-plan';
import { useVisitPlan } from '../../components/use-visit-plan';
import type { VisitChoice } from './pending-choice';

// The public page's visit of several services (ADR 105): the visit planners' shared pieces
// (components/visit-fields.tsx, visit-times.tsx, ADR 092) fed by the public profile and the public visit read,
// for someone not signed in. Loaded on the tap of "Añadir otro servicio"; "Confirmar" hands the
// choice up, and the page books it (signed in) or keeps it through sign-up (pending-choice.ts).

type Pro = { id: string; name: string; bookable: boolean };

/** The visit's services, who does each, how they go together, and the times where all fit. */
export default function VisitChoicePicker(p: {
  first: PublicServiceItem;
  services: PublicServiceItem[];
  team: Pro[];
  initial?: VisitChoice;
  pending: boolean;
  error: string | null;
  onConfirm: (c: VisitChoice) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [today] = useState(() => todayInSalon());
  // A visit given back (kept through sign-up, or refused at "Confirmar") opens as she left it, but for its time.
  const plan = useVisitPlan(
    () => (p.initial ? planFrom(p.initial) : firstPlan({ serviceId: p.first.id, professionalId: '' }, today)),
    p.services,
  );
  const { parts, mode, date, slot, ready, chosen, clearTime } = plan;
  const [notes, setNotes] = useState(p.initial?.notes ?? '');

  // A refusal (a time gone meanwhile, her cap): the time is asked again, the rest of her choice stays.
  useEffect(() => {
    if (!p.error) return;
    clearTime();
    void queryClient.invalidateQueries({ queryKey: ['public-page', 'visit-slots'] });
  }, [p.error, queryClient, clearTime]);

  const serviceOf = (id: string) => p.services.find((s) => s.id === id);
  const prosOf = (s: PublicServiceItem | undefined) => (s ? p.team.filter((t) => t.bookable && s.professionalIds.includes(t.id)) : []);
  // Only services someone can be booked for by a client (an account, ADR 008) are offered.
  const offered = useMemo(
    () => p.services.filter((s) => p.team.some((t) => t.bookable && s.professionalIds.includes(t.id))),
    [p.services, p.team],
  );
  const price = sumEuros(chosen.map((s) => s?.price ?? 0));
  const durations = chosen.map((s) => s?.duration ?? 0);

  const confirm = () => {
    if (!slot || !ready) return;
    const named = parts.map((x) => ({
      ...x,
      serviceName: serviceOf(x.serviceId)?.name ?? '',
      professionalName: p.team.find((t) => t.id === x.professionalId)?.name ?? '',
    }));
    p.onConfirm({ parts: named, mode, date, time: slot.time, notes: notes.trim() });
  };

  return (
    <div className="mt-4 flex flex-col gap-5 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-serif text-2xl">Tu visita</h3>
        <Button variant="ghost" onPress={p.onClose} className="-mr-3 text-sm">
          Solo un servicio
        </Button>
      </div>
      <p className="-mt-3 text-sm text-muted">Te enseñamos solo las horas en las que caben todos.</p>
      <ul className="flex flex-col gap-3">
        {parts.map((part, i) => {
          const service = chosen[i];
          return (
            <li key={i} className="rounded-2xl border border-line/80 bg-ivory/50 p-4">
              <PartHeading n={i + 1} service={service} onRemove={plan.removal(i, p.onClose)} />
              <div className="flex flex-col gap-3 sm:flex-row">
                <Select
                  label="Servicio"
                  value={part.serviceId}
                  placeholder="-- Elige un servicio --"
                  options={offered.filter((s) => s.id === part.serviceId || !plan.taken.has(s.id))}
                  // The team is known here: her professional stays if she does the new service, the only one who does is chosen.
                  onChange={(serviceId) =>
                    plan.setService(
                      i,
                      serviceId,
                      prosOf(serviceOf(serviceId)).map((t) => t.id),
                    )
                  }
                />
                <Select
                  label="Profesional"
                  value={part.professionalId}
                  placeholder="-- Elige un profesional --"
                  options={prosOf(service)}
                  onChange={(professionalId) => plan.setProfessional(i, professionalId)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {plan.canAdd && (
        <Button variant="secondary" onPress={plan.add} className="self-start">
          {VISIT_MSG.addService}
        </Button>
      )}
      {plan.parallelOffered && <ModeChoice mode={mode} onChange={plan.setMode} />}
      <VisitTimes
        today={today}
        date={date}
        onDate={plan.setDate}
        parts={parts}
        ready={ready}
        mode={mode}
        time={slot?.time ?? null}
        onTime={plan.setTime}
        read={publicVisitSlots}
        scope="public-page"
      />
      {slot && <NotesTextarea value={notes} onChange={setNotes} rows={3} />}
      <div className="flex flex-col gap-3 rounded-2xl bg-rose-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p aria-live="polite">
          <span className="font-medium">Total de la visita:</span> {visitLengthText(slot, mode, durations)} ·{' '}
          <span className="font-medium tabular-nums">{formatEuros(price)}</span>
        </p>
        <Button onPress={confirm} isDisabled={!slot || p.pending} className="py-3.5 text-base sm:px-10">
          {p.pending ? 'Reservando...' : slot ? MSG.confirmBookingFor(slot.time) : 'Confirmar Cita'}
        </Button>
      </div>
      {p.error && <Alert>{p.error}</Alert>}
    </div>
  );
}
