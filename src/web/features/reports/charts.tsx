import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The Informes' charts (ADR 042: recharts 3, in this page's lazy chunk only). Drawn in the salon's
// palette (DESIGN.md); they fill their card's width, so a phone gets the same chart narrower. Each
// is a picture: its numbers are in the table under it (report-card.tsx), so recharts' own keyboard
// layer is off and the wrapper names the picture.

export const COLORS = { rose: '#B5727D', gold: '#C8A26B', sage: '#5E8C6A', brick: '#B04A3F', plum: '#854D58', muted: '#6F6266' } as const;

export type Series = { key: string; label: string; color: string };
type Row = Record<string, string | number | null>;
const GRID = '#E8DFD8';
const TICK = { fill: COLORS.muted, fontSize: 12 };

/** Bars over categories: vertical bars over time, or horizontal ones for names (professionals, services). */
export function Bars({ data, x, series, format, horizontal = false, stacked = false }: { data: Row[]; x: string; series: Series[]; format: (v: number) => string; horizontal?: boolean; stacked?: boolean }) {
  const height = horizontal ? Math.max(160, data.length * (series.length > 1 ? 56 : 40) + 60) : 260;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={format} tick={TICK} stroke={GRID} />
            <YAxis type="category" dataKey={x} width={112} tick={TICK} stroke={GRID} />
          </>
        ) : (
          <>
            <XAxis dataKey={x} tick={TICK} stroke={GRID} minTickGap={8} />
            <YAxis tickFormatter={format} tick={TICK} stroke={GRID} width={64} />
          </>
        )}
        <Tooltip formatter={(v) => format(Number(v))} cursor={{ fill: '#F8EEF0' }} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} />}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={stacked ? 'all' : undefined} radius={stacked ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Rates over time, one line each. */
export function Lines({ data, x, series, format }: { data: Row[]; x: string; series: Series[]; format: (v: number) => string }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x} tick={TICK} stroke={GRID} minTickGap={8} />
        <YAxis tickFormatter={format} tick={TICK} stroke={GRID} width={52} />
        <Tooltip formatter={(v) => format(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={data.length <= 12} connectNulls isAnimationActive={false} type="monotone" />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
