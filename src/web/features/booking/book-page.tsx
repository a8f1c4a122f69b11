import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from '../../components/inline-icons';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams, type NavigateFunction } from 'react-router';
import { isBookableDate } from '../../../domain/booking-rules';
import { MSG } from '../../../domain/texts/common';
import { addDays } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { PlainButton } from '../../components/plain-button';
import { ApiRequestError } from '../../lib/api';
import { todayInSalon } from '../../lib/salon-today';
import { professionalsQuery, serviceQuery } from '../../api/booking';
import { myAppointmentsQuery } from '../../api/my-account';
import { sessionQuery, type CurrentUser } from '../../api/session';
import { lazyComponent } from '../../lib/lazy-component';
import { DayAndTimeStep, loadNotesField, NotesStep, ProfessionalStep } from './booking-steps';
// docs/decisions/075: at her cap of future appointments, said before she picks. In the page's
// own chunk: the first view renders it on the server, and a lazy chunk still loading when the page
// hydrates would have React throw the server's HTML away and paint the page again.
import CapNotice from './cap-notice';
import { ServiceLoading, ServiceSummary, ServiceUnavailable } from './service-summary';
import { useBook, type Booker } from './use-book';
import { useDaySlots } from './use-day-slots';

// ADR 037: what her bono has left, in its own chunk once she picks a time.
const loadBonoHint = () => import('./bono-hint');
const BonoHint = lazy(loadBonoHint);
// ADR 070: "Avísame si se libera un hueco", in its own chunk, only on a day without times.
const NotifyMe = lazy(() => import('./notify-me'));
// docs/decisions/087: staff are asked "¿Para quién es la cita?" ("Para mí" first), in a chunk a client never loads.
// Loaded before a staff member's first view renders or hydrates (router.tsx's preloadRoute), so it
// is hydrated with the page and a tap on it at once is not lost; after a move within the app it
// appears once its chunk is here, without suspending the page.
const ForWhom = lazyComponent(() => import('./for-whom'));
const asksForWhom = (viewer: CurrentUser | null | undefined): viewer is CurrentUser => !!viewer && viewer.role !== 'client';
export const firstViewParts = (viewer: CurrentUser | null) => (asksForWhom(viewer) ? [ForWhom.load()] : []);
// ADR 092: "Añadir otro servicio" opens a visit of several services, its own chunk loaded on the tap.
const VisitPlanner = lazy(() => import('./visit-planner'));

/** Today, or the next day the calendar allows (a Sunday opens on Monday). */
function firstBookableDate(today: string): string {
  let d = today;
  while (!isBookableDate(d, today)) d = addDays(d, 1);
  return d;
}

/** Back where the client came from when that is in the app (React Router keeps the history index), else the services. */
function goBack(navigate: NavigateFunction) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate('/services');
}

/** /book/:serviceId — SPEC §2 Booking screen: professional, day and live times, notes, confirm. */
export default function BookPage() {
  const { serviceId = '' } = useParams();
  const navigate = useNavigate();

  const service = useQuery(serviceQuery(serviceId));
  // Her own appointments, asked beside the service: at her cap the notice stands above the steps
  // from the first paint, not after them (cap-notice.tsx says whether and whose cap it is). Read
  // again only when stale: the first view's answer, just rendered by the server, is not.
  const me = useQuery(sessionQuery()).data;
  const mine = useQuery({ ...myAppointmentsQuery(), retry: false, refetchOnMount: true, enabled: me !== undefined });
  const professionals = useQuery({ ...professionalsQuery(serviceId), enabled: service.isSuccess });
  const today = useMemo(() => todayInSalon(), []);
  const [professionalId, setProfessionalId] = useState('');
  const [date, setDate] = useState(() => firstBookableDate(today));
  const [time, setTime] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [bookingError, setBookingError] = useState<string | null>(null);
  const [lostTime, setLostTime] = useState(false);
  const [visit, setVisit] = useState(false);
  // Who the visit planner books for: the staff's "¿Para quién es la cita?" as it stood at the tap (ADR 104).
  const [visitFor, setVisitFor] = useState<Booker | null>(null);

  // Only one professional: chosen for the client (SPEC §2 Step 1).
  const list = professionals.data;
  // "Reservar de nuevo" (docs/decisions/074): ?professional= names the professional's account of the visit she repeats; chosen once, if she still does it.
  const [params] = useSearchParams();
  const wanted = useRef(params.get('professional'));
  useEffect(() => {
    if (list?.length === 1 && professionalId === '') setProfessionalId(list[0]!.id);
    else if (list && wanted.current && professionalId === '') {
      const again = list.find((p) => p.userId === wanted.current);
      wanted.current = null;
      if (again) setProfessionalId(again.id);
    }
  }, [list, professionalId]);
  const professional = list?.find((p) => p.id === professionalId);
  // ADR 084: one without an account cannot receive visits; said as soon as she is chosen, with no times.
  const noAccount = professional?.hasAccount === false;
  // The note's field (its own chunk) downloads while the client picks a time, not after.
  useEffect(() => {
    if (professionalId !== '') {
      void loadNotesField();
      void loadBonoHint();
    }
  }, [professionalId]);

  const { slots, closedDays, marks, setMonth, live, refetch: refetchSlots } = useDaySlots(serviceId, professionalId, professional?.userId, date);

  // A chosen time that someone else has just taken disappears from the grid: say so.
  useEffect(() => {
    if (time && slots.data && !slots.data.some((s) => s.time === time)) {
      setTime(null);
      setLostTime(true);
    }
  }, [slots.data, time]);

  const forClient = useRef<Booker>(null);
  const [forWhomLoaded, setForWhomLoaded] = useState(ForWhom.loaded);
  useEffect(() => {
    if (asksForWhom(me) && !forWhomLoaded) void ForWhom.load().then(() => setForWhomLoaded(true));
  }, [me, forWhomLoaded]);
  const book = useBook(forClient);
  const submit = () => {
    if (!time || !professionalId) {
      setBookingError(MSG.bookingMissingData);
      return;
    }
    setBookingError(null);
    void book.mutate(
      { serviceId, professionalId, date, time, notes: notes.trim() || undefined },
      {
        // ADR 053: a visit her bono does not cover (its last session just went to another booking) is said on Mis Citas.
        onSuccess: ({ bonoNote, to }) => navigate(to ?? '/my-appointments?status=success', { state: bonoNote ? { bonoNote } : null }),
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

  if (service.isPending || (me !== undefined && mine.isPending)) return <ServiceLoading />;
  if (service.isError) return <ServiceUnavailable missing={service.error instanceof ApiRequestError && service.error.status === 404} />;
  if (visit) return <Suspense fallback={null}><VisitPlanner serviceId={serviceId} professionalId={professionalId} date={date} today={today} booker={visitFor} onClose={() => setVisit(false)} /></Suspense>;

  // A new choice clears what the previous one said.
  const fresh = () => {
    setLostTime(false);
    setBookingError(null);
  };
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PlainButton variant="ghost" onPress={() => goBack(navigate)} className="-ml-3 mb-4">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver
      </PlainButton>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start lg:gap-10">
        <ServiceSummary service={service.data} />

        <div className="flex flex-col gap-6">
          <CapNotice data={mine.data} />
          {asksForWhom(me) && forWhomLoaded && (
            <ForWhom me={me} booker={forClient} professionals={list} professionalId={professionalId} onProfessional={setProfessionalId} initial={visitFor} />
          )}
          <ProfessionalStep
            professionals={professionals}
            value={professionalId}
            onChange={(id) => {
              setProfessionalId(id);
              setTime(null);
              fresh();
            }}
          />
          {noAccount && <Alert>{MSG.employeeNoAccount}</Alert>}
          {!noAccount && (
          <DayAndTimeStep
            today={today}
            date={date}
            onDate={(d) => {
              setDate(d);
              setTime(null);
              fresh();
            }}
            onMonth={setMonth}
            closedDays={closedDays.data}
            marks={marks.data}
            onFirst={(d, t) => {
              setDate(d);
              setTime(t);
              fresh();
            }}
            professionalChosen={professionalId !== ''}
            slots={slots}
            time={time}
            onTime={(t) => {
              setTime(t);
              fresh();
            }}
            live={live}
            lostTime={lostTime}
            whenEmpty={
              <Suspense fallback={null}>
                <NotifyMe serviceId={serviceId} professionalId={professionalId} date={date} />
              </Suspense>
            }
          />
          )}

          {time && <NotesStep value={notes} onChange={setNotes} />}
          {time && (
            <Suspense fallback={null}>
              <BonoHint serviceId={serviceId} date={date} />
            </Suspense>
          )}

          {/* A transition: the page stays on screen while the planner's chunk arrives. */}
          <PlainButton variant="secondary" onPress={() => startTransition(() => (setVisitFor(() => forClient.current), setVisit(true)))} className="self-start">
            Añadir otro servicio
          </PlainButton>
          <ConfirmBar time={time} professionalChosen={professionalId !== ''} pending={book.isPending} error={bookingError} onConfirm={submit} />
        </div>
      </div>
    </section>
  );
}

/** The booking's last line: what went wrong, the confirm button, what is still missing. */
function ConfirmBar({ time, professionalChosen, pending, error, onConfirm }: { time: string | null; professionalChosen: boolean; pending: boolean; error: string | null; onConfirm: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      {error && <Alert>{error}</Alert>}
      <PlainButton onPress={onConfirm} isDisabled={!time || pending} className="w-full py-3.5 text-base sm:ml-auto sm:w-auto sm:px-10">
        {pending ? 'Reservando...' : time ? MSG.confirmBookingFor(time) : 'Confirmar Cita'}
      </PlainButton>
      {!time && professionalChosen && <p className="text-center text-sm text-muted sm:text-right">Elige una hora para confirmar tu cita.</p>}
    </div>
  );
}
