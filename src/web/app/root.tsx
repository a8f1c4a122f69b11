import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { AppRoutes } from './router';

// sonner's Toaster is not part of any first view: only the back office and the agenda raise
// toasts, and they import `toast` themselves. The Toaster mounts once the first view is done
// (or at once in those areas); sonner replays toasts raised before it subscribed, so none is lost.
const Toaster = lazy(() => import('./toaster'));

function useToasterWanted(): boolean {
  // (false on the server, which renders only client pages: entry-server.tsx)
  const [wanted, setWanted] = useState(() => typeof window !== 'undefined' && /^\/(admin|employee)(\/|$)/.test(window.location.pathname));
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(want, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(want, 2000);
    return () => clearTimeout(id);
  }, [wanted]);
  return wanted;
}

/** Lets React Aria links and buttons navigate through React Router, in Spanish. */
export function Root() {
  const navigate = useNavigate();
  const toaster = useToasterWanted();
  return (
    <I18nProvider locale="es-ES">
      <AriaRouterProvider navigate={navigate} useHref={useHref}>
        <AppRoutes />
        {toaster && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </AriaRouterProvider>
    </I18nProvider>
  );
}
