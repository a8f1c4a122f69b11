import { useQuery } from '@tanstack/react-query';
import { sumEuros } from '../../../domain/money';
import { bucketLabel } from '../../../domain/reports';
import { revenueTables, servicesTables } from '../../../domain/report-tables';
import { formatEuros } from '../../lib/format';
import { reportCsvUrl, revenueQuery, servicesReportQuery, type ReportParams } from '../../api/reports';
import { Bars, COLORS } from './charts';
import { ReportCard } from './report-card';
import { Pending } from './pending';

// Ingresos and Servicios (ADR 042): what the salon made, from whom, how it was paid, what sells.

const euros = (v: number) => formatEuros(v).replace(',00', '');

export function RevenueSection({ params }: { params: ReportParams }) {
  const q = useQuery(revenueQuery(params));
  if (!q.data) return <Pending title="Ingresos" query={q} />;
  const t = revenueTables(q.data);
  const total = sumEuros(q.data.byBucket.map((b) => b.revenue));
  return (
    <>
      <ReportCard
        title="Ingresos"
        wide
        note={
          <>
            Citas completadas a su precio: <strong className="text-ink tabular-nums" data-testid="revenue-total">{formatEuros(total)}</strong>. «Cobrado» es lo registrado en
            caja ese día.
          </>
        }
        chart={
          <Bars
            data={q.data.byBucket.map((b) => ({ label: bucketLabel(b.key), revenue: b.revenue, taken: b.taken }))}
            x="label"
            series={[
              { key: 'revenue', label: 'Ingresos por citas', color: COLORS.rose },
              { key: 'taken', label: 'Cobrado', color: COLORS.gold },
            ]}
            format={euros}
          />
        }
        tables={[{ table: t['ingresos-periodo'], csv: reportCsvUrl('ingresos-periodo', params) }]}
      />
      <ReportCard
        title="Ingresos por profesional"
        chart={q.data.byProfessional.length > 0 && <Bars data={q.data.byProfessional} x="name" series={[{ key: 'revenue', label: 'Ingresos', color: COLORS.rose }]} format={euros} horizontal />}
        tables={[{ table: t['ingresos-profesional'], csv: reportCsvUrl('ingresos-profesional', params), open: true }]}
      />
      <ReportCard
        title="Cobros y ventas"
        note="Lo cobrado por método de pago, y los bonos y tarjetas regalo vendidos (del salón, no de una profesional)."
        tables={[
          { table: t['cobros-metodo'], csv: reportCsvUrl('cobros-metodo', params), open: true },
          { table: t.ventas, csv: reportCsvUrl('ventas', params), open: true },
        ]}
      />
    </>
  );
}

export function ServicesSection({ params }: { params: ReportParams }) {
  const q = useQuery(servicesReportQuery(params));
  if (!q.data) return <Pending title="Servicios" query={q} />;
  const top = q.data.services.slice(0, 10);
  return (
    <ReportCard
      title="Servicios que más venden"
      note="Por ingresos de las citas completadas; la tabla tiene todos."
      chart={top.length > 0 && <Bars data={top} x="name" series={[{ key: 'revenue', label: 'Ingresos', color: COLORS.sage }]} format={euros} horizontal />}
      tables={[{ table: servicesTables(q.data).servicios, csv: reportCsvUrl('servicios', params) }]}
    />
  );
}
