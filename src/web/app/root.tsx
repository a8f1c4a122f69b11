import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate } from 'react-router';
import { Toaster } from 'sonner';

/** Lets React Aria links and buttons navigate through React Router, in Spanish. */
export function Root() {
  const navigate = useNavigate();
  return (
    <I18nProvider locale="es-ES">
      <AriaRouterProvider navigate={navigate} useHref={useHref}>
        <Outlet />
        <Toaster position="bottom-center" richColors closeButton toastOptions={{ className: 'font-sans' }} />
      </AriaRouterProvider>
    </I18nProvider>
  );
}
