import { ComingSoon } from '../../../components/page-header';

export default function AppointmentsAdminPage() {
  return <ComingSoon title="Gestionar Citas">Aquí gestionarás todas las citas.</ComingSoon>;
}
