import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullPageLoading } from '../components/loading';
import type { Role } from '../../domain/roles';
import { useSession } from '../api/session';
import { returnPathOf } from '../lib/return-to';
import { withAriaLocale } from './lazy-page';

// ADR 084: only a professional on her first-sign-in password ever loads it.
const FirstPasswordForm = lazy(withAriaLocale(() => import('../features/accounts/first-password-form')));

/**
 * A route group takes its allowed roles (SPEC §6): no session -> /login, another role -> /.
 * While the session loads it shows `loadingText` ('Cargando...', the admin group 'Cargando Auna...').
 */
export function RequireRole({ roles, loadingText = 'Cargando...', children }: { roles?: readonly Role[]; loadingText?: string; children?: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageLoading text={loadingText} />;
  if (!user) return <Navigate to="/login" replace />;
  // Her own password first (ADR 084): the server answers nothing else until then.
  if (user.mustChangePassword)
    return (
      <Suspense fallback={null}>
        <FirstPasswordForm />
      </Suspense>
    );
  if (roles && !roles.includes(user.role)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/**
 * /login, /signup, /forgot-password: a signed-in user is sent to / (SPEC §2), or, come from the
 * public page's "Confirmar", back to its confirmation step (ADR 078): this redirect and the form's
 * own after signing in or up must agree, as whichever runs first wins.
 */
export function LoggedOutOnly() {
  const { user, loading } = useSession();
  const [params] = useSearchParams();
  if (loading) return <FullPageLoading text="Cargando..." />;
  if (user) return <Navigate to={returnPathOf(params) ?? '/'} replace />;
  return <Outlet />;
}
