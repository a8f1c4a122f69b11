import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
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

/**
 * The app. React Aria's Spanish locale is set around each page and layout (app/aria-locale.tsx), not
 * here. (No React Aria component links inside the app: in-app links are React Router's, so no RouterProvider.)
 */
export function Root() {
  const toaster = useToasterWanted();
  return (
    <>
      <AppRoutes />
      {toaster && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
