import { ComingSoon } from '../../../components/page-header';

export default function EmployeesAdminPage() {
  return <ComingSoon title="Gestionar Empleados">Aquí gestionarás el equipo.</ComingSoon>;
}
