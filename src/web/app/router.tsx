import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoading, InlineLoading } from '../components/loading';
import { LoggedOutOnly, RequireRole } from './guards';
import { lazyPage, type LazyPage } from './lazy-page';
import { PageHydrated } from './page-hydrated';
import { MainLayout } from './layouts/main-layout';

// Route-level code splitting: each screen is its own chunk, so admin and employee code never
// loads for a client (ARCHITECTURE.md §2). The routes are React Router's declarative
// <Routes> with React.lazy pages instead of createBrowserRouter: the data router costs twice the
// bytes on every first view and no page uses loaders or actions
// (docs/decisions/009-client-bundle-budget.md).

type Loader = () => Promise<{ default: ComponentType }>;

const load = {
  login: () => import('../features/auth/login-page'),
  signup: () => import('../features/auth/signup-page'),
  forgot: () => import('../features/auth/forgot-password-page'),
  reset: () => import('../features/auth/reset-password-page'),
  home: () => import('../features/home/home-page'),
  services: () => import('../features/services/services-page'),
  book: () => import('../features/booking/book-page'),
  myAppointments: () => import('../features/appointments/my-appointments-page'),
  employeeLayout: () => import('./layouts/employee-layout').then((m) => ({ default: m.EmployeeLayout })),
  agenda: () => import('../features/employee/agenda-page'),
  adminLayout: () => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })),
  dashboard: () => import('../features/admin/dashboard/dashboard-page'),
  adminServices: () => import('../features/admin/services/services-admin-page'),
  adminEmployees: () => import('../features/admin/employees/employees-admin-page'),
  adminAppointments: () => import('../features/admin/appointments/appointments-admin-page'),
  settings: () => import('../features/admin/settings/settings-page'),
} satisfies Record<string, Loader>;

const P = Object.fromEntries(Object.entries(load).map(([k, f]) => [k, lazyPage(f as Loader)])) as unknown as Record<keyof typeof load, LazyPage>;

/**
 * The chunks the first view of `pathname` needs, started at once by main.tsx so they download
 * while the session is being read instead of after it (the guards render the page only then).
 * Settles when they are loaded (or failed: the page then reports it when it renders).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact: Record<string, LazyPage[]> = {
    '/': [P.home],
    '/login': [P.login],
    '/signup': [P.signup],
    '/forgot-password': [P.forgot],
    '/reset-password': [P.reset],
    '/services': [P.services],
    '/my-appointments': [P.myAppointments],
  };
  const pages =
    exact[path] ??
    (path.startsWith('/book/')
      ? [P.book]
      : path.startsWith('/employee')
        ? [P.employeeLayout, P.agenda]
        : path.startsWith('/admin')
          ? [P.adminLayout]
          : []);
  return Promise.all(pages.map((p) => p.load())).then(() => undefined);
}

/** A page outside any layout: the whole screen waits with 'Cargando...' (never a blank page). */
const full = (Page: ComponentType, text = 'Cargando...'): ReactNode => (
  <Suspense fallback={<FullPageLoading text={text} />}>
    <Page />
    <PageHydrated />
  </Suspense>
);

/** A page inside a layout: the header or side menu stays, the content area waits. */
const inner = (Page: ComponentType): ReactNode => (
  <Suspense
    fallback={
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <InlineLoading text="Cargando..." />
      </div>
    }
  >
    <Page />
    <PageHydrated />
  </Suspense>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LoggedOutOnly />}>
        <Route path="/login" element={full(P.login)} />
        <Route path="/signup" element={full(P.signup)} />
        <Route path="/forgot-password" element={full(P.forgot)} />
      </Route>
      {/* Reached from the mailed link; works signed in or not. */}
      <Route path="/reset-password" element={full(P.reset)} />
      <Route element={<RequireRole />}>
        <Route element={<MainLayout />}>
          <Route path="/" element={inner(P.home)} />
          <Route path="/services" element={inner(P.services)} />
          <Route path="/book/:serviceId" element={inner(P.book)} />
          <Route path="/my-appointments" element={inner(P.myAppointments)} />
        </Route>
        <Route path="/employee" element={<RequireRole roles={['employee', 'admin']} />}>
          <Route element={full(P.employeeLayout)}>
            <Route index element={<Navigate to="/employee/agenda" replace />} />
            <Route path="agenda" element={inner(P.agenda)} />
          </Route>
        </Route>
      </Route>
      {/* The admin group has its own guard ('Cargando Auna...'); SPEC §2 lists it twice in the
          original's routing, here it is one group (docs/decisions/003-one-admin-route-group.md). */}
      <Route path="/admin" element={<RequireRole roles={['admin']} loadingText="Cargando Auna..." />}>
        <Route element={full(P.adminLayout, 'Cargando Auna...')}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="dashboard" element={inner(P.dashboard)} />
          <Route path="services" element={inner(P.adminServices)} />
          <Route path="employees" element={inner(P.adminEmployees)} />
          <Route path="appointments" element={inner(P.adminAppointments)} />
          <Route path="settings" element={inner(P.settings)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
