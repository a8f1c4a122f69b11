import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { addDays, isValidIsoDate } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { ProfessionalSelect } from '../../components/professional-day-picker';
import { formatDateLong } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { todayInSalon } from '../../lib/salon-today';
import { whenIdle } from '../../lib/when-idle';
import { AppointmentDetails } from './appointment-details';
import { dayQueryKeys, salonDayQuery } from '../../api/front-desk';
import { chevron, selectClass } from '../../components/select-class';
import type { FreePick } from './day-grid';
import { DayPanes } from './day-panes';
import { useDeskMoves } from './use-desk-moves';
import { MoveMenu } from './move-menu';
import { BlockDetails, NewBlock, type BlockStart } from './block-sheet';
import { DayDateField } from './day-date-field';
import { DayActions } from './day-actions';
import { ViewModeToggle } from './view-mode-toggle';
import { BesideWaitingList } from './waiting-list-slot';
import { NewAppointment, type NewAppointmentStart } from './new-appointment';
import { cashCloseHref, useUnclosedDays } from '../../api/cash-close';
import { UnclosedDaysNotice } from '../../components/unclosed-days-notice';

type ViewMode = 'profesionales' | 'cabinas';

const dayIn = (params: URLSearchParams, today: string) => {
  const dia = params.get('dia');
  return dia && isValidIsoDate(dia) ? dia : today;
};
const modeIn = (params: URLSearchParams): ViewMode => (params.get('vista') === 'cabinas' ? 'cabinas' : 'profesionales');
// Made once: a day switch renders the page again, and an icon element it already had is skipped.
const PREVIOUS_ICON = <ChevronLeft className="h-4 w-4" aria-hidden />;
const NEXT_ICON = <ChevronRight className="h-4 w-4" aria-hidden />;

/**
 * The day (?dia=YYYY-MM-DD, today by default) and the columns (?vista=cabinas, by professional by
 * default: ADR 036) shown. They live in the page's state and are written to the address once the
 * grid is drawn (`useAfterDrawn`), with the router's history entry kept: a router navigation per day switch matched
 * the whole route table and redrew the layouts before the new day could be drawn
 * (docs/benchmarks.md, "Salon day view"). A navigation of the router itself (a menu link to this page)
 * reads the address again.
 */
function useDayAndMode(): { day: string; setDay: (d: string) => void; today: string; mode: ViewMode; setMode: (m: ViewMode) => void } {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const today = todayInSalon();
  const [shown, setShown] = useState(() => ({ key, day: dayIn(params, today), mode: modeIn(params) }));
  if (shown.key !== key) setShown({ key, day: dayIn(params, today), mode: modeIn(params) });
  const { day, mode } = shown;
  const setDay = useCallback((d: string) => setShown((s) => ({ ...s, day: d })), []);
  const setMode = useCallback((m: ViewMode) => setShown((s) => ({ ...s, mode: m })), []);
  return { day, setDay, today, mode, setMode };
}

/**
 * Once a day is drawn (`drawn`: its data, not the day before's, is on screen), in the browser's next
 * idle moment: the day and the columns shown written to the address, and the days either side
 * fetched ahead, so "Día anterior" and "Día siguiente" draw from memory in one render instead of
 * dimming this day while the next one loads (ADR 043). A day fetched ahead is
 * kept fresh by the live events (any change marks its days stale), not fetched again when shown.
 * The address write (`history.replaceState`) cost 7-24 ms at 4x CPU and delayed the draw when it
 * ran on the click.
 */
function useAfterDrawn(day: string, mode: ViewMode, today: string, drawn: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!drawn) return;
    return whenIdle(() => {
      const url = new URL(window.location.href);
      if (day === today) url.searchParams.delete('dia');
      else url.searchParams.set('dia', day);
      if (mode === 'cabinas') url.searchParams.set('vista', mode);
      else url.searchParams.delete('vista');
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
      for (const side of [addDays(day, 1), addDays(day, -1)]) void qc.prefetchQuery(salonDayQuery(side));
    });
  }, [day, mode, today, drawn, qc]);
}

/**
 * The salon's day (docs/decisions/018-salon-day-view.md): a column per active professional, hours from the
 * earliest opening to the latest closing, each appointment a block sized by its duration, breaks
 * and non-working time shaded, a line at "now". Click a free time to book there, a block to see
 * it. Live: any booking, cancel, mark or move anywhere refreshes it. On a phone, one column at a
 * time. "Cabinas y aparatos" shows a column per active resource instead (ADR 036): an appointment
 * is drawn in each resource it holds.
 */
export default function DayViewPage() {
  const { day, setDay, today, mode, setMode } = useDayAndMode();
  const qc = useQueryClient();
  // The day before stays drawn (dimmed, inert) while the next one loads: one render of the
  // new grid instead of tearing the old one down for a spinner and building it again.
  const { data, isPending, isError, error, isPlaceholderData } = useQuery(salonDayQuery(day));
  useAfterDrawn(day, mode, today, !isPending && !isPlaceholderData);
  // Every day's changes, not only this day's: the days fetched ahead stay true, and a day switch
  // keeps the one connection.
  const live = useLiveAppointments({}, (dates) => {
    for (const d of dates ?? [null]) void qc.invalidateQueries({ queryKey: d ? salonDayQuery(d).queryKey : dayQueryKeys });
  });
  // Away from this page nothing keeps the days true: every one kept is fetched again on the way back.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: dayQueryKeys, refetchType: 'none' }), [qc]);
  const [phoneColumn, setPhoneColumn] = useState<string>('');
  const [start, setStart] = useState<NewAppointmentStart | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNowMs(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);

  const professionals = useMemo(() => (data?.professionals ?? []).filter((p) => p.userId), [data]);
  const resources = useMemo(() => data?.resources ?? [], [data]);
  const byResource = mode === 'cabinas';
  // The phone's column choice (the grids, day-panes.tsx, draw the columns themselves).
  const columns: ReadonlyArray<{ id: string; name: string }> = byResource ? resources : professionals;
  const shownColumn = phoneColumn && columns.some((c) => c.id === phoneColumn) ? phoneColumn : (columns[0]?.id ?? '');
  const opened = data?.appointments.find((a) => a.id === openId) ?? null;
  // A booking or a move may land on another day than this one: every day kept is marked stale.
  const refresh = () => void qc.invalidateQueries({ queryKey: dayQueryKeys });
  // Stable for good (the day is read when a free time is clicked), so the grid's memoised columns
  // skip the render of a day switch's first moment, which changes nothing in them.
  const dayNow = useRef(day);
  useEffect(() => {
    dayNow.current = day;
  }, [day]);
  const onFree = useCallback((pick: FreePick) => setStart({ date: dayNow.current, ...pick }), []);
  const [menuId, setMenuId] = useState<string | null>(null);
  const [moveId, setMoveId] = useState<string | null>(null);
  const [blockStart, setBlockStart] = useState<BlockStart | null>(null);
  const [blockId, setBlockId] = useState<string | null>(null);
  const { move, drop } = useDeskMoves({ day, data, professionals, onMoved: refresh });
  const startOf = useCallback(
    (id: string) => dataNow.current?.appointments.find((a) => a.id === id && a.status === 'confirmed')?.startMinute,
    [],
  );
  const dataNow = useRef(data);
  useEffect(() => {
    dataNow.current = data;
  }, [data]);
  const menuOf = data?.appointments.find((a) => a.id === menuId) ?? null;
  const openedBlock = data?.absences.find((x) => x.id === blockId) ?? null;
  // A day the desk left without its close (ADR 054), said the next morning.
  const unclosed = useUnclosedDays();
  return (
    <div>
      <PageHeader
        title="Agenda del salón"
        subtitle={<span className="inline-block first-letter:uppercase">{formatDateLong(new Date(`${day}T12:00:00Z`))}</span>}
        actions={<DayActions day={dayNow} onBlock={setBlockStart} onNew={setStart} />}
      />
      <UnclosedDaysNotice days={unclosed} hrefOf={cashCloseHref} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {/* Plain buttons, not React Aria's: its press handling took 12 ms of each day switch at 4x CPU
            (docs/benchmarks.md), and a native button already answers to a tap, Enter and Space. */}
        <button type="button" className={buttonClass('secondary')} onClick={() => setDay(addDays(day, -1))} aria-label="Día anterior">
          {PREVIOUS_ICON}
        </button>
        <div className="w-48">
          <DayDateField day={day} onDay={setDay} />
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => setDay(addDays(day, 1))} aria-label="Día siguiente">
          {NEXT_ICON}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => setDay(today)} disabled={day === today}>
          Hoy
        </button>
        {(resources.length > 0 || byResource) && <ViewModeToggle value={mode} onChange={setMode} />}
        {columns.length > 1 &&
          (byResource ? (
            <label className="flex items-center gap-2 text-sm font-medium sm:hidden">
              <span className="sr-only">Cabina o aparato</span>
              <select className={selectClass} style={chevron} value={shownColumn} onChange={(e) => setPhoneColumn(e.target.value)}>
                {columns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <ProfessionalSelect
              hideLabel
              className="sm:hidden"
              professionals={professionals}
              value={shownColumn}
              onChange={setPhoneColumn}
            />
          ))}
      </div>
      {!live && <Alert tone="info">{MSG.realtimeFailed}</Alert>}
      <BesideWaitingList date={day}>
        {isPending ? (
          <InlineLoading text="Cargando agenda..." />
        ) : isError ? (
          <Alert>{error.message}</Alert>
        ) : (
          <DayPanes
            day={day}
            data={data}
            loading={isPlaceholderData}
            byResource={byResource}
            phoneColumn={phoneColumn}
            nowMs={nowMs}
            onFree={onFree}
            onOpen={setOpenId}
            onMenu={setMenuId}
            onBlock={setBlockId}
            startOf={startOf}
            onDrop={drop}
          />
        )}
      </BesideWaitingList>
      {start && (
        <NewAppointment
          start={start}
          resources={resources}
          serviceGroups={data?.serviceGroups ?? {}}
          onClose={() => setStart(null)}
          onBooked={(d) => {
            setStart(null);
            refresh();
            if (d !== day) setDay(d);
          }}
          onBlockInstead={() => {
            setStart(null);
            setBlockStart({ date: start.date, professionalId: start.professionalId, resourceId: start.resourceId, time: start.time });
          }}
        />
      )}
      {menuOf && (
        <MoveMenu
          appointment={menuOf}
          professionals={professionals}
          interval={data?.interval ?? 30}
          onMove={(to) => void move(menuOf, to)}
          onOther={() => {
            setMoveId(menuOf.id);
            setOpenId(menuOf.id);
          }}
          onClose={() => setMenuId(null)}
        />
      )}
      {blockStart && (
        <NewBlock
          start={blockStart}
          professionals={professionals}
          resources={resources}
          onClose={() => setBlockStart(null)}
          onChanged={refresh}
        />
      )}
      {openedBlock && <BlockDetails absence={openedBlock} onClose={() => setBlockId(null)} onChanged={refresh} />}
      {opened && data && (
        <AppointmentDetails
          key={opened.id}
          appointment={opened}
          professionals={professionals}
          day={data}
          today={today}
          startMoving={moveId === opened.id}
          onClose={() => {
            setOpenId(null);
            setMoveId(null);
          }}
          onChanged={refresh}
          onMoveMenu={() => {
            setOpenId(null);
            setMenuId(opened.id);
          }}
          onOpenPart={(id) => {
            setMoveId(null);
            setOpenId(id);
          }}
        />
      )}
    </div>
  );
}
