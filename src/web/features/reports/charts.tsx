import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

// The Informes' charts (ADR 042: Chart.js 4 through react-chartjs-2, registered piece by piece so
// only bars, lines, two scales, the tooltip and the legend ship, in this page's lazy chunk only).
// Drawn in the salon's palette (DESIGN.md); they fill their card's width and redraw when it changes,
// so a phone gets the same chart narrower. A canvas is a picture: its numbers are in the table
// under it (report-card.tsx), and the wrapper names the picture.

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);
Chart.defaults.font.family = "'DM Sans Variable', system-ui, sans-serif";
Chart.defaults.color = '#6F6266';

export const COLORS = { rose: '#B5727D', gold: '#C8A26B', sage: '#5E8C6A', brick: '#B04A3F', plum: '#854D58', muted: '#6F6266' } as const;

export type Series = { key: string; label: string; color: string };
type Row = Record<string, string | number | null>;
const GRID = '#E8DFD8';

function options(format: (v: number) => string, horizontal: boolean, legend: boolean, stacked = false): ChartOptions<'bar' | 'line'> {
  const value = { stacked, grid: { color: GRID }, border: { display: false }, ticks: { precision: 0, callback: (v: string | number) => format(Number(v)) }, beginAtZero: true };
  const category = { stacked, grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    scales: horizontal ? { x: value, y: category } : { x: category, y: value },
    plugins: {
      legend: { display: legend, position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
      tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${format(Number(c.parsed[horizontal ? 'x' : 'y']))}` } },
    },
  };
}

/** Bars over categories: vertical bars over time, or horizontal ones for names (professionals, services). */
export function Bars({ data, x, series, format, horizontal = false, stacked = false }: { data: Row[]; x: string; series: Series[]; format: (v: number) => string; horizontal?: boolean; stacked?: boolean }) {
  const height = horizontal ? Math.max(140, data.length * (series.length > 1 ? 48 : 34) + 50) : 260;
  return (
    <div style={{ position: 'relative', height }} data-chart="bars" data-points={data.length}>
      <Bar
        data={{
          labels: data.map((d) => String(d[x] ?? '')),
          datasets: series.map((s) => ({ label: s.label, data: data.map((d) => Number(d[s.key] ?? 0)), backgroundColor: s.color, borderRadius: stacked ? 0 : 4, maxBarThickness: 40 })),
        }}
        options={options(format, horizontal, series.length > 1, stacked) as ChartOptions<'bar'>}
      />
    </div>
  );
}

/** Rates over time, one line each (a gap where there was nothing to divide). */
export function Lines({ data, x, series, format }: { data: Row[]; x: string; series: Series[]; format: (v: number) => string }) {
  return (
    <div style={{ position: 'relative', height: 240 }} data-chart="lines" data-points={data.length}>
      <Line
        data={{
          labels: data.map((d) => String(d[x] ?? '')),
          datasets: series.map((s) => ({
            label: s.label,
            data: data.map((d) => (d[s.key] === null ? null : Number(d[s.key]))),
            borderColor: s.color,
            backgroundColor: s.color,
            borderWidth: 2,
            pointRadius: data.length <= 12 ? 3 : 0,
            tension: 0.3,
            spanGaps: true,
          })),
        }}
        options={options(format, false, true) as ChartOptions<'line'>}
      />
    </div>
  );
}
