import { memo, useMemo, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import type { DayAbsence, DayAppointment } from '../../api/front-desk';
import { AbsenceBand } from './absence-band';
import { AppointmentBlock } from './appointment-block';
import { hhmm, minuteAt, placeBlock, type DayHours } from './day-layout';
import { useBlockDrag, type DropTarget } from './use-block-drag';

// The day view's grid (docs/decisions/018-salon-day-view.md): an hour scale, a column per
// professional (or per cabin and machine, ADR 036) with its off hours, time off and blocks drawn
// and a line at "now", the appointments as blocks. A click or Enter on free time books there, a
// block is dragged to move it (ADR 058, 059).

/**
 * A column: a professional (`professionalId`) or a resource (`resourceId`); its off stretches
 * shaded; its time off, blocks and maintenance; the appointments in it.
 */
export type GridColumn = {
  id: string;
  name: string;
  professionalId?: string;
  resourceId?: string;
  off: Array<[number, number]>;
  absences: DayAbsence[];
  appointments: DayAppointment[];
};

/** Where a free place of a column was chosen: its professional or cabin, and the time. */
export type FreePick = { professionalId?: string; resourceId?: string; time: string };

const HOUR_PX = 88;
/** A click's and the keyboard's step through a column: every quarter hour (a squeeze may sit off the salon's interval). */
const KEY_STEP = 15;
const HOUR_LINES = 'bg-[linear-gradient(to_bottom,color-mix(in_oklab,var(--color-line)_60%,transparent)_1px,transparent_1px)]';

type Handlers = {
  onFree: (pick: FreePick) => void;
  onOpen: (id: string) => void;
  onMenu: (id: string) => void;
  onBlock: (id: string) => void;
};

export function DayGrid({
  shown,
  loading,
  hours,
  columns,
  shownColumn,
  byResource,
  interval,
  nowMinute,
  startOf,
  onDrop,
  ...handlers
}: Handlers & {
  /** The day shown; a day drawn ahead is the same grid, `hidden` (display: none: no keyboard stop, no hit), ADR 096. */
  shown: boolean;
  loading: boolean;
  hours: DayHours;
  columns: GridColumn[];
  /** The one column a phone shows. */
  shownColumn: string;
  /** Columns are resources: the blocks name the professional. */
  byResource: boolean;
  interval: number;
  nowMinute: number | null;
  /** A movable block's start minute (the drag keeps the pointer where it took the block). */
  startOf: (id: string) => number | undefined;
  onDrop: (id: string, target: DropTarget) => void;
}) {
  const height = ((hours.endMinute - hours.startMinute) / 60) * HOUR_PX;
  // One array per day's hours, so the memoised columns see the same one on every render.
  const hourMarks = useMemo(() => {
    const marks: number[] = [];
    for (let m = hours.startMinute; m < hours.endMinute; m += 60) marks.push(m);
    return marks;
  }, [hours]);
  const { drag, handlers: dragHandlers } = useBlockDrag({ hours, step: interval, startOf, onDrop });
  const blockEvents = useBlockEvents(handlers.onOpen, handlers.onMenu);
  const dragged = drag?.target ? columns.flatMap((c) => c.appointments).find((a) => a.id === drag.appointmentId) : undefined;
  return (
    <div
      className={`overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-opacity ${loading ? 'pointer-events-none opacity-60' : ''} ${drag ? 'select-none' : ''}`}
      aria-busy={loading || undefined}
      inert={loading}
      // A day drawn ahead is this attribute away from shown: nothing inside changes on a switch (ADR 096).
      hidden={!shown}
      data-day-grid={shown ? 'shown' : 'ahead'}
      {...dragHandlers}
      {...blockEvents}
    >
      <div className="flex min-w-full">
        <div className="sticky left-0 z-20 w-14 shrink-0 border-r border-line bg-white" data-hour-scale>
          <div className="h-12 border-b border-line" />
          <div className="relative" style={{ height }}>
            {hourMarks.map((m) => (
              <span
                key={m}
                // The first hour's label sits under its line (centred on it, it was cut by the header).
                className={`absolute right-2 text-xs text-muted tabular-nums ${m === hours.startMinute ? 'translate-y-0.5' : '-translate-y-1/2'}`}
                style={{ top: `${((m - hours.startMinute) / (hours.endMinute - hours.startMinute)) * 100}%` }}
              >
                {hhmm(m)}
              </span>
            ))}
          </div>
        </div>
        {columns.map((col) => (
          <div
            key={col.id}
            className={`min-w-44 flex-1 border-r border-line last:border-r-0 ${col.id === shownColumn ? '' : 'max-sm:hidden'}`}
            {...(byResource ? { 'data-resource': col.name } : { 'data-professional': col.name })}
          >
            <div className="sticky top-0 z-10 flex h-12 items-center justify-center border-b border-line bg-white px-2 text-center text-sm font-semibold">
              {col.name}
            </div>
            <Column
              hours={hours}
              column={col}
              byResource={byResource}
              height={height}
              nowMinute={nowMinute}
              ghost={
                drag?.target?.columnId === col.id && dragged
                  ? { minute: drag.target.minute, length: dragged.endMinute - dragged.startMinute, name: dragged.clientName }
                  : null
              }
              onFree={handlers.onFree}
              onBlock={handlers.onBlock}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The appointment block an event comes from, by its `data-appointment-id`. */
const blockOf = (e: SyntheticEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId;

/**
 * The blocks' click (its details), context menu and Shift+F10 ("Mover…"): one handler each on the
 * grid instead of three per block, so a day switch creates 120 × 3 fewer closures and props (ADR 089).
 */
function useBlockEvents(onOpen: Handlers['onOpen'], onMenu: Handlers['onMenu']) {
  return useMemo(
    () => ({
      onClick: (e: MouseEvent) => {
        const id = blockOf(e);
        if (id) onOpen(id);
      },
      onContextMenu: (e: MouseEvent) => {
        const id = blockOf(e);
        if (!id) return;
        e.preventDefault();
        onMenu(id);
      },
      onKeyDown: (e: KeyboardEvent) => {
        const id = blockOf(e);
        if (!id || !(e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10'))) return;
        e.preventDefault();
        onMenu(id);
      },
    }),
    [onOpen, onMenu],
  );
}

/** The keyboard's way to a free place: a column is one focusable stop whose arrows walk its quarter hours. */
function useKeyboardCursor(hours: DayHours, column: GridColumn, nowMinute: number | null, onFree: Handlers['onFree']) {
  const [cursor, setCursor] = useState<number | null>(null);
  const clamp = (m: number) => Math.min(hours.endMinute - KEY_STEP, Math.max(hours.startMinute, m));
  const first = () => clamp(nowMinute !== null ? Math.ceil(nowMinute / KEY_STEP) * KEY_STEP : hours.startMinute);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const at = cursor ?? first();
    const moves: Record<string, number> = {
      ArrowDown: KEY_STEP,
      ArrowUp: -KEY_STEP,
      PageDown: 60,
      PageUp: -60,
      Home: -24 * 60,
      End: 24 * 60,
    };
    if (e.key in moves) {
      e.preventDefault();
      setCursor(clamp(at + moves[e.key]!));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onFree({ professionalId: column.professionalId, resourceId: column.resourceId, time: hhmm(at) });
    }
  };
  const busy =
    cursor !== null
      ? column.appointments.find((a) => a.startMinute <= cursor && cursor < a.endMinute && !a.status.startsWith('cancelled'))
      : undefined;
  const valueText = cursor === null ? undefined : `${hhmm(cursor)}${busy ? `, ocupada: ${busy.clientName}` : ', libre'}`;
  return { cursor, valueText, onKeyDown, onFocus: () => setCursor((c) => c ?? first()), onBlur: () => setCursor(null) };
}

// Memoised: a day switch reveals a day drawn ahead (only the grid's `hidden` changes, ADR 096) or redraws the old
// day dimmed, and the clock moves the "now" line each minute; none changes a column's appointments,
// so their blocks are not rendered again.
const Column = memo(function Column({
  hours,
  column,
  byResource,
  height,
  nowMinute,
  ghost,
  onFree,
  onBlock,
}: Pick<Handlers, 'onFree' | 'onBlock'> & {
  hours: DayHours;
  nowMinute: number | null;
  column: GridColumn;
  byResource: boolean;
  height: number;
  ghost: { minute: number; length: number; name: string } | null;
}) {
  const { off, appointments, absences } = column;
  const now = nowMinute !== null ? placeBlock(hours, nowMinute, nowMinute + 1) : null;
  const keys = useKeyboardCursor(hours, column, nowMinute, onFree);
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    onFree({
      professionalId: column.professionalId,
      resourceId: column.resourceId,
      time: hhmm(minuteAt(hours, (e.clientY - rect.top) / rect.height, KEY_STEP)),
    });
  };
  const cursor = keys.cursor !== null ? placeBlock(hours, keys.cursor, keys.cursor + KEY_STEP) : null;
  const ghostAt = ghost ? placeBlock(hours, ghost.minute, ghost.minute + ghost.length) : null;
  return (
    // The hour lines are the column's background, one every HOUR_PX from the top (the day starts on
    // a whole hour): 12 elements less per column on every day switch.
    <div
      className={`relative cursor-copy outline-none focus-visible:ring-3 focus-visible:ring-gold focus-visible:ring-inset ${HOUR_LINES}`}
      style={{ height, backgroundSize: `100% ${HOUR_PX}px` }}
      onClick={click}
      data-column={column.name}
      data-column-id={column.id}
      tabIndex={0}
      role="slider"
      aria-label={`Hora libre con ${column.name}: flechas para elegir la hora, Intro para una nueva cita`}
      aria-valuemin={hours.startMinute}
      aria-valuemax={hours.endMinute}
      aria-valuenow={keys.cursor ?? hours.startMinute}
      aria-valuetext={keys.valueText}
      onKeyDown={keys.onKeyDown}
      onFocus={keys.onFocus}
      onBlur={keys.onBlur}
    >
      {off.map(([from, to]) => {
        const place = placeBlock(hours, from, to);
        return place ? (
          <div
            key={`${from}-${to}`}
            className="pointer-events-none absolute inset-x-0 bg-[repeating-linear-gradient(135deg,#F3EEEA_0,#F3EEEA_6px,#FBF8F6_6px,#FBF8F6_12px)]"
            style={{ top: `${place.top}%`, height: `${place.height}%` }}
          />
        ) : null;
      })}
      {absences.map((x) => (
        <AbsenceBand key={x.id} hours={hours} absence={x} onBlock={onBlock} />
      ))}
      {now && (
        <div
          className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-brick"
          style={{ top: `${now.top}%` }}
          data-now-line
          aria-hidden
        />
      )}
      {cursor && (
        <div
          className="pointer-events-none absolute inset-x-1 z-[3] rounded-md border-2 border-gold bg-gold/10 px-2 text-xs font-semibold"
          style={{ top: `${cursor.top}%`, height: `${cursor.height}%` }}
          aria-hidden
        >
          {hhmm(keys.cursor!)}
        </div>
      )}
      {ghostAt && ghost && (
        <div
          className="pointer-events-none absolute inset-x-1 z-[4] rounded-lg border-2 border-dashed border-rose-700 bg-rose-100/80 px-2 py-0.5 text-xs font-semibold text-rose-800"
          style={{ top: `${ghostAt.top}%`, height: `${ghostAt.height}%` }}
          data-drop-ghost
          aria-hidden
        >
          {`${hhmm(ghost.minute)} ${ghost.name}`}
        </div>
      )}
      {appointments.map((a) => (
        <AppointmentBlock key={a.id} hours={hours} appointment={a} byResource={byResource} />
      ))}
    </div>
  );
});
