import { lazy, Suspense, useId, type ReactNode } from 'react';
import { ChevronDown } from '../../components/inline-icons';
import { ANY_PROFESSIONAL, isBookableDate } from '../../../domain/booking-rules';
import type { DayMark, FirstFree } from '../../../domain/month-map';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { DateCalendar } from '../../components/date-calendar';
import { InlineLoading } from '../../components/loading';
import { inputClass } from '../../components/input-class';
import { SlotButtons } from '../../components/slot-buttons';
import { formatDateLong } from '../../lib/format';

// The booking page's steps (SPEC §2 Booking screen). Steps 1 and 2 are the server-rendered first
// view that public/boot.js replays choices into at hydration: change their markup with that in
// mind (e2e/booking-choice-at-hydration.spec.ts).

type Pro = { id: string; name: string };
type Query<T> = { data?: T; isPending: boolean; isError: boolean };

function StepCard({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
      <h2 className="flex items-center gap-3 font-serif text-2xl">
        <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-rose-50 font-sans text-sm font-semibold text-rose-800" aria-hidden>
          {n}
        </span>
        {title}
      </h2>
      {children}
    </div>
  );
}

/**
 * Step 1: the professional. A repeated value is no change (boot.js tells the page what was chosen
 * around hydration, which the page may already know): the time picked since stays.
 */
export function ProfessionalStep({ professionals, value, onChange }: { professionals: Query<Pro[]>; value: string; onChange: (professionalId: string) => void }) {
  const selectId = useId();
  const list = professionals.data;
  return (
    <StepCard n={1} title="Elige profesional">
      <div className="mt-4">
        {professionals.isPending ? (
          <InlineLoading text="Cargando profesionales..." />
        ) : professionals.isError || !list ? (
          <Alert>{MSG.employeesForServiceFailed}</Alert>
        ) : list.length === 0 ? (
          <Alert tone="info">{MSG.noProfessionals}</Alert>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Profesional
            </label>
            <div className="relative">
              <select
                id={selectId}
                value={value}
                onChange={(e) => {
                  if (e.target.value !== value) onChange(e.target.value);
                }}
                className={`${inputClass} cursor-pointer appearance-none pr-11`}
              >
                <option value="">-- Elige un profesional --</option>
                {/* ADR 062: with one professional she is chosen for the client and this is not offered. */}
                {list.length > 1 && <option value={ANY_PROFESSIONAL}>Cualquier profesional</option>}
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
              <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden />
            </div>
          </div>
        )}
      </div>
    </StepCard>
  );
}

type ClosedDays = { days: Map<string, string>; horizonNote: string | null };
type MonthMarks = { days: Map<string, DayMark>; first: (FirstFree & { label: string }) | null };

/** Why a day cannot be picked, as a client reads it (a time off's reason stays the salon's). */
const CLOSED_NOTE: Record<Extract<DayMark, { state: 'closed' }>['reason'], string> = {
  past: '',
  sunday: 'Cerrado',
  horizon: '',
  salon_closed: 'Cerrado',
  not_working: 'No trabaja este día',
  time_off: 'No disponible',
};
function markNote(mark: DayMark | undefined): string | undefined {
  if (mark?.state !== 'closed') return mark?.state === 'full' ? 'Completo' : undefined;
  return CLOSED_NOTE[mark.reason] || undefined;
}

/** Step 2: the day (a month calendar with the closed days struck through) and the live free times. */
export function DayAndTimeStep(p: {
  today: string;
  date: string;
  onDate: (date: string) => void;
  onMonth: (month: string) => void;
  closedDays?: ClosedDays;
  marks?: MonthMarks;
  onFirst: (date: string, time: string) => void;
  professionalChosen: boolean;
  slots: Query<Array<{ time: string }>>;
  time: string | null;
  onTime: (time: string) => void;
  live: boolean;
  lostTime: boolean;
  /** Under "No hay horarios…": the waiting list's "Avísame" (its own chunk, ADR 070). */
  whenEmpty?: ReactNode;
}) {
  const { today, closedDays, slots, marks } = p;
  const mark = (d: string) => marks?.days.get(d);
  return (
    <StepCard n={2} title="Elige día y hora">
      <div className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
        <div>
          <DateCalendar
            label="Día de la cita"
            value={p.date}
            today={today}
            minValue={today}
            isDateUnavailable={(d) => !isBookableDate(d, today) || !!closedDays?.days.has(d) || mark(d)?.state === 'closed'}
            onMonthChange={p.onMonth}
            dayNote={(d) => closedDays?.days.get(d) || markNote(mark(d))}
            isDateMarked={(d) => mark(d)?.state === 'free'}
            onChange={p.onDate}
          />
          {closedDays?.horizonNote && <p className="mt-2 max-w-80 text-sm text-muted">{closedDays.horizonNote}</p>}
          {marks?.first && (
            <button
              type="button"
              onClick={() => p.onFirst(marks.first!.date, marks.first!.time)}
              className="mt-3 w-full max-w-80 cursor-pointer rounded-full border border-rose-700 px-4 py-2.5 text-sm font-medium text-rose-800 hover:bg-rose-50"
            >
              Primera hora libre: {marks.first.label}
            </button>
          )}
        </div>
        <div className="min-w-0">
          <p className="mb-3 font-medium first-letter:uppercase">{formatDateLong(`${p.date}T12:00:00Z`)}</p>
          {!p.live && <div className="mb-3"><Alert tone="info">{MSG.realtimeFailed}</Alert></div>}
          {p.lostTime && <div className="mb-3"><Alert tone="info">{MSG.slotTaken}</Alert></div>}
          {!p.professionalChosen ? (
            <p className="text-muted">Elige primero un profesional para ver sus horas libres.</p>
          ) : slots.isPending ? (
            <InlineLoading text="Calculando horarios..." />
          ) : slots.isError || !slots.data ? (
            <Alert>{MSG.realtimeFailed}</Alert>
          ) : slots.data.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-line p-5">
              <p className="text-muted">{MSG.noSlotsForDay}</p>
              {p.whenEmpty}
            </div>
          ) : (
            <SlotButtons fit="page" slots={slots.data} selected={p.time} onSelect={p.onTime} />
          )}
        </div>
      </div>
    </StepCard>
  );
}

/** The note's field is its own chunk (notes-field.tsx); the page starts loading it once a professional is chosen. */
export const loadNotesField = () => import('./notes-field');
const NotesField = lazy(loadNotesField);

/** Step 3, once a time is chosen: an optional note. */
export function NotesStep({ value, onChange }: { value: string; onChange: (notes: string) => void }) {
  return (
    <StepCard n={3} title="Añade una nota">
      <Suspense fallback={<InlineLoading text="Cargando..." />}>
        <NotesField value={value} onChange={onChange} />
      </Suspense>
    </StepCard>
  );
}
