import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoading } from '../components/loading';
import type { Role } from '../../domain/roles';
import { useSession } from '../api/session';

/**
 * A route group takes its allowed roles (SPEC §6): no session -> /login, another role -> /.
 * While the session loads it shows `loadingText` ('Cargando...', the admin group 'Cargando Auna...').
 */
export function RequireRole({ roles, loadingText = 'Cargando...', children }: { roles?: readonly Role[]; loadingText?: string; children?: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageLoading text={loadingText} />;
  if (!user) return <Navigate to="/login" replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** /login, /signup, /forgot-password: a signed-in user is sent to / (SPEC §2). */
export function LoggedOutOnly() {
  const { user, loading } = useSession();
  if (loading) return <FullPageLoading text="Cargando..." />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
