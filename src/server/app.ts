import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '../domain/texts/common';
import { STAFF_MSG } from '../domain/texts/staff';
import { authRoutes } from './features/accounts/auth-routes';
import { agendaRoutes } from './features/agenda/routes';
import { adminAppointmentsRoutes } from './features/appointments/routes';
import { adminDashboardRoutes } from './features/dashboard/routes';
import { adminEmployeesRoutes } from './features/employees/routes';
import { adminServicesRoutes } from './features/services/admin-routes';
import { adminSettingsRoutes } from './features/settings/routes';
import { bookingRoutes } from './features/booking/routes';
import { myAccountRoutes } from './features/my-account/routes';
import { privacyRoutes } from './features/privacy/routes';
import { catalogRoutes } from './features/services/catalog-routes';
import { emailVerificationRoutes } from './features/accounts/email-verification-routes';
import { liveEventsRoutes } from './features/live-events/routes';
import { frontDeskRoutes } from './features/front-desk/routes';
import { healthRoutes } from './features/health/routes';
import { meRoutes } from './features/accounts/me-routes';
import { notificationsRoutes } from './features/notifications/routes';
import { myAppointmentsRoutes } from './features/my-account/appointments-routes';
import { adminAvailabilityRoutes, myTimeOffRoutes } from './features/availability/routes';
import type { AppEnv, Deps } from './http/env';
import { createErrorHandler, errorJson } from './http/errors';
import { safeError } from './logger';
import { createAppShell, createFirstViewRenderer, type FetchApi, type FirstView } from './http/app-shell';
import { loadSession } from './http/guards';
import { createSessionReader } from './http/session-reader';
import { effectiveRole, sessionEnded } from '../domain/session-policy';
import { sameOriginWrites, securityHeaders } from './http/security';
import { refuseNulCharacters } from './http/text-guard';

// The reset link's path carries the reset token (/api/auth/reset-password/<token>): a log line must
// not hold it (test/hardening.int.test.ts greps the log for it).
const loggedPath = (p: string) => p.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[oculto]');

// Each feature mounts here; the chain is what gives hc<AppType> its types.
function apiRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes())
    .route('/me', meRoutes())
    .route('/agenda', agendaRoutes(deps))
    .route('/admin/dashboard', adminDashboardRoutes(deps))
    .route('/admin/appointments', adminAppointmentsRoutes(deps))
    .route('/admin/services', adminServicesRoutes(deps))
    .route('/admin/employees', adminEmployeesRoutes(deps))
    .route('/admin/settings', adminSettingsRoutes(deps))
    .route('/events', liveEventsRoutes(deps))
    .route('/catalog', catalogRoutes(deps))
    .route('/booking', bookingRoutes(deps))
    .route('/my-appointments', myAppointmentsRoutes(deps))
    .route('/admin/availability', adminAvailabilityRoutes(deps))
    .route('/my-time-off', myTimeOffRoutes(deps))
    .route('/messages', notificationsRoutes(deps))
    .route('/front-desk', frontDeskRoutes(deps))
    // issue 16 (RGPD): the client's own data, and the privacy notice's facts.
    .route('/my-account', myAccountRoutes(deps))
    .route('/privacy', privacyRoutes(deps))
    .route('/email-verification', emailVerificationRoutes(deps));
}

/** The whole HTTP surface. `webRoot` (the built React app) is served with an SPA fallback. */
export function createApp(deps: Deps, opts: { webRoot?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.log));

  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    // One line per request; never the body, the query string or cookies (they may hold secrets).
    deps.log.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - start) }, 'request');
  });
  app.use('*', securityHeaders());
  app.use('/api/*', sameOriginWrites(deps.config.publicUrl));
  app.use('/api/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorJson(c, 413, 'payload_too_large', MSG.invalidInput) }));
  app.use('/api/*', refuseNulCharacters());
  app.route('/api/auth', authRoutes(deps));
  app.use('/api/*', loadSession(deps));
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const api = apiRoutes(deps);
  app.route('/api', api);
  app.all('/api/*', (c) => errorJson(c, 404, 'not_found', STAFF_MSG.notFound));

  const root = opts.webRoot;
  if (root && existsSync(path.join(root, 'index.html'))) {
    const rel = path.relative(process.cwd(), root) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root: rel,
        precompressed: true, // .br / .gz written by the build (vite.config.ts)
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // Client-side routes (/, /book/…, /admin/…) get the app shell with the first view's hints and
    // the session (http/app-shell.ts); files (favicon.svg, …) are served as they are.
    // The sign-in form is in the server-rendered /login; sent without its script (the scripts
    // failed to load), it posts here rather than put the password in the address: back to it.
    app.post('/login', (c) => c.redirect('/login', 303));
    const shell = createAppShell(root);
    const firstViewRenderer = createFirstViewRenderer(root);
    const readSession = createSessionReader(deps);
    // The page is made per request (session, first view), so it is compressed per request; the
    // built assets are compressed once by the build.
    app.get('*', compress(), async (c, next) => {
      const last = c.req.path.split('/').pop() ?? '';
      if (last.includes('.')) return next();
      const fast = await readSession(c.req.header('cookie')).catch(() => 'ask-better-auth' as const);
      const user =
        fast === 'ask-better-auth' ||
        // An ended session (issue 16) is the API's to delete; the page just does not show its user.
        (fast && sessionEnded({ role: fast.user.role, createdAt: fast.createdAt, lastActiveAt: fast.lastActiveAt, now: new Date() }))
          ? undefined
          : fast && {
              uid: fast.user.id,
              displayName: fast.user.name,
              email: fast.user.email,
              photoURL: fast.user.image,
              // As the API decides it (http/guards.ts): a leaver's page is a client's.
              role: effectiveRole(fast.user.role, fast.activeEmployee),
            };
      // The client's first views come rendered (http/app-shell.ts), from the API's own answers
      // for this request's cookie; any failure there just leaves the page to the browser.
      let firstView: FirstView | null = null;
      if (user !== undefined) {
        const cookie = c.req.header('cookie');
        const fetchApi: FetchApi = async (input, init) => {
          const headers = new Headers(init?.headers);
          if (cookie) headers.set('cookie', cookie);
          return app.request(input, { ...init, headers });
        };
        const url = new URL(c.req.url);
        firstView = await firstViewRenderer()
          .then((render) => render?.(url.pathname + url.search, user, fetchApi) ?? null)
          .catch((err: unknown) => {
            deps.log.error({ err: safeError(err), path: c.req.path }, 'first view render failed');
            return null;
          });
      }
      // It carries who is signed in: never stored by a cache.
      c.header('Cache-Control', 'no-store');
      c.header('Vary', 'Cookie');
      return c.html(shell(c.req.path, user, firstView));
    });
    app.use('*', serveStatic({ root: rel, precompressed: true }));
    // A dotted path that is not a file is still the app's to answer (it sends unknown paths to /).
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.html(shell(c.req.path, undefined));
    });
  }
  return app;
}

export type ApiType = ReturnType<typeof apiRoutes>;
/** The typed contract of the web client: `hc<AppType>('/api')`. */
export type AppType = ApiType;
