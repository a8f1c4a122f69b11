import { useState } from 'react';
import { Link } from 'react-router';
import { addDays } from '../../../domain/calendar-date';
import { ANY_PROFESSIONAL } from '../../../domain/booking-rules';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { PART_OF_DAY_LABEL, PARTS_OF_DAY, type PartOfDay } from '../../../domain/waiting-list';
import { addMyEntry } from '../../api/waiting-list';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiRequestError } from '../../lib/api';
import { useBookingForOther } from './booking-for-other';

// "Avísame si se libera un hueco" (ADR 070): on a day with no time for her, she asks to be told
// when one frees up for this service, with this professional (or anyone), on this day or the days
// after it, in her part of the day. Its own chunk: the booking page's first view never loads it.

const SPANS = [
  { days: 0, label: 'Solo este día' },
  { days: 3, label: 'Este día y los 3 siguientes' },
  { days: 6, label: 'Una semana desde este día' },
] as const;

export default function NotifyMe({ serviceId, professionalId, date }: { serviceId: string; professionalId: string; date: string }) {
  const [open, setOpen] = useState(false);
  const [span, setSpan] = useState<number>(0);
  const [part, setPart] = useState<PartOfDay>('any');
  const forOther = useBookingForOther();
  // Plain state, not React Query's useMutation: this chunk loads from the booking page's own chunk,
  // and useMutation here split React Query's core out of the entry (+2 KB on every first view).
  const [state, setState] = useState<{ pending: boolean; done: boolean; error: string | null }>({ pending: false, done: false, error: null });
  const submit = async () => {
    setState({ pending: true, done: false, error: null });
    try {
      await addMyEntry({
        serviceId,
        professionalId: professionalId === ANY_PROFESSIONAL || professionalId === '' ? null : professionalId,
        fromDate: date,
        toDate: addDays(date, span),
        partOfDay: part,
      });
      setState({ pending: false, done: true, error: null });
    } catch (e) {
      setState({ pending: false, done: false, error: e instanceof ApiRequestError ? e.message : WAITING_MSG.saveFailed });
    }
  };
  // "Avísame" writes the signed-in person on the list; a client the staff book for is added by the desk.
  if (forOther) return null;
  if (state.done)
    return (
      <div className="mt-4">
        <Alert tone="success">
          {WAITING_MSG.entryAdded}{' '}
          <Link to="/lista-de-espera" className="font-medium underline">
            Ver mis avisos
          </Link>
        </Alert>
      </div>
    );
  if (!open)
    return (
      <Button variant="secondary" className="mt-4" onPress={() => setOpen(true)}>
        {WAITING_MSG.notifyMe}
      </Button>
    );
  return (
    <form
      className="mt-4 flex flex-col gap-4 rounded-2xl bg-rose-50/60 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="font-medium">{WAITING_MSG.notifyMe}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">¿Qué días?</legend>
        {SPANS.map((s) => (
          <label key={s.days} className="flex items-center gap-2 text-sm">
            <input type="radio" name="span" checked={span === s.days} onChange={() => setSpan(s.days)} className="accent-rose-700" />
            {s.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">¿A qué hora te viene bien?</legend>
        <div className="flex flex-wrap gap-2">
          {PARTS_OF_DAY.map((p) => (
            <label
              key={p}
              className={`cursor-pointer rounded-full border px-4 py-2 text-sm ${part === p ? 'border-rose-700 bg-white font-medium text-rose-800' : 'border-line bg-white'}`}
            >
              <input type="radio" name="part" className="sr-only" checked={part === p} onChange={() => setPart(p)} />
              {PART_OF_DAY_LABEL[p]}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">
        Te avisaremos por tu canal de siempre (WhatsApp, SMS o correo) con un enlace para reservarlo. Se lo decimos a todas las personas que
        esperan: el primero que lo reserve se lo queda.
      </p>
      {state.error && <Alert>{state.error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isDisabled={state.pending}>
          {state.pending ? 'Guardando...' : 'Avísame'}
        </Button>
        <Button variant="ghost" onPress={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
