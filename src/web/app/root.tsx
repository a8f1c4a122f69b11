import { lazy, Suspense, useState } from 'react';
import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components';
import { useHref, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from './router';

// sonner's Toaster is not part of any client page: only the back office and the agenda raise
// toasts, and they import `toast` themselves. The Toaster mounts when the app first enters those
// areas and stays; sonner replays toasts raised before it subscribed, so none is lost. A client
// never downloads or renders it (it used to mount on idle after every first view: ~10 KB and a
// render on the phone's main thread for nothing; docs/decisions/014-first-view-rendered-on-the-server.md).
const Toaster = lazy(() => import('./toaster'));
const STAFF_AREA = /^\/(admin|employee)(\/|$)/;

function useToasterWanted(): boolean {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  if (!wanted && STAFF_AREA.test(pathname)) setWanted(true);
  return wanted || STAFF_AREA.test(pathname);
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
