import { adminBonoTypesRoutes, bonosRoutes, myBonosRoutes } from './features/bonos/routes';
import { Hono } from 'hono';
import { MSG } from '../domain/texts/common';
import { CONSENT_MSG } from '../domain/consents';
import { STAFF_MSG } from '../domain/texts/staff';
import { authRoutes } from './features/accounts/auth-routes';
import { agendaRoutes } from './features/agenda/routes';
import { adminAppointmentsRoutes } from './features/appointments/routes';
import { adminDashboardRoutes } from './features/dashboard/routes';
import { adminEmployeesRoutes } from './features/employees/routes';
import { adminServicesRoutes } from './features/services/admin-routes';
import { discountRulesRoutes } from './features/settings/discount-routes';
import { adminSettingsRoutes } from './features/settings/routes';
import { bookingRoutes } from './features/booking/routes';
import { visitRoutes } from './features/booking/visit-routes';
import { myAccountRoutes } from './features/my-account/routes';
import { privacyRoutes } from './features/privacy/routes';
import { catalogRoutes } from './features/services/catalog-routes';
import { emailVerificationRoutes } from './features/accounts/email-verification-routes';
import { liveEventsRoutes } from './features/live-events/routes';
import { frontDeskRoutes } from './features/front-desk/routes';
import { adminHealthRoutes, healthRoutes } from './features/health/routes';
import { meRoutes } from './features/accounts/me-routes';
import { notificationsRoutes } from './features/notifications/routes';
import { myAppointmentsRoutes } from './features/my-account/appointments-routes';
import { adminAvailabilityRoutes, myTimeOffRoutes } from './features/availability/routes';
import { blockRoutes } from './features/availability/block-routes';
import { adminResourcesRoutes } from './features/resources/routes';
import { giftCardsRoutes } from './features/gift-cards/routes';
import { paymentsRoutes } from './features/payments/routes';
import { cashCloseRoutes } from './features/cash-close/routes';
import { adminConsentDocumentsRoutes, adminConsentTemplatesRoutes, consentsFrontDeskRoutes, consentsRoutes, isSigningPath, myConsentsRoutes, SIGN_BODY_LIMIT } from './features/consents/routes';
import { consentLinkExchangeRoutes } from './features/consents/link-routes';
import { reportsRoutes } from './features/reports/routes';
import { adminBackupsRoutes } from './features/backups/routes';
import { messagingRoutes } from './features/messaging/routes';
import { webhookRoutes } from './features/messaging/webhook-routes';
import { publicPageRoutes } from './features/public-page/routes';
import { publicBookingRoutes } from './features/booking/public-routes';
import { waitingListBooking } from './features/booking/offer-booking';
import { waitingListRoutes } from './features/waiting-list/routes';
import { waitingListCtx } from './features/waiting-list/service';
import type { AppEnv, Deps } from './http/env';
import { createErrorHandler, errorJson } from './http/errors';
import { kioskFence, loadSession, passwordChangeFence } from './http/guards';
import { sameOriginWrites, securityHeaders } from './http/security';
import { servePages } from './http/page-handler';
import { kioskRoutes } from './features/consents/kiosk-routes';
import { refuseNulCharacters } from './http/text-guard';
import { warnOfUntrustedProxy } from './http/proxy-warning';
import { limitBody } from './http/body-limit';

// Each feature mounts here; the chain is what gives hc<AppType> its types.
function apiRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(deps))
    .route('/me', meRoutes())
    .route('/agenda', agendaRoutes(deps))
    .route('/admin/dashboard', adminDashboardRoutes(deps))
    .route('/admin/appointments', adminAppointmentsRoutes(deps))
    .route('/admin/services', adminServicesRoutes(deps))
    .route('/admin/employees', adminEmployeesRoutes(deps))
    .route('/admin/settings', adminSettingsRoutes(deps))
    .route('/events', liveEventsRoutes(deps))
    .route('/catalog', catalogRoutes(deps))
    .route('/booking/visits', visitRoutes(deps))
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
    // Gift cards, payments and the Caja del día (ADR 038, 039).
    .route('/gift-cards', giftCardsRoutes(deps))
    .route('/payments', paymentsRoutes(deps))
    .route('/cash-close', cashCloseRoutes(deps))
    .route('/reports', reportsRoutes(deps))
    // RGPD (ADR 026): the client's own data, and the privacy notice's facts.
    .route('/my-account', myAccountRoutes(deps))
    .route('/privacy', privacyRoutes(deps))
    .route('/email-verification', emailVerificationRoutes(deps))
    // Signed consents and health questions (ADR 041).
    .route('/admin/consent-templates', adminConsentTemplatesRoutes(deps))
    .route('/admin/consent-documents', adminConsentDocumentsRoutes(deps))
    .route('/consents', consentsRoutes(deps))
    .route('/front-desk', consentsFrontDeskRoutes(deps))
    .route('/my-account', myConsentsRoutes(deps))
    // The admin's warnings about the server (disk space, docs/decisions/046).
    .route('/admin/health', adminHealthRoutes(deps))
    // The backups' state for the admin (ADR 048).
    .route('/admin/backups', adminBackupsRoutes(deps))
    // Reaching clients on their phone: the confirm/cancel link, the desk's WhatsApp reminders (ADR 057).
    .route('/messaging', messagingRoutes(deps))
    // What WhatsApp (Meta) and the SMS provider tell us, signed (ADR 055, 056).
    .route('/webhooks', webhookRoutes(deps))
    // ADR 052: the owner's discount limit and reasons, for the staff's sale and payment forms.
    .route('/settings/discounts', discountRulesRoutes(deps))
    // The salon's public page and its free times, without a session (ADRs 078, 079).
    .route('/public-page', publicPageRoutes(deps))
    .route('/booking/public', publicBookingRoutes(deps))
    // The waiting list (ADR 070-073): booking's rules reach it through its port, composed here.
    .route('/waiting-list', waitingListRoutes(waitingListCtx(deps), waitingListBooking(deps)))
    // Signing at reception as a kiosk (ADR 068).
    .route('/kiosk', kioskRoutes(deps));
}

/** The whole HTTP surface: the API, and the built React app at `webRoot` (http/page-handler.ts). */
export function createApp(deps: Deps, opts: { webRoot?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.log, () => deps.health.database.markDown()));

  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    // One line per request; never the body, the query string or cookies (they may hold secrets). A
    // token in the path (a mailed link's) is the logger's to cut out, as every other (ADR 050).
    deps.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start) }, 'request');
  });
  app.use('*', securityHeaders());
  app.use('*', warnOfUntrustedProxy(deps));
  app.use('/api/*', sameOriginWrites(deps.config.publicUrl));
  const smallBodies = limitBody(64 * 1024, (c) => errorJson(c, 413, 'payload_too_large', MSG.invalidInput));
  // A signed consent carries its signature image (ADR 041): those two routes take up to ~340 KB.
  const signingBodies = limitBody(SIGN_BODY_LIMIT, (c) => errorJson(c, 413, 'payload_too_large', CONSENT_MSG.signatureTooLarge));
  app.use('/api/*', (c, next) => (isSigningPath(c.req.path) ? signingBodies(c, next) : smallBodies(c, next)));
  app.use('/api/*', refuseNulCharacters());
  app.route('/api/auth', authRoutes(deps));
  app.use('/api/*', loadSession(deps));
  // A signing kiosk's session reaches only its visit's form (ADR 068).
  app.use('/api/*', kioskFence());
  // A first-sign-in password is changed before anything else (ADR 084).
  app.use('/api/*', passwordChangeFence());
  app.use('/api/*', async (c, next) => {
    await next();
    // On the answer's headers, as secureHeaders sets its own: c.header() after the handler asks the
    // answer whether its body was used, and under @hono/node-server that rebuilt every JSON answer
    // as a Fetch Response written out through web streams (ADR 097).
    c.res.headers.set('Cache-Control', 'no-store');
  });

  const api = apiRoutes(deps);
  app.route('/api', api);
  app.all('/api/*', (c) => errorJson(c, 404, 'not_found', STAFF_MSG.notFound));
  // The mailed consent link's token goes into a cookie, and the page has none (ADR 051).
  app.route('/firma', consentLinkExchangeRoutes(deps));

  if (opts.webRoot) servePages(app, deps, opts.webRoot);
  return app;
}

export type ApiType = ReturnType<typeof apiRoutes>;
/** The typed contract of the web client: `hc<AppType>('/api')`. */
export type AppType = ApiType;
