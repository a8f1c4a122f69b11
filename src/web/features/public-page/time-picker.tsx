import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ANY_PROFESSIONAL, isBookableDate } from '../../../domain/booking-rules';
import { addDays } from '../../../domain/calendar-date';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateCalendar } from '../../components/date-calendar';
import { inputClass } from '../../components/input-class';
import { InlineLoading } from '../../components/loading';
import { SlotButtons } from '../../components/slot-buttons';
import { startOfMonth } from '../../lib/calendar-month';
import { todayInSalon } from '../../lib/salon-today';
import { formatDateLong } from '../../lib/format';
import { publicMonthQuery, publicSlotsQuery, type PublicServiceItem } from '../../api/public-page';
import type { Choice } from './pending-choice';

// The public page's choice of professional, day, time and note (ADR 078), from the public reads
// (ADR 079): the month map and "Primera hora libre" (ADR 061), "Cualquier profesional" (ADR 062)
// with two or more, the same free times a signed-in client sees. "Confirmar" hands the choice up.

type Pro = { id: string; name: string };

/** Today, or the next day the calendar allows (a Sunday opens on Monday). */
function firstBookable(today: string): string {
  let d = today;
  while (!isBookableDate(d, today)) d = addDays(d, 1);
  return d;
}

export function TimePicker({ service, team, onConfirm, pending }: { service: PublicServiceItem; team: Pro[]; onConfirm: (c: Choice) => void; pending: boolean }) {
  // Today in the salon, read here rather than by the page: its first time-zone formatter costs a
  // slow phone tens of milliseconds, which the first view's hydration need not pay (docs/benchmarks.md, /reservar).
  const [today] = useState(() => todayInSalon());
  const pros = useMemo(() => team.filter((p) => service.professionalIds.includes(p.id)), [team, service.professionalIds]);
  const [professionalId, setProfessionalId] = useState(pros.length === 1 ? pros[0]!.id : '');
  const [date, setDate] = useState(() => firstBookable(today));
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [time, setTime] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const selectId = useId();
  const notesId = useId();
  const marks = useQuery(publicMonthQuery(service.id, professionalId, month));
  const slots = useQuery(publicSlotsQuery(service.id, professionalId, date));
  const mark = (d: string) => marks.data?.days.get(d);
  const first = marks.data?.first;
  const professionalName = professionalId === ANY_PROFESSIONAL ? 'Cualquier profesional' : (pros.find((p) => p.id === professionalId)?.name ?? '');

  return (
    <div className="mt-4 flex flex-col gap-5 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
      {pros.length === 0 ? (
        <Alert tone="info">{MSG.noProfessionals}</Alert>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            Profesional
          </label>
          <select id={selectId} value={professionalId} onChange={(e) => {
              setProfessionalId(e.target.value);
              setTime(null);
            }} className={`${inputClass} cursor-pointer`}>
            <option value="">-- Elige un profesional --</option>
            {pros.length > 1 && <option value={ANY_PROFESSIONAL}>Cualquier profesional</option>}
            {pros.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {professionalId && (
        <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <div>
            <DateCalendar
              label="Día de la cita"
              value={date}
              today={today}
              minValue={today}
              isDateUnavailable={(d) => !isBookableDate(d, today) || mark(d)?.state === 'closed'}
              onMonthChange={setMonth}
              dayNote={(d) => (mark(d)?.state === 'full' ? 'Completo' : mark(d)?.state === 'closed' ? 'No disponible' : undefined)}
              isDateMarked={(d) => mark(d)?.state === 'free'}
              onChange={(d) => {
                setDate(d);
                setTime(null);
              }}
            />
            {first && (
              <button
                type="button"
                onClick={() => {
                  setDate(first.date);
                  setTime(first.time);
                }}
                className="mt-3 w-full max-w-80 cursor-pointer rounded-full border border-rose-700 px-4 py-2.5 text-sm font-medium text-rose-800 hover:bg-rose-50"
              >
                Primera hora libre: {first.label}
              </button>
            )}
          </div>
          <div className="min-w-0">
            <p className="mb-3 font-medium first-letter:uppercase">{formatDateLong(`${date}T12:00:00Z`)}</p>
            {slots.isPending ? (
              <InlineLoading text="Calculando horarios..." />
            ) : slots.isError || !slots.data ? (
              <Alert>{slots.error?.message ?? MSG.realtimeFailed}</Alert>
            ) : slots.data.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-line p-5 text-muted">{MSG.noSlotsForDay}</p>
            ) : (
              <SlotButtons fit="page" slots={slots.data} selected={time} onSelect={setTime} />
            )}
          </div>
        </div>
      )}
      {time && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={notesId} className="text-sm font-medium">
            Notas para tu cita (opcional)
          </label>
          <textarea id={notesId} value={notes} maxLength={2000} rows={3} onChange={(e) => setNotes(e.target.value)} className={inputClass} placeholder="Por ejemplo: alergias, piel sensible o tus preferencias de estilo." />
        </div>
      )}
      <Button
        isDisabled={!time || pending}
        className="w-full py-3.5 text-base sm:ml-auto sm:w-auto sm:px-10"
        onPress={() => time && onConfirm({ serviceId: service.id, serviceName: service.name, professionalId, professionalName, date, time, notes: notes.trim() })}
      >
        {pending ? 'Reservando...' : time ? MSG.confirmBookingFor(time) : 'Confirmar Cita'}
      </Button>
    </div>
  );
}
