import { useQueries } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, type ComponentProps } from 'react';
import type { SalonDay } from '../../api/front-desk';
import { salonDayQuery } from '../../api/front-desk';
import { todayInSalon } from '../../lib/salon-today';
import { useIdleValue } from '../../lib/use-idle-value';
import { gridColumns } from './day-columns';
import { DayGrid } from './day-grid';
import { dayHours, daysDrawn, minuteOf } from './day-layout';

// The day view's grids (ADR 096): the day shown, and the days either side drawn ahead once the
// browser is idle, each a whole grid with the `hidden` attribute. "Día anterior" and "Día siguiente"
// then take one attribute off a grid already built and put it on another: no block is created, no
// column rendered again, and no subtree walked, where React's <Activity> (used before) reconnected
// and disconnected every effect of both days in the click's task (docs/benchmarks.md, "Salon day
// view"). A hidden grid has no keyboard stops and no hit area (display: none); what finds the grid
// (tests) looks inside `[data-day-grid="shown"]`.

type GridHandlers = Pick<ComponentProps<typeof DayGrid>, 'onFree' | 'onOpen' | 'onMenu' | 'onBlock' | 'startOf' | 'onDrop'>;

type PaneProps = GridHandlers & {
  date: string;
  data: SalonDay | undefined;
  shown: boolean;
  /** The shown day's answer is the day before's while it loads: drawn dimmed and inert. */
  loading: boolean;
  byResource: boolean;
  /** The column a phone shows, if the desk chose one ('' for the first). */
  phoneColumn: string;
  /** The clock, for the "now" line (a new value each minute). */
  nowMs: number;
};

/** One day's grid: its hours and columns worked out from its answer. */
const DayPane = memo(function DayPane({ date, data: latest, shown, loading, byResource, phoneColumn, nowMs, ...handlers }: PaneProps) {
  // A day drawn ahead is drawn, and takes a new answer, in a background render that yields to the
  // desk's clicks (a transition), as <Activity mode="hidden"> did: it mounts empty (`null`) and fills
  // in after. The day shown takes its answer at once.
  const deferred = useDeferredValue<SalonDay | undefined | null>(latest, null);
  const data = shown ? latest : (deferred ?? undefined);
  const professionals = useMemo(() => (data?.professionals ?? []).filter((p) => p.userId), [data]);
  const hours = useMemo(() => dayHours(professionals.map((p) => p.day)), [professionals]);
  const columns = useMemo(() => gridColumns(data, professionals, hours, byResource), [byResource, data, professionals, hours]);
  if (!data) return null;
  if (columns.length === 0)
    return shown ? (
      <p className="text-muted">
        {byResource ? 'No hay cabinas ni aparatos activos.' : 'No hay profesionales activos con cuenta para este día.'}
      </p>
    ) : null;
  const shownColumn = phoneColumn && columns.some((c) => c.id === phoneColumn) ? phoneColumn : columns[0]!.id;
  return (
    <DayGrid
      shown={shown}
      loading={loading}
      hours={hours}
      columns={columns}
      shownColumn={shownColumn}
      byResource={byResource}
      interval={data.interval}
      nowMinute={date === todayInSalon(nowMs) ? minuteOf(new Date(nowMs)) : null}
      {...handlers}
    />
  );
});

/**
 * The grid of `day` (its answer `data`, the page's: the day before's while it loads) and, hidden, the
 * grids of the days either side of the day shown a moment ago: they follow the shown day in an idle
 * moment, so a switch to a day drawn ahead only reveals it. Their answers come from the query cache
 * (the page fetches them ahead, ADR 043); these observers never fetch.
 */
export function DayPanes({ day, data, ...pane }: Omit<PaneProps, 'date' | 'shown'> & { day: string }) {
  const around = useIdleValue(day);
  const dates = useMemo(() => daysDrawn(day, around), [day, around]);
  // Every day drawn but the one shown, read from the cache (`enabled: false`: never fetched here).
  const cached = useQueries({
    queries: dates.map((d) => ({ ...salonDayQuery(d), enabled: false, placeholderData: undefined })),
  });
  return (
    <>
      {dates.map((d, i) => {
        const shown = d === day;
        return <DayPane key={d} date={d} data={shown ? data : cached[i]?.data} shown={shown} {...pane} loading={shown && pane.loading} />;
      })}
    </>
  );
}
