import { CalendarFeedCard } from '../../components/calendar-feed-card';
import { calendarFeedQuery, createCalendarFeed } from '../../api/notifications';
import { useQuery } from '@tanstack/react-query';
import { CalendarHeart, ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { isValidIsoDate } from '../../../domain/salon-time';
import { useSession } from '../../api/session';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateCalendar } from '../../components/date-calendar';
import { formatDateLong, formatTime } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { agendaDayQuery, type AgendaAppointment } from '../../api/agenda';
import { todayInSalon } from '../../lib/salon-today';
import { canMark, highlights, noonOf, openingVisit, shiftDay, startsIn } from './agenda-view';
import { AppointmentCard } from './appointment-card';
import { usePendingMarks } from './use-pending-marks';

const EMPTY: AgendaAppointment[] = [];

/** A clock that moves on its own, so buttons appear when an appointment starts and "Siguiente" moves on. */
function useNow(offsetMs: number, everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now + offsetMs;
}

/**
 * /employee/agenda (SPEC §2 Employee portal): the signed-in user's appointments of one salon day
 * with a Spanish calendar. Today by default; the chosen day lives in `?fecha=` so a reload keeps
 * it. On a phone the list comes first and the calendar after it (DESIGN.md: today's list first).
 */
export default function AgendaPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const today = todayInSalon();
  const asked = params.get('fecha');
  const date = asked && isValidIsoDate(asked) ? asked : today;
  const setDate = useCallback(
    (d: string) => {
      setParams(d === todayInSalon() ? {} : { fecha: d }, { replace: true });
    },
    [setParams],
  );

  const q = useQuery({ ...agendaDayQuery(date), enabled: Boolean(user) });
  const { refetch } = q;
  useLiveAppointments({ employeeId: user?.uid, date }, () => void refetch(), Boolean(user));

  const now = useNow(q.data?.clockOffsetMs ?? 0);
  const { overrides, mark } = usePendingMarks();

  const list = q.data?.appointments ?? EMPTY;
  const shown = useMemo(() => list.map((a) => ({ ...a, status: overrides.get(a.id) ?? a.status })), [list, overrides]);
  const marks = useMemo(() => highlights(shown, now, date), [shown, now, date]);
  const next = shown.find((a) => marks.get(a.id) === 'next');
  const current = shown.filter((a) => marks.get(a.id) === 'now');
  const toMark = shown.filter((a) => canMark(a, now)).length;
  useOpenAtVisit(q.isSuccess ? date : undefined, openingVisit(shown, marks));

  const isToday = date === today;
  const dayTitle = formatDateLong(noonOf(date));

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-5 sm:mb-7">
        <p className="text-sm font-medium tracking-wide text-rose-700 uppercase">Mi Agenda</p>
        <h1 className="mt-1 text-3xl leading-tight first-letter:uppercase sm:text-4xl">
          {isToday ? 'Hoy, ' : ''}
          {dayTitle}
        </h1>
        {q.data?.closed && (
          <p className="mt-2 inline-block rounded-full bg-sand px-3 py-1 text-sm font-medium text-ink" data-testid="agenda-closed">
            {q.data.closed}
          </p>
        )}
        {q.isSuccess && (
          <p className="mt-1.5 text-muted" aria-live="polite">
            {glance({ count: list.length, isToday, next, current: current.length, toMark })}
          </p>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem] lg:items-start lg:gap-8">
        <section aria-label={`Citas del ${dayTitle}`} className="min-w-0">
          <nav aria-label="Cambiar de día" className="mb-4 flex items-center gap-2">
            <Button variant="secondary" aria-label="Día anterior" className="w-11 px-0!" onPress={() => setDate(shiftDay(date, -1))}>
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </Button>
            <Button variant="secondary" aria-current={isToday ? 'date' : undefined} onPress={() => setDate(today)}>
              Hoy
            </Button>
            <Button variant="secondary" aria-label="Día siguiente" className="w-11 px-0!" onPress={() => setDate(shiftDay(date, 1))}>
              <ChevronRight className="h-5 w-5" aria-hidden />
            </Button>
          </nav>

          {q.isPending ? (
            <AgendaSkeleton />
          ) : q.isError ? (
            <div className="space-y-3">
              <Alert>{MSG.appointmentsLoadFailed}</Alert>
              <Button variant="secondary" onPress={() => void refetch()}>
                Reintentar
              </Button>
            </div>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center">
              <CalendarHeart className="h-9 w-9 text-rose-500" aria-hidden />
              <p className="text-lg text-ink">No tienes citas programadas para este día.</p>
            </div>
          ) : (
            <ol className="space-y-3 sm:space-y-4" aria-label="Citas en orden de hora">
              {shown.map((a) => (
                <li key={a.id} id={`agenda-${a.id}`} className="scroll-mt-20 lg:scroll-mt-8">
                  <AppointmentCard
                    appointment={a}
                    status={a.status}
                    highlight={marks.get(a.id)}
                    startsIn={marks.get(a.id) === 'next' ? startsIn(a.startTime.getTime(), now) : undefined}
                    markable={canMark(a, now)}
                    onMark={(to) => mark(a.id, to)}
                    today={today}
                    windowApplies={user?.role !== 'admin'}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>

        <aside className="lg:sticky lg:top-8">
          <h2 className="sr-only">Elegir día</h2>
          <DateCalendar label="Elegir día de la agenda" value={date} today={today} onChange={setDate} />
        </aside>
      </div>
      <CalendarFeedCard feed={calendarFeedQuery()} create={createCalendarFeed} />
    </div>
  );
}

/**
 * Once per day shown, the page scrolls to the visit in progress or the next one (ADR 067): on a
 * phone she no longer scrolls past the morning's finished visits. Only once: a later refetch or
 * the clock moving on never pulls the page away from where she is reading.
 */
function useOpenAtVisit(loadedDate: string | undefined, visitId: string | undefined) {
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!loadedDate || done.current === loadedDate) return;
    done.current = loadedDate;
    if (visitId) document.getElementById(`agenda-${visitId}`)?.scrollIntoView({ block: 'start' });
  }, [loadedDate, visitId]);
}

/** One line that answers "what now?" at a glance. */
function glance(p: { count: number; isToday: boolean; next?: AgendaAppointment; current: number; toMark: number }): string {
  if (p.count === 0) return p.isToday ? 'Día libre de citas.' : 'Sin citas este día.';
  const parts = [p.count === 1 ? '1 cita' : `${p.count} citas`];
  if (p.isToday) {
    if (p.current > 0) parts.push(p.current === 1 ? '1 en curso' : `${p.current} en curso`);
    if (p.next) parts.push(`siguiente a las ${formatTime(p.next.startTime)}`);
    else if (p.current === 0) parts.push('no quedan más por hoy');
  }
  if (p.toMark > 0) parts.push(p.toMark === 1 ? '1 por marcar' : `${p.toMark} por marcar`);
  return parts.join(' · ');
}

function AgendaSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-live="polite">
      <span className="sr-only">Cargando citas...</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5">
          <div className="h-10 w-14 animate-pulse rounded-lg bg-sand" />
          <div className="flex-1 space-y-2">
            <div className="h-5 w-1/2 animate-pulse rounded bg-sand" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-sand" />
          </div>
        </div>
      ))}
    </div>
  );
}
