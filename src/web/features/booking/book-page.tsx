import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronDown, Clock } from '../../components/inline-icons';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isBookableDate } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/texts/common';
import { addDays } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { DateCalendar } from '../../components/date-calendar';
import { InlineLoading } from '../../components/loading';
import { inputClass } from '../../components/input-class';
import { ApiRequestError } from '../../lib/api';
import { formatDateLong, formatEuros } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { startOfMonth } from '../../lib/calendar-month';
import { todayInSalon } from '../../lib/salon-today';
import { CLOSED_DAYS_FAMILY, closedDaysQuery, professionalsQuery, serviceQuery, slotsQuery } from '../../api/booking';
import { TimeGrid } from './time-grid';
import { useBook } from './use-book';

/** Today, or the next day the calendar allows (a Sunday opens on Monday). */
function firstBookableDate(today: string): string {
  let d = today;
  while (!isBookableDate(d, today)) d = addDays(d, 1);
  return d;
}

function StepTitle({ n, children }: { n: number; children: string }) {
  return (
    <h2 className="flex items-center gap-3 font-serif text-2xl">
      <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-rose-50 font-sans text-sm font-semibold text-rose-800" aria-hidden>
        {n}
      </span>
      {children}
    </h2>
  );
}

const loadNotesField = () => import('./notes-field');
const NotesField = lazy(loadNotesField);

/** /book/:serviceId — SPEC §2 Booking screen: professional, day and live times, notes, confirm. */
export default function BookPage() {
  const { serviceId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const selectId = useId();

  const service = useQuery(serviceQuery(serviceId));
  const professionals = useQuery({ ...professionalsQuery(serviceId), enabled: service.isSuccess });
  const today = useMemo(() => todayInSalon(), []);
  const [professionalId, setProfessionalId] = useState('');
  const [date, setDate] = useState(() => firstBookableDate(today));
  const [time, setTime] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [bookingError, setBookingError] = useState<string | null>(null);
  const [lostTime, setLostTime] = useState(false);

  // Only one professional: chosen for the client (SPEC §2 Step 1).
  const list = professionals.data;
  useEffect(() => {
    if (list?.length === 1 && professionalId === '') setProfessionalId(list[0]!.id);
  }, [list, professionalId]);
  const professional = list?.find((p) => p.id === professionalId);
  // The note's field (its own chunk) downloads while the client picks a time, not after.
  useEffect(() => {
    if (professionalId !== '') void loadNotesField();
  }, [professionalId]);

  const slots = useQuery(slotsQuery(serviceId, professionalId, date));
  // Closed days (holidays, the professional's days off) of the month shown, a week either side.
  const [month, setMonth] = useState(() => startOfMonth(date));
  const closedDays = useQuery(closedDaysQuery(professionalId, month, addDays(month, -7), addDays(month, 44)));
  const refetchSlots = useCallback(() => {
    void qc.invalidateQueries({ queryKey: slotsQuery(serviceId, professionalId, date).queryKey });
    void qc.invalidateQueries({ queryKey: CLOSED_DAYS_FAMILY });
  }, [qc, serviceId, professionalId, date]);
  // Live: someone books or cancels with this professional on this day -> the grid refetches.
  const live = useLiveAppointments({ employeeId: professional?.userId, date }, refetchSlots, !!professional?.userId);

  // A chosen time that someone else has just taken disappears from the grid: say so.
  useEffect(() => {
    if (time && slots.data && !slots.data.some((s) => s.time === time)) {
      setTime(null);
      setLostTime(true);
    }
  }, [slots.data, time]);

  const book = useBook();
  const submit = () => {
    if (!time || !professionalId) {
      setBookingError(MSG.bookingMissingData);
      return;
    }
    setBookingError(null);
    void book.mutate(
      { serviceId, professionalId, date, time, notes: notes.trim() || undefined },
      {
        onSuccess: () => navigate('/my-appointments?status=success'),
        onError: (err) => {
          setBookingError(err instanceof ApiRequestError && err.status < 500 && err.status > 0 ? err.message : MSG.bookingFailed);
          if (err instanceof ApiRequestError && err.status === 409) {
            setTime(null);
            refetchSlots();
          }
        },
      },
    );
  };

  const goBack = () => {
    // React Router keeps the history index: go back when there is somewhere to go in the app.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/services');
  };

  if (service.isPending) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <InlineLoading text="Cargando servicio..." />
      </section>
    );
  }
  if (service.isError) {
    const missing = service.error instanceof ApiRequestError && service.error.status === 404;
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl">{missing ? MSG.serviceNotFound : MSG.serviceLoadFailed}</h1>
        <ButtonLink href="/services" variant="secondary" className="mt-6">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Nuestros Servicios
        </ButtonLink>
      </section>
    );
  }

  const s = service.data;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Button variant="ghost" onPress={goBack} className="-ml-3 mb-4">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver
      </Button>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start lg:gap-10">
        <header className="rounded-[var(--radius-card)] border border-line/80 bg-white p-6 shadow-soft lg:sticky lg:top-24">
          <p className="text-sm font-semibold tracking-[0.18em] text-rose-700 uppercase">Reserva tu cita</p>
          <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{s.name}</h1>
          <div className="mt-4 flex items-center gap-4">
            <p className="font-serif text-3xl font-semibold">{formatEuros(s.price)}</p>
            <p className="flex items-center gap-1.5 text-muted">
              <Clock className="h-4 w-4" aria-hidden />
              {s.duration} min
            </p>
          </div>
          <p className="mt-4 leading-relaxed text-muted">{s.description.trim() || 'Descripción no disponible.'}</p>
        </header>

        <div className="flex flex-col gap-6">
          <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
            <StepTitle n={1}>Elige profesional</StepTitle>
            <div className="mt-4">
              {professionals.isPending ? (
                <InlineLoading text="Cargando profesionales..." />
              ) : professionals.isError ? (
                <Alert>{MSG.employeesForServiceFailed}</Alert>
              ) : professionals.data.length === 0 ? (
                <Alert tone="info">{MSG.noProfessionals}</Alert>
              ) : (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    Profesional
                  </label>
                  <div className="relative">
                    <select
                      id={selectId}
                      value={professionalId}
                      onChange={(e) => {
                        // The same choice again (boot.js tells the page what was chosen around
                        // hydration, which the page may already know) keeps the time picked since.
                        if (e.target.value === professionalId) return;
                        setProfessionalId(e.target.value);
                        setTime(null);
                        setLostTime(false);
                        setBookingError(null);
                      }}
                      className={`${inputClass} cursor-pointer appearance-none pr-11`}
                    >
                      <option value="">-- Elige un profesional --</option>
                      {professionals.data.map((p) => (
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
          </div>

          <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
            <StepTitle n={2}>Elige día y hora</StepTitle>
            <div className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
              <div>
                <DateCalendar
                  label="Día de la cita"
                  value={date}
                  today={today}
                  minValue={today}
                  isDateUnavailable={(d) => !isBookableDate(d, today) || !!closedDays.data?.days.has(d)}
                  onMonthChange={setMonth}
                  dayNote={(d) => closedDays.data?.days.get(d) || undefined}
                  onChange={(d) => {
                    setDate(d);
                    setTime(null);
                    setLostTime(false);
                    setBookingError(null);
                  }}
                />
                {closedDays.data?.horizonNote && <p className="mt-2 max-w-80 text-sm text-muted">{closedDays.data.horizonNote}</p>}
              </div>
              <div className="min-w-0">
                <p className="mb-3 font-medium first-letter:uppercase">{formatDateLong(`${date}T12:00:00Z`)}</p>
                {!live && <div className="mb-3"><Alert tone="info">{MSG.realtimeFailed}</Alert></div>}
                {lostTime && <div className="mb-3"><Alert tone="info">{MSG.slotTaken}</Alert></div>}
                {professionalId === '' ? (
                  <p className="text-muted">Elige primero un profesional para ver sus horas libres.</p>
                ) : slots.isPending ? (
                  <InlineLoading text="Calculando horarios..." />
                ) : slots.isError ? (
                  <Alert>{MSG.realtimeFailed}</Alert>
                ) : slots.data.length === 0 ? (
                  <p className="rounded-2xl border border-dashed border-line p-5 text-muted">{MSG.noSlotsForDay}</p>
                ) : (
                  <TimeGrid
                    slots={slots.data}
                    selected={time}
                    onSelect={(t) => {
                      setTime(t);
                      setLostTime(false);
                      setBookingError(null);
                    }}
                  />
                )}
              </div>
            </div>
          </div>

          {time && (
            <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
              <StepTitle n={3}>Añade una nota</StepTitle>
              <Suspense fallback={<InlineLoading text="Cargando..." />}>
                <NotesField value={notes} onChange={setNotes} />
              </Suspense>
            </div>
          )}

          <div className="flex flex-col gap-3">
            {bookingError && <Alert>{bookingError}</Alert>}
            <Button onPress={submit} isDisabled={!time || book.isPending} className="w-full py-3.5 text-base sm:ml-auto sm:w-auto sm:px-10">
              {book.isPending ? 'Reservando...' : time ? MSG.confirmBookingFor(time) : 'Confirmar Cita'}
            </Button>
            {!time && professionalId !== '' && <p className="text-center text-sm text-muted sm:text-right">Elige una hora para confirmar tu cita.</p>}
          </div>
        </div>
      </div>
    </section>
  );
}
