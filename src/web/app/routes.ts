// THE route table of the web app: every page, where it sits, who may see it, and, for the client's
// first views, that the server renders it and for whom. A plain data module (no React, no web
// code: the server imports it), read by:
//   - app/router.tsx: the <Routes> tree and the code-split pages (preloadRoute);
//   - entry-server.tsx: which first views are rendered on the server (the data each reads first
//     is app/first-views.ts: the pages' own queries, which only the web app may import);
//   - src/server/http/app-shell.ts: the page chunks and images named in each page's HTML;
//   - test/bundle-budget.test.ts: which first views are budgeted.
// Adding a page is one row here plus its file (docs/architecture.md, "Adding a page");
// test/route-table.test.ts fails when the router, the server or the budget disagree with it.
// (docs/decisions/017-one-route-table.md)

import { DESK_ROLES, isRole, STAFF_ROLES, type Role } from '../../domain/roles';

/**
 * Who reaches the page (the guards of app/router.tsx): 'signed-out' (a signed-in user is sent
 * to /), 'anyone', 'signed-in' (any role; else /login), 'staff' (employee, receptionist or admin),
 * 'desk' (the salon's day, clients and money: receptionist or admin, ADR 063), 'admin'.
 */
export type Access = 'signed-out' | 'anyone' | 'signed-in' | 'staff' | 'desk' | 'admin';

/** The roles each signed-in access lets in (the router's guards, the back office's menu); undefined: any role. */
export const ACCESS_ROLES: Readonly<Partial<Record<Access, readonly Role[]>>> = { staff: STAFF_ROLES, desk: DESK_ROLES, admin: ['admin'] };
/** The layout around the page: none (the page is the whole screen), the client's header, the employee's or the admin's portal. */
export type Layout = 'none' | 'main' | 'employee' | 'admin';
/** Who a first view is rendered for: a signed-in role, or nobody signed in. */
export type Viewer = 'signed-out' | Role;

export type PageRoute = {
  /** React Router's pattern, absolute ('/book/:serviceId'). */
  path: string;
  /** The page module under src/web (its default export), as Vite's manifest names it. */
  page: string;
  layout: Layout;
  access: Access;
  /** Images the first paint shows, under src/web: the server preloads them. */
  images?: string[];
  /**
   * Rendered on the server (entry-server.tsx) for these viewers, and hydrated. Only for viewers
   * the page renders for without a redirect. What the page reads first is in app/first-views.ts
   * (the server fetches it with the request's cookie and hands it to the browser).
   */
  firstView?: { for: Viewer[] };
  /**
   * false: the page (and every part it loads) shows no React Aria component that reads the locale
   * (a dialog, a date, a field's messages), so it is not wrapped in React Aria's Spanish locale and
   * its first view never loads React Aria's i18n module and its Intl check (app/aria-locale.tsx;
   * docs/decisions/109-first-views-without-intl.md). Every other page is wrapped.
   */
  reactAria?: false;
};

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/login', page: 'features/accounts/login-page.tsx', layout: 'none', access: 'signed-out', firstView: { for: ['signed-out'] } },
  { path: '/signup', page: 'features/accounts/signup-page.tsx', layout: 'none', access: 'signed-out' },
  { path: '/forgot-password', page: 'features/accounts/forgot-password-page.tsx', layout: 'none', access: 'signed-out' },
  // Reached from the mailed link; works signed in or not.
  { path: '/reset-password', page: 'features/accounts/reset-password-page.tsx', layout: 'none', access: 'anyone' },
  // Where the email verification link lands (docs/decisions/019-client-records.md), and the privacy
  // notice the sign-up page links (docs/decisions/026-admin-email-and-account-deletion.md).
  { path: '/email-verificado', page: 'features/accounts/email-verified-page.tsx', layout: 'none', access: 'anyone' },
  { path: '/privacidad', page: 'features/privacy/privacy-page.tsx', layout: 'none', access: 'anyone' },
  // The salon's public page: a booking link for Instagram or Google, no account until "Confirmar" (docs/decisions/078-the-salons-public-page.md).
  {
    path: '/reservar',
    page: 'features/public-page/public-page.tsx',
    layout: 'none',
    access: 'anyone',
    firstView: { for: ['signed-out', 'client', 'employee', 'admin'] },
    reactAria: false,
  },
  {
    path: '/',
    page: 'features/home/home-page.tsx',
    layout: 'main',
    access: 'signed-in',
    images: ['assets/images/hero-confianza.svg'],
    // Staff are sent on to their portals by the home page.
    firstView: { for: ['client'] },
  },
  { path: '/services', page: 'features/services/services-page.tsx', layout: 'main', access: 'signed-in', firstView: { for: ['client', 'employee', 'admin'] } },
  { path: '/book/:serviceId', page: 'features/booking/book-page.tsx', layout: 'main', access: 'signed-in', firstView: { for: ['client', 'employee', 'admin'] } },
  { path: '/my-appointments', page: 'features/my-account/my-appointments-page.tsx', layout: 'main', access: 'signed-in' },
  // "Mis bonos" (ADR 037).
  { path: '/mis-bonos', page: 'features/bonos/my-bonos-page.tsx', layout: 'main', access: 'signed-in' },
  // The waiting list (ADR 070): her own entries, to see and withdraw.
  { path: '/lista-de-espera', page: 'features/waiting-list/my-waiting-list-page.tsx', layout: 'main', access: 'signed-in' },
  { path: '/employee/agenda', page: 'features/agenda/agenda-page.tsx', layout: 'employee', access: 'staff' },
  { path: '/employee/time-off', page: 'features/availability/time-off-page.tsx', layout: 'employee', access: 'staff' },
  { path: '/admin/dashboard', page: 'features/dashboard/dashboard-page.tsx', layout: 'admin', access: 'admin' },
  { path: '/admin/services', page: 'features/services/services-admin-page.tsx', layout: 'admin', access: 'admin' },
  // Cabins and machines (docs/decisions/036-cabins-and-machines.md).
  { path: '/admin/resources', page: 'features/resources/resources-admin-page.tsx', layout: 'admin', access: 'admin' },
  // Bonos (docs/decisions/037-bonos.md): the types the salon sells.
  { path: '/admin/bonos', page: 'features/bonos/bonos-admin-page.tsx', layout: 'admin', access: 'admin' },
  { path: '/admin/employees', page: 'features/employees/employees-admin-page.tsx', layout: 'admin', access: 'admin' },
  // The front desk: the salon's day view and the client records (docs/decisions/018-salon-day-view.md, 019-client-records.md).
  { path: '/admin/day', page: 'features/front-desk/day-view-page.tsx', layout: 'admin', access: 'desk' },
  { path: '/admin/clients', page: 'features/front-desk/clients-page.tsx', layout: 'admin', access: 'desk' },
  { path: '/admin/clients/:id', page: 'features/front-desk/client-page.tsx', layout: 'admin', access: 'desk' },
  { path: '/admin/appointments', page: 'features/appointments/appointments-admin-page.tsx', layout: 'admin', access: 'admin' },
  // Closures, special hours and time off (docs/decisions/023-availability-exceptions.md).
  { path: '/admin/availability', page: 'features/availability/admin-availability-page.tsx', layout: 'admin', access: 'admin' },
  { path: '/admin/settings', page: 'features/settings/settings-page.tsx', layout: 'admin', access: 'admin' },
  // Gift cards, payments and the Caja del día (docs/decisions/038-gift-cards.md, 039-payments-not-invoices-verifactu.md).
  { path: '/admin/gift-cards', page: 'features/gift-cards/gift-cards-admin-page.tsx', layout: 'admin', access: 'desk' },
  { path: '/admin/gift-cards/:id', page: 'features/gift-cards/gift-card-admin-page.tsx', layout: 'admin', access: 'desk' },
  { path: '/employee/gift-cards', page: 'features/gift-cards/gift-cards-employee-page.tsx', layout: 'employee', access: 'staff' },
  // An employee sells a bono at the desk (docs/decisions/037-bonos.md); the admin does it on the client's page.
  { path: '/employee/bonos', page: 'features/front-desk/employee-bonos-page.tsx', layout: 'employee', access: 'staff' },
  { path: '/employee/gift-cards/:id', page: 'features/gift-cards/gift-card-employee-page.tsx', layout: 'employee', access: 'staff' },
  // The card to print: the whole screen, no portal around it.
  { path: '/gift-cards/:id/print', page: 'features/gift-cards/gift-card-print-page.tsx', layout: 'none', access: 'staff' },
  { path: '/admin/caja', page: 'features/payments/caja-page.tsx', layout: 'admin', access: 'desk' },
  // The cierre de caja (docs/decisions/054-the-till-and-its-close.md): the desk's, TILL_ROLES (the admin and the receptionist, ADR 063).
  { path: '/admin/cierre-de-caja', page: 'features/cash-close/cash-close-page.tsx', layout: 'admin', access: 'desk' },
  // Signed consents (docs/decisions/041): the templates; signing from the mailed link (no
  // sign-in: the server trades the link's /firma/<token> for a cookie and sends her here, ADR 051)
  // and on the reception tablet.
  { path: '/admin/consentimientos', page: 'features/consents/consent-templates-admin-page.tsx', layout: 'admin', access: 'admin' },
  { path: '/firma', page: 'features/consents/sign-page.tsx', layout: 'none', access: 'anyone' },
  { path: '/recepcion/firma/:appointmentId', page: 'features/consents/reception-sign-page.tsx', layout: 'employee', access: 'staff' },
  // The tablet in the client's hands (ADR 068): no staff layout; the server serves a locked session only this page.
  { path: '/recepcion/kiosco', page: 'features/consents/kiosk-page.tsx', layout: 'none', access: 'staff' },
  // The owner's reports (ADR 042); Chart.js loads with this page only.
  { path: '/admin/informes', page: 'features/reports/reports-page.tsx', layout: 'admin', access: 'admin' },
  // Reaching clients on their phone (docs/decisions/057): tomorrow's WhatsApp reminders from the desk.
  { path: '/admin/reminders', page: 'features/messaging/tomorrow-reminders-page.tsx', layout: 'admin', access: 'desk' },
];

/** Paths that only redirect (router.tsx): a portal's own address goes to its first page. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/employee': '/employee/agenda',
  '/admin': '/admin/dashboard',
};

/** The layouts' modules (code-split like the pages; 'main' is in the entry). */
export const LAYOUT_MODULES: Readonly<Partial<Record<Layout, string>>> = {
  employee: 'app/layouts/employee-layout.tsx',
  admin: 'app/layouts/admin-layout.tsx',
};

/** Whether `role` reaches the page at `path` (a menu shows only those: the receptionist's back office is the desk's pages, ADR 063). */
export function mayReach(role: Role | undefined, path: string): boolean {
  const route = matchPageRoute(path)?.route;
  const roles = route ? ACCESS_ROLES[route.access] : undefined;
  return !!route && (!roles || (!!role && roles.includes(role)));
}

/** `pathname` without trailing slashes ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

const compiled = PAGE_ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, names, re: new RegExp(`^${source}$`) };
});

/** The page route `pathname` shows, with its params (decoded), or undefined. Matches as React Router does for these patterns. */
export function matchPageRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | undefined {
  const path = normalizePath(pathname);
  for (const { route, names, re } of compiled) {
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return undefined; // a malformed escape: React Router would not match it either
    }
    return { route, params };
  }
  return undefined;
}

/** The viewer a first view is rendered for: the signed-in user's role, or 'signed-out'. */
export function viewerOf(user: { role: string } | null): Viewer {
  if (!user) return 'signed-out';
  return isRole(user.role) ? user.role : 'client';
}
