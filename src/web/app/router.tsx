import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoading, InlineLoading } from '../components/loading';
import { LoggedOutOnly, RequireRole } from './guards';
import type { CurrentUser } from '../api/session';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';
import { withAriaLocale } from './lazy-page';
import { MainLayout } from './layouts/main-layout';
import { PageHydrated } from './page-hydrated';
import { ACCESS_ROLES, matchPageRoute, normalizePath, PAGE_ROUTES, REDIRECTS, type Access, type Layout, type PageRoute } from './routes';

// The routes of app/routes.ts (THE route table: add a page there, not here) as React Router's
// declarative <Routes>, each page its own code-split chunk, so admin and employee code never loads
// for a client (ARCHITECTURE.md §2). Declarative routes with React.lazy pages instead of
// createBrowserRouter: the data router costs twice the bytes on every first view and no page uses
// loaders or actions (docs/decisions/009-client-bundle-budget.md, 017-one-route-table.md).

type Loader = () => Promise<{ default: ComponentType }>;
/** A page module: its component, and what its first view renders from chunks of its own (`preloadRoute`). */
type PageModule = { default: ComponentType; firstViewParts?: (viewer: CurrentUser | null) => Array<Promise<void>> };

// Every page module, each a chunk of its own; the table names which one a path shows.
const PAGE_MODULES = import.meta.glob<PageModule>('../features/**/*-page.tsx');

const pageOf = new Map<string, LazyComponent>(
  PAGE_ROUTES.map((r) => {
    const load = PAGE_MODULES[`../${r.page}`] as Loader | undefined;
    if (!load) throw new Error(`app/routes.ts: ${r.path} names ${r.page}, which is not a page module (src/web/features/**/*-page.tsx)`);
    return [r.path, lazyComponent(r.reactAria === false ? load : withAriaLocale(load))];
  }),
);

const layoutPage: Partial<Record<Layout, LazyComponent>> = {
  employee: lazyComponent(withAriaLocale(() => import('./layouts/employee-layout').then((m) => ({ default: m.EmployeeLayout })))),
  admin: lazyComponent(withAriaLocale(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })))),
};

/**
 * The chunks the first view of `pathname` needs, started at once by main.tsx so they download
 * while the session is being read instead of after it (the guards render the page only then).
 * Settles when they are loaded (or failed: the page then reports it when it renders).
 */
export function preloadRoute(pathname: string, viewer?: CurrentUser | null): Promise<void> {
  const path = normalizePath(pathname);
  const route = matchPageRoute(REDIRECTS[path] ?? path)?.route;
  const pages = route ? [layoutPage[route.layout], pageOf.get(route.path)] : [];
  return Promise.all([...pages.map((p) => p?.load()), route && viewer !== undefined ? firstViewParts(route.page, viewer) : undefined]).then(() => undefined);
}

/**
 * A page may name the code-split parts its first view renders for this viewer (its module's
 * `firstViewParts`, e.g. the booking page's "¿Para quién es la cita?" for staff). They are
 * loaded before the server renders and before the browser hydrates, so the page renders them
 * without suspending: a part still loading at hydration stays server HTML without handlers
 * after the page has said it is hydrated (app/page-hydrated.tsx), and a tap on it then is lost
 * (docs/reliability.md). Never rejects: a part that failed reports it when it renders.
 */
function firstViewParts(page: string, viewer: CurrentUser | null): Promise<unknown> {
  const load = PAGE_MODULES[`../${page}`] as (() => Promise<PageModule>) | undefined;
  return (load?.() ?? Promise.resolve(undefined)).then((m) => Promise.all(m?.firstViewParts?.(viewer) ?? [])).catch(() => undefined);
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

/** The guard of each access level (SPEC §6); the admin group says 'Cargando Auna...' while the session loads. */
const guard: Record<Access, ReactNode> = {
  'signed-out': <LoggedOutOnly />,
  anyone: null,
  'signed-in': <RequireRole />,
  staff: <RequireRole roles={ACCESS_ROLES.staff} />,
  desk: <RequireRole roles={ACCESS_ROLES.desk} loadingText="Cargando Auna..." />,
  admin: <RequireRole roles={ACCESS_ROLES.admin} loadingText="Cargando Auna..." />,
};

function layoutElement(layout: Layout): ReactNode {
  if (layout === 'main') return <MainLayout />;
  const Layout = layoutPage[layout];
  return Layout ? full(Layout, layout === 'admin' ? 'Cargando Auna...' : 'Cargando...') : null;
}

/** The table's routes grouped by guard and layout, in the table's order. */
function groups(): Array<{ access: Access; layout: Layout; routes: PageRoute[] }> {
  const out: Array<{ access: Access; layout: Layout; routes: PageRoute[] }> = [];
  for (const r of PAGE_ROUTES) {
    const g = out.find((x) => x.access === r.access && x.layout === r.layout);
    if (g) g.routes.push(r);
    else out.push({ access: r.access, layout: r.layout, routes: [r] });
  }
  return out;
}

function groupElement({ access, layout, routes }: { access: Access; layout: Layout; routes: PageRoute[] }, key: number): ReactNode {
  const pages = routes.map((r) => <Route key={r.path} path={r.path} element={layout === 'none' ? full(pageOf.get(r.path)!) : inner(pageOf.get(r.path)!)} />);
  const inLayout = layout === 'none' ? pages : <Route element={layoutElement(layout)}>{pages}</Route>;
  return guard[access] ? (
    <Route key={key} element={guard[access]}>
      {inLayout}
    </Route>
  ) : (
    <Route key={key}>{inLayout}</Route>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {groups().map(groupElement)}
      {/* SPEC §2 lists the admin group twice in the original's routing; here it is one group (docs/decisions/003-one-admin-route-group.md). */}
      {Object.entries(REDIRECTS).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
