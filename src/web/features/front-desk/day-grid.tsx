import { memo, useMemo, type MouseEvent } from 'react';
import type { DayAppointment } from '../../api/front-desk';
import { ConsentMissingBadge } from '../../components/consent-status';
import { bufferBands, hhmm, minuteAt, placeBlock, type DayHours } from './day-layout';

// The day view's grid (docs/decisions/018-salon-day-view.md): an hour scale, a column per
// professional (or per cabin and machine, ADR 036) with its off hours shaded and a line at "now",
// the appointments as blocks with their preparation and cleaning shaded around them.

/**
 * A column: a professional (a click on free time books with them) or a resource (a click books at
 * that time with anyone); its off stretches shaded; the appointments in it.
 */
export type GridColumn = {
  id: string;
  name: string;
  professionalId?: string;
  off: Array<[number, number]>;
  appointments: DayAppointment[];
};

const HOUR_PX = 88;
const HOUR_LINES = 'bg-[linear-gradient(to_bottom,color-mix(in_oklab,var(--color-line)_60%,transparent)_1px,transparent_1px)]';
const BLOCK_TONES: Record<string, string> = {
  confirmed: 'border-rose-500 bg-rose-50 text-rose-800',
  completed: 'border-sage bg-sage-100 text-sage-800',
  no_show: 'border-amber-800/40 bg-amber-100 text-amber-800',
  cancelled_by_client: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
  cancelled_by_salon: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
};
const STATUS_SHORT: Record<string, string> = {
  confirmed: 'Confirmada',
  completed: 'Completada',
  no_show: 'No asistió',
  cancelled_by_client: 'Cancelada',
  cancelled_by_salon: 'Cancelada',
};

export function DayGrid({
  loading,
  hours,
  columns,
  shownColumn,
  byResource,
  interval,
  nowMinute,
  onFree,
  onOpen,
}: {
  loading: boolean;
  hours: DayHours;
  columns: GridColumn[];
  /** The one column a phone shows. */
  shownColumn: string;
  /** Columns are resources: the blocks name the professional. */
  byResource: boolean;
  interval: number;
  nowMinute: number | null;
  onFree: (professionalId: string | undefined, time: string) => void;
  onOpen: (id: string) => void;
}) {
  const height = ((hours.endMinute - hours.startMinute) / 60) * HOUR_PX;
  // One array per day's hours, so the memoised columns see the same one on every render.
  const hourMarks = useMemo(() => {
    const marks: number[] = [];
    for (let m = hours.startMinute; m < hours.endMinute; m += 60) marks.push(m);
    return marks;
  }, [hours]);
  return (
    <div
      className={`overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-opacity ${loading ? 'pointer-events-none opacity-60' : ''}`}
      aria-busy={loading || undefined}
      inert={loading}
    >
      <div className="flex min-w-full">
        <div className="sticky left-0 z-20 w-14 shrink-0 border-r border-line bg-white">
          <div className="h-12 border-b border-line" />
          <div className="relative" style={{ height }}>
            {hourMarks.map((m) => (
              <span
                key={m}
                className="absolute right-2 -translate-y-1/2 text-xs text-muted tabular-nums"
                style={{ top: `${((m - hours.startMinute) / (hours.endMinute - hours.startMinute)) * 100}%` }}
              >
                {m === hours.startMinute ? '' : hhmm(m)}
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
              interval={interval}
              nowMinute={nowMinute}
              onFree={onFree}
              onOpen={onOpen}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

// Memoised: a day switch first redraws the old day dimmed and the clock moves the "now" line each
// minute; neither changes a column's appointments, so their blocks are not rendered again.
const Column = memo(function Column({
  hours,
  column,
  byResource,
  height,
  interval,
  nowMinute,
  onFree,
  onOpen,
}: {
  hours: DayHours;
  nowMinute: number | null;
  column: GridColumn;
  byResource: boolean;
  height: number;
  interval: number;
  onFree: (professionalId: string | undefined, time: string) => void;
  onOpen: (id: string) => void;
}) {
  const { off, appointments } = column;
  const now = nowMinute !== null ? placeBlock(hours, nowMinute, nowMinute + 1) : null;
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    onFree(column.professionalId, hhmm(minuteAt(hours, (e.clientY - rect.top) / rect.height, interval)));
  };
  return (
    // The hour lines are the column's background, one every HOUR_PX from the top (the day starts on
    // a whole hour): 12 elements less per column on every day switch.
    <div className={`relative cursor-copy ${HOUR_LINES}`} style={{ height, backgroundSize: `100% ${HOUR_PX}px` }} onClick={click} role="presentation" data-column={column.name}>
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
      {now && (
        <div
          className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-brick"
          style={{ top: `${now.top}%` }}
          data-now-line
          aria-hidden
        />
      )}
      {appointments.map((a) => (
        <AppointmentBlock key={a.id} hours={hours} appointment={a} byResource={byResource} onOpen={onOpen} />
      ))}
    </div>
  );
});

/**
 * An appointment in its column, sized by its duration; a click opens it. Its preparation and
 * cleaning are shaded bands outside the block (the professional and the cabin are held, the client
 * is not told them); a cancelled one holds nothing and has none.
 */
const AppointmentBlock = memo(function AppointmentBlock({
  hours,
  appointment: a,
  byResource,
  onOpen,
}: {
  hours: DayHours;
  appointment: DayAppointment;
  byResource: boolean;
  onOpen: (id: string) => void;
}) {
  const { startMinute, endMinute } = a;
  const place = placeBlock(hours, startMinute, endMinute);
  if (!place) return null;
  const label = hhmm(startMinute);
  const cancelled = a.status.startsWith('cancelled');
  const bands = cancelled ? [] : bufferBands(startMinute, endMinute, a.prepMinutes, a.cleanupMinutes);
  const who = byResource ? `${a.clientName} · ${a.employeeName}` : a.clientName;
  return (
    <>
      {bands.map((b) => {
        const at = placeBlock(hours, b.fromMinute, b.toMinute);
        return at ? (
          <div
            key={b.kind}
            role="img"
            aria-label={`${b.label}, ${a.clientName}`}
            title={b.label}
            data-buffer={b.kind}
            className="pointer-events-none absolute inset-x-1 z-[1] rounded-sm border border-dashed border-rose-300 bg-[repeating-linear-gradient(45deg,#F6E3E1_0,#F6E3E1_4px,#FFFFFF_4px,#FFFFFF_8px)]"
            style={{ top: `${at.top}%`, height: `${at.height}%` }}
          />
        ) : null;
      })}
      <button
        type="button"
        onClick={() => onOpen(a.id)}
        className={`absolute flex flex-col justify-start overflow-hidden rounded-lg border-l-4 px-2 py-1 text-left text-xs shadow-sm transition hover:brightness-95 ${BLOCK_TONES[a.status] ?? BLOCK_TONES.confirmed} ${cancelled ? 'right-1 left-8 opacity-70' : 'inset-x-1'}`}
        style={{ top: `${place.top}%`, height: `${place.height}%`, zIndex: cancelled ? 1 : 2 }}
        aria-label={`${label} ${who}, ${a.serviceName}, ${STATUS_SHORT[a.status] ?? a.status}${a.consentMissing ? ', Falta consentimiento' : ''}`}
      >
        {/* The lines in one text node (the first in bold, each cut with an ellipsis): a span per line
            made eight nodes per block instead of two for each day switch to create (docs/benchmarks.md). */}
        <span className="block overflow-hidden text-ellipsis whitespace-pre first-line:font-semibold">
          {`${label} ${a.clientName}\n${byResource ? `${a.employeeName}\n` : ''}${a.serviceName}\n${STATUS_SHORT[a.status] ?? a.status}`}
        </span>
        {/* The consent's mark (ADR 041): in the block's corner, out of the lines' flow (a short block keeps its name). */}
        {a.consentMissing && <ConsentMissingBadge compact />}
      </button>
    </>
  );
});
