import { Navigate } from 'react-router';
import { homeOf, useSession } from '../../app/session';
import { ComingSoon } from '../../components/page-header';

/** Admins and employees start in their own portals (SPEC §2 Home); clients see the salon. */
export default function HomePage() {
  const { user } = useSession();
  if (user && user.role !== 'client') return <Navigate to={homeOf(user.role)} replace />;
  return <ComingSoon title="Inicio">Aquí verás nuestros tratamientos destacados y podrás reservar.</ComingSoon>;
}
