import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { RevenueSection, ServicesSection } from './money-sections';
import { OccupancySection } from './occupancy-section';
import { AttendanceSection, ClientsSection } from './people-sections';
import { PeriodControls, useSelection } from './period-controls';

/**
 * /admin/informes — the owner's reports (ADR 042): for a period and optionally one
 * professional, what the salon made, how full it was, who did not come, what sells and which
 * clients come back. Each chart has its table and its CSV. Chart.js loads with this page only.
 */
export default function ReportsPage() {
  const [selection, update] = useSelection();
  const p = selection.params;
  return (
    <div>
      <PageHeader title="Informes" subtitle="Cómo va el salón, de un vistazo." />
      <PeriodControls selection={selection} update={update} />
      {!p ? (
        <div className="mt-6">
          <Alert tone="info">Elige la fecha de inicio y la de fin del periodo.</Alert>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2" key={JSON.stringify(p)}>
          <RevenueSection params={p} />
          <OccupancySection params={p} />
          <AttendanceSection params={p} />
          <ServicesSection params={p} />
          <ClientsSection params={p} lostDays={selection.lostDays} onLostDays={(d) => update({ dias: d })} />
        </div>
      )}
    </div>
  );
}
