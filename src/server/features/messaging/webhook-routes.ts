import { Hono } from 'hono';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { errorJson } from '../../http/errors';
import { applyReceiptSoon } from '../../notifications/delivery-status';
import { shortText } from '../../notifications/provider-errors';
import { metaChallenge, validMetaSignature, validTwilioSignature } from './signatures';
import { handleNotification, Notification } from './whatsapp-webhook';

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'messageSecret' | 'config'>;

// Twilio's message states: what we keep of them (the rest: still on its way).
const TWILIO_STATUS: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = { sent: 'sent', delivered: 'delivered', read: 'read', undelivered: 'failed', failed: 'failed' };

const refused = 'Firma no válida.';

/**
 * /api/webhooks (ADR 055, 056): what WhatsApp and the SMS provider tell us. Not configured: 404.
 * Unsigned or wrongly signed: 401, read no further. A signed body we do not understand: 200 and
 * nothing changes (a 4xx would make the provider send it again and again).
 */
export const webhookRoutes = (deps: Ctx) =>
  new Hono<AppEnv>()
    // Meta's check of the address, when the salon saves it in the app's dashboard.
    .get('/whatsapp', (c) => {
      const cfg = deps.config.whatsapp;
      if (!cfg) return errorJson(c, 404, 'not_found', STAFF_MSG.notFound);
      const challenge = metaChallenge(cfg.verifyToken, { mode: c.req.query('hub.mode'), token: c.req.query('hub.verify_token'), challenge: c.req.query('hub.challenge') });
      return challenge ? c.text(challenge) : errorJson(c, 403, 'forbidden', refused);
    })
    .post('/whatsapp', async (c) => {
      const cfg = deps.config.whatsapp;
      if (!cfg) return errorJson(c, 404, 'not_found', STAFF_MSG.notFound);
      const raw = await c.req.text();
      if (!validMetaSignature(cfg.appSecret, raw, c.req.header('x-hub-signature-256'))) return errorJson(c, 401, 'invalid_signature', refused);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return errorJson(c, 400, 'invalid_input', 'JSON no válido.');
      }
      const parsed = Notification.safeParse(body);
      if (parsed.success) await handleNotification(deps, parsed.data, cfg.phoneNumberId);
      return c.json({ received: true });
    })
    // Twilio's delivery receipts (StatusCallback), form-encoded and signed over our own address.
    .post('/sms', async (c) => {
      const cfg = deps.config.sms;
      if (!cfg) return errorJson(c, 404, 'not_found', STAFF_MSG.notFound);
      const params = new URLSearchParams(await c.req.text());
      if (!validTwilioSignature(cfg.authToken, `${deps.config.publicUrl}/api/webhooks/sms`, params, c.req.header('x-twilio-signature')))
        return errorJson(c, 401, 'invalid_signature', refused);
      const sid = params.get('MessageSid') ?? '';
      const status = TWILIO_STATUS[params.get('MessageStatus') ?? ''];
      if (/^SM[0-9a-f]{32}$/i.test(sid) && status) {
        const code = params.get('ErrorCode');
        const failure = status === 'failed' ? `SMS ${params.get('MessageStatus')}${code ? ` (${shortText(code).slice(0, 10)})` : ''}` : null;
        const configured = { whatsapp: !!deps.config.whatsapp, sms: true };
        await applyReceiptSoon(deps.db, configured, { channel: 'sms', providerId: sid, status, failure });
      }
      return c.body(null, 204);
    });
