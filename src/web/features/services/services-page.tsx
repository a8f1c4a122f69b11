import { useQuery } from '@tanstack/react-query';
import { activeServicesQuery } from '../../api/catalog';
import { ServicesList } from '../../components/services-list';

/** /services: the same list as the home page, as the page's main heading (SPEC §2 Services list). */
export default function ServicesPage() {
  const services = useQuery(activeServicesQuery());
  return <ServicesList services={services} headingLevel="h1" intro="Elige un tratamiento y reserva con tu profesional de confianza en menos de un minuto." />;
}
