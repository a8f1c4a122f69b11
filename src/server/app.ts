import { adminBonoTypesRoutes, bonosRoutes, myBonosRoutes } from './features/bonos/routes';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MSG } from '../domain/texts/common';
import { CONSENT_MSG } from '../domain/consents';
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
import { blockRoutes } from './features/availability/block-routes';
import { adminResourcesRoutes } from './features/resources/routes';
import { giftCardsRoutes } from './features/gift-cards/routes';
import { paymentsRoutes } from './features/payments/routes';
import { adminConsentDocumentsRoutes, adminConsentTemplatesRoutes, consentsFrontDeskRoutes, consentsRoutes, isSigningPath, myConsentsRoutes, SIGN_BODY_LIMIT } from './features/consents/routes';
import { reportsRoutes } from './features/reports/routes';
import type { AppEnv, Deps } from './http/env';
import { createErrorHandler, errorJson } from './http/errors';
import { loadSession } from './http/guards';
import { sameOriginWrites, securityHeaders } from './http/security';
import { servePages } from './http/page-handler';
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
    .route('/blocks', blockRoutes(deps))
    .route('/admin/resources', adminResourcesRoutes(deps))
    .route('/admin/bono-types', adminBonoTypesRoutes(deps))
    .route('/bonos', bonosRoutes(deps))
    .route('/my-bonos', myBonosRoutes(deps))
    .route('/messages', notificationsRoutes(deps))
    .route('/front-desk', frontDeskRoutes(deps))
    // Issue 23: gift cards, payments and the Caja del día (ADR 038, 039).
    .route('/gift-cards', giftCardsRoutes(deps))
    .route('/payments', paymentsRoutes(deps))
    .route('/reports', reportsRoutes(deps))
    // RGPD (ADR 026): the client's own data, and the privacy notice's facts.
    .route('/my-account', myAccountRoutes(deps))
    .route('/privacy', privacyRoutes(deps))
    .route('/email-verification', emailVerificationRoutes(deps))
    // Issue 24: signed consents and health questions (ADR 041).
    .route('/admin/consent-templates', adminConsentTemplatesRoutes(deps))
    .route('/admin/consent-documents', adminConsentDocumentsRoutes(deps))
    .route('/consents', consentsRoutes(deps))
    .route('/front-desk', consentsFrontDeskRoutes(deps))
    .route('/my-account', myConsentsRoutes(deps));
}

/** The whole HTTP surface: the API, and the built React app at `webRoot` (http/page-handler.ts). */
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
  const smallBodies = bodyLimit({ maxSize: 64 * 1024, onError: (c) => errorJson(c, 413, 'payload_too_large', MSG.invalidInput) });
  // A signed consent carries its signature image (ADR 041): those two routes take up to ~340 KB.
  const signingBodies = bodyLimit({ maxSize: SIGN_BODY_LIMIT, onError: (c) => errorJson(c, 413, 'payload_too_large', CONSENT_MSG.signatureTooLarge) });
  app.use('/api/*', (c, next) => (isSigningPath(c.req.path) ? signingBodies(c, next) : smallBodies(c, next)));
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

  if (opts.webRoot) servePages(app, deps, opts.webRoot);
  return app;
}

export type ApiType = ReturnType<typeof apiRoutes>;
/** The typed contract of the web client: `hc<AppType>('/api')`. */
export type AppType = ApiType;
