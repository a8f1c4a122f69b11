import { useQuery } from '@tanstack/react-query';
import { occupancyTables } from '../../../domain/report-tables';
import { occupancyPercent } from '../../../domain/reports';
import { occupancyQuery, reportCsvUrl, type ReportParams } from '../../api/reports';
import { Bars, COLORS } from './charts';
import { ReportCard } from './report-card';
import { Pending } from './pending';

// Ocupación (ADR 042): booked over available time, per professional, per cabin or machine, and the
// weekday × hour map, which is itself the table (each cell tinted by its figure).

// Tints of the brand rose, each with a text colour that keeps WCAG AA contrast on it.
const HEAT = [
  { below: 0.2, bg: '#F8EEF0', fg: '#2E2327' },
  { below: 0.4, bg: '#F1DDE1', fg: '#2E2327' },
  { below: 0.6, bg: '#E6C3CA', fg: '#2E2327' },
  { below: 0.8, bg: '#D9A7B0', fg: '#2E2327' },
  { below: Infinity, bg: '#854D58', fg: '#FFFFFF' },
];
const pct = (v: number) => `${Math.round(v)} %`;
const asPercent = (rows: Array<{ name: string; available: number; booked: number }>) => rows.map((r) => ({ name: r.name, ocupacion: occupancyPercent(r.booked, r.available) ?? 0 }));

export function OccupancySection({ params }: { params: ReportParams }) {
  const q = useQuery(occupancyQuery(params));
  if (!q.data) return <Pending title="Ocupación" query={q} />;
  const t = occupancyTables(q.data);
  const heat = t['ocupacion-horas'];
  return (
    <>
      <ReportCard
        title="Ocupación"
        wide
        note="Tiempo reservado (citas confirmadas y completadas, con su preparación y limpieza) sobre el disponible: horario semanal dentro del horario del salón, menos cierres, ausencias y descansos."
        chart={q.data.byProfessional.length > 0 && <Bars data={asPercent(q.data.byProfessional)} x="name" series={[{ key: 'ocupacion', label: 'Ocupación', color: COLORS.rose }]} format={pct} horizontal />}
        tables={[{ table: t['ocupacion-profesional'], csv: reportCsvUrl('ocupacion-profesional', params), open: true }]}
      />
      {q.data.byResource.length > 0 && (
        <ReportCard
          title="Cabinas y aparatos"
          note="Disponibles en el horario del salón, menos su mantenimiento. De todo el salón."
          chart={<Bars data={asPercent(q.data.byResource)} x="name" series={[{ key: 'ocupacion', label: 'Ocupación', color: COLORS.gold }]} format={pct} horizontal />}
          tables={[{ table: t['ocupacion-cabinas'], csv: reportCsvUrl('ocupacion-cabinas', params), open: true }]}
        />
      )}
      <ReportCard
        title="Ocupación por día y hora"
        wide
        note="Cuanto más oscuro, más lleno. Las horas sin nadie disponible muestran «—»."
        tables={[
          {
            table: heat,
            csv: reportCsvUrl('ocupacion-horas', params),
            open: true,
            cell: (r, c, text) => {
              const v = heat.rows[r]![c];
              if (c === 0 || typeof v !== 'number') return text;
              const tint = HEAT.find((h) => v < h.below) ?? HEAT[HEAT.length - 1]!;
              return (
                <span className="block rounded-md px-1.5 py-1" style={{ background: tint.bg, color: tint.fg }}>
                  {text}
                </span>
              );
            },
          },
        ]}
      />
    </>
  );
}
