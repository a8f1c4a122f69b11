import { ComingSoon } from '../../../components/page-header';

export default function DashboardPage() {
  return <ComingSoon title="Dashboard">Aquí verás las citas de hoy y las cifras del día.</ComingSoon>;
}
