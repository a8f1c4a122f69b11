import { ComingSoon } from '../../../components/page-header';

export default function ServicesAdminPage() {
  return <ComingSoon title="Gestionar Servicios">Aquí gestionarás los servicios.</ComingSoon>;
}
