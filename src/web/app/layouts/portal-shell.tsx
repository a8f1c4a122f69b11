import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { Wordmark } from '../../components/logo';
import { useSignOut } from '../../api/session';

/**
 * Sidebar + content frame of the employee portal and the back office. On a wide screen the sidebar
 * is as tall as the window and scrolls by itself: the back office's menu (twelve entries and the
 * footer) is taller than a laptop's window, and "Cerrar Sesión" must stay reachable.
 */
export function PortalShell({ nav, footer, extra }: { nav: ReactNode; footer: ReactNode; extra?: ReactNode }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[17rem_1fr]">
      <aside className="border-b border-line bg-white/80 px-4 py-3 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:overflow-y-auto lg:border-r lg:border-b-0 lg:px-5 lg:py-6">
        <div className="flex items-center justify-between gap-3 lg:mb-8">
          <Link to="/" className="rounded-xl py-1" aria-label="Auna, inicio">
            <Wordmark />
          </Link>
        </div>
        <div className="mt-3 lg:mt-0 lg:flex-1">{nav}</div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 lg:mt-6 lg:block lg:space-y-3 lg:pt-5">
          {extra}
          <div className="min-w-0 text-sm">{footer}</div>
          <button
            type="button"
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-sand hover:text-ink"
            onClick={async () => {
              await signOut();
              navigate('/login', { replace: true });
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Cerrar Sesión
          </button>
        </div>
      </aside>
      <main id="contenido" className="min-w-0 px-4 py-6 sm:px-8 lg:py-10">
        <Outlet />
      </main>
    </div>
  );
}
