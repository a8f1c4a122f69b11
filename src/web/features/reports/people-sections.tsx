import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { attendanceTables, clientsTables } from '../../../domain/report-tables';
import { bucketLabel, LOST_CLIENTS_MAX, LOST_DAYS_DEFAULT, percentOf } from '../../../domain/reports';
import { attendanceQuery, clientsReportQuery, reportCsvUrl, type ReportParams } from '../../api/reports';
import { chevron, selectClass } from '../../components/select-class';
import { Bars, COLORS, Lines } from './charts';
import { LOST_DAY_CHOICES } from './period-controls';
import { ReportCard } from './report-card';
import { Pending } from './pending';

// Ausencias y cancelaciones, Clientes (ADR 042): who did not come, who cancelled, who is new, who
// comes back and who stopped coming.

const DEFAULT_DAYS = String(LOST_DAYS_DEFAULT);
const pct = (v: number) => `${Math.round(v * 10) / 10} %`;

export function AttendanceSection({ params }: { params: ReportParams }) {
  const q = useQuery(attendanceQuery(params));
  if (!q.data) return <Pending title="Ausencias y cancelaciones" query={q} />;
  const data = q.data.byBucket.map((b) => ({
    label: bucketLabel(b.key),
    noShow: percentOf(b.noShow, b.total),
    byClient: percentOf(b.cancelledByClient, b.total),
    bySalon: percentOf(b.cancelledBySalon, b.total),
  }));
  return (
    <ReportCard
      title="Ausencias y cancelaciones"
      wide
      note="Sobre todas las citas de cada periodo. Quién canceló lo dice el estado de la cita."
      chart={
        <Lines
          data={data}
          x="label"
          series={[
            { key: 'noShow', label: 'No asistió', color: COLORS.brick },
            { key: 'byClient', label: 'Canceladas por el cliente', color: COLORS.gold },
            { key: 'bySalon', label: 'Canceladas por el salón', color: COLORS.plum },
          ]}
          format={pct}
        />
      }
      tables={[{ table: attendanceTables(q.data).asistencia, csv: reportCsvUrl('asistencia', params) }]}
    />
  );
}

export function ClientsSection({ params: period, lostDays, onLostDays }: { params: ReportParams; lostDays: string; onLostDays: (days: string) => void }) {
  const params = lostDays ? { ...period, days: lostDays } : period;
  const q = useQuery(clientsReportQuery(params));
  if (!q.data) return <Pending title="Clientes" query={q} />;
  const t = clientsTables(q.data);
  const lost = q.data.lost.clients;
  return (
    <>
      <ReportCard
        title="Clientes nuevos y que repiten"
        note="Por mes, con al menos una cita completada. Es del salón: no cambia con la profesional elegida."
        chart={
          <Bars
            data={q.data.byBucket.map((b) => ({ label: bucketLabel(b.key), newClients: b.newClients, returning: b.returning }))}
            x="label"
            series={[
              { key: 'newClients', label: 'Nuevos', color: COLORS.gold },
              { key: 'returning', label: 'Repiten', color: COLORS.sage },
            ]}
            format={(v) => String(v)}
            stacked
          />
        }
        tables={[{ table: t['clientes-nuevos'], csv: reportCsvUrl('clientes-nuevos', params) }]}
      />
      <ReportCard
        title="Clientes que no vuelven"
        action={
          <label className="flex items-center gap-2 text-sm font-medium whitespace-nowrap">
            Sin venir más de
            <select className={`${selectClass} w-auto`} style={chevron} value={lostDays || DEFAULT_DAYS} onChange={(e) => onLostDays(e.target.value === DEFAULT_DAYS ? '' : e.target.value)}>
              {LOST_DAY_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {d} días
                </option>
              ))}
            </select>
          </label>
        }
        note={`Sin visita en más de ${q.data.lost.days} días y sin cita reservada. Los ${lost.length === LOST_CLIENTS_MAX ? `${LOST_CLIENTS_MAX} más recientes` : lost.length}; llámalas desde su ficha.`}
        tables={[
          {
            table: t['clientes-perdidos'],
            csv: reportCsvUrl('clientes-perdidos', params),
            open: true,
            cell: (r, c, text) => {
              const client = lost[r]!;
              if (c === 0) return <Link to={`/admin/clients/${client.id}`} className="font-medium text-rose-700 underline-offset-4 hover:underline">{text}</Link>;
              if (c === 1 && client.phone) return <a href={`tel:${client.phone}`} className="underline-offset-4 hover:underline">{text}</a>;
              return text;
            },
          },
        ]}
      />
    </>
  );
}
