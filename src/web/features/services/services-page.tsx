import { ComingSoon } from '../../components/page-header';

export default function ServicesPage() {
  return <ComingSoon title="Nuestros Servicios">Aquí aparecerán los servicios del salón.</ComingSoon>;
}
