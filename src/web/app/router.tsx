import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoading } from '../components/loading';
import { LoggedOutOnly, RequireRole } from './guards';
import { MainLayout } from './layouts/main-layout';
import { Root } from './root';

// Route-level code splitting: each screen is its own chunk, so admin and employee code never
// loads for a client (ARCHITECTURE.md §2). `lazy` returns the page's `Component`.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <FullPageLoading text="Cargando..." />,
    children: [
      {
        element: <LoggedOutOnly />,
        children: [
          { path: '/login', lazy: page(() => import('../features/auth/login-page')) },
          { path: '/signup', lazy: page(() => import('../features/auth/signup-page')) },
          { path: '/forgot-password', lazy: page(() => import('../features/auth/forgot-password-page')) },
        ],
      },
      // Reached from the mailed link; works signed in or not.
      { path: '/reset-password', lazy: page(() => import('../features/auth/reset-password-page')) },
      {
        element: <RequireRole />,
        children: [
          {
            element: <MainLayout />,
            children: [
              { path: '/', lazy: page(() => import('../features/home/home-page')) },
              { path: '/services', lazy: page(() => import('../features/services/services-page')) },
              { path: '/book/:serviceId', lazy: page(() => import('../features/booking/book-page')) },
              { path: '/my-appointments', lazy: page(() => import('../features/appointments/my-appointments-page')) },
            ],
          },
          {
            path: '/employee',
            element: <RequireRole roles={['employee', 'admin']} />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./layouts/employee-layout')).EmployeeLayout }),
                children: [
                  { index: true, element: <Navigate to="/employee/agenda" replace /> },
                  { path: 'agenda', lazy: page(() => import('../features/employee/agenda-page')) },
                ],
              },
            ],
          },
        ],
      },
      // The admin group has its own guard ('Cargando Auna...'); SPEC §2 lists it twice in the
      // original's routing, here it is one group (docs/decisions/003-one-admin-route-group.md).
      {
        path: '/admin',
        element: <RequireRole roles={['admin']} loadingText="Cargando Auna..." />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              { path: 'dashboard', lazy: page(() => import('../features/admin/dashboard/dashboard-page')) },
              { path: 'services', lazy: page(() => import('../features/admin/services/services-admin-page')) },
              { path: 'employees', lazy: page(() => import('../features/admin/employees/employees-admin-page')) },
              { path: 'appointments', lazy: page(() => import('../features/admin/appointments/appointments-admin-page')) },
              { path: 'settings', lazy: page(() => import('../features/admin/settings/settings-page')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
