import { NavLink, Outlet, useNavigate } from 'react-router';
import { Link } from 'react-router';
import { Wordmark } from '../../components/logo';
import { useSession, useSignOut } from '../../api/session';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium transition-colors sm:px-4 ${isActive ? 'bg-rose-50 text-rose-800' : 'text-ink hover:bg-sand'}`;

/** Header (Inicio, Mis Citas, the role's own link, Salir) and footer of the client area (SPEC §2). */
export function MainLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#contenido" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2">
        Saltar al contenido
      </a>
      <header className="sticky top-0 z-30 border-b border-line/70 bg-ivory/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          <Link to="/" className="rounded-xl py-1" aria-label="Auna, inicio">
            <Wordmark />
          </Link>
          <nav aria-label="Principal" className="flex flex-wrap items-center gap-1">
            <NavLink to="/" end className={navClass}>
              Inicio
            </NavLink>
            <NavLink to="/my-appointments" className={navClass}>
              Mis Citas
            </NavLink>
            {user?.role === 'admin' && (
              <NavLink to="/admin/dashboard" className={navClass}>
                Dashboard
              </NavLink>
            )}
            {user?.role === 'receptionist' && (
              <NavLink to="/admin/day" className={navClass}>
                Agenda del salón
              </NavLink>
            )}
            {user?.role === 'employee' && (
              <NavLink to="/employee/agenda" className={navClass}>
                Mi Agenda
              </NavLink>
            )}
            <button
              type="button"
              className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-3 text-sm font-medium text-muted hover:bg-sand hover:text-ink sm:px-4"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              Salir
            </button>
          </nav>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so content arriving after the first paint never pushes it (layout shift). */}
      <main id="contenido" className="min-h-dvh flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-line/70 bg-sand/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-muted sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Auna · Estética y belleza. Todos los derechos reservados.</p>
          <p>Calle Mayor 12 · Reserva online 24 h</p>
        </div>
      </footer>
    </div>
  );
}
