import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recorded } from './recorded';
import { rememberSecret } from './run-log';

// A stand-in for Meta's Graph API, WhatsApp Cloud API (ADR 055), on loopback: it speaks the real
// protocol, and is strict where Meta is. POST /v<version>/<phone number id>/messages must carry the
// bearer token (else 401, OAuthException 190) and Meta's JSON: messaging_product "whatsapp", `to`
// digits without "+", a template among those approved (docs/operations.md, "WhatsApp") with
// language es, exactly its body parameters, and its two quick-reply buttons (index "0", "1", each a
// payload under 128 characters), or free text; else 400 as Meta answers (code 100 or 132000). It
// records what it accepted, answers with a wamid, and posts notifications to our webhook signed
// like Meta (X-Hub-Signature-256, HMAC-SHA256 of the raw body with the app secret), or unsigned,
// or forged, as a test asks.

export type WaMessage = {
  id: string;
  to: string;
  type: 'template' | 'text';
  template?: string;
  parameters: string[];
  /** The quick-reply buttons' payloads, by index. */
  payloads: string[];
  text?: string;
  /** The JSON as received. */
  body: unknown;
};

/** The templates the salon created and Meta approved: body parameters, quick-reply buttons. */
const APPROVED: Record<string, { parameters: number; buttons: number }> = {
  auna_cita_confirmada: { parameters: 3, buttons: 2 },
  auna_recordatorio_cita: { parameters: 3, buttons: 2 },
  auna_cita_cambiada: { parameters: 3, buttons: 2 },
  auna_cita_cancelada: { parameters: 3, buttons: 0 },
  auna_hueco_libre: { parameters: 4, buttons: 0 },
};

type Sign = 'valid' | 'none' | 'forged';

export type MetaGraph = {
  /** WHATSAPP_GRAPH_URL */
  url: string;
  /** Every WHATSAPP_* variable our server needs to use this stand-in. */
  env: Record<string, string>;
  phoneNumberId: string;
  messages: WaMessage[];
  /** Requests refused, with Meta's error code. */
  refused: Array<{ status: number; code: number; message: string }>;
  /** Waits for an accepted message to `to` (digits) matching `match`. */
  waitFor: (to: string, match?: (m: WaMessage) => boolean, timeout?: number) => Promise<WaMessage>;
  /** The next send to `to` is refused as Meta refuses it (e.g. 400, 131026). */
  refuseNext: (to: string, error: { status: number; code: number; message: string }) => void;
  /** Where notifications go: our server's /api/webhooks/whatsapp. */
  deliverTo: (webhookUrl: string) => void;
  /** Posts a notification body as Meta does (signed), or unsigned, or signed with another secret. */
  notify: (body: unknown, sign?: Sign) => Promise<{ status: number; text: string }>;
  /** Her tap on a quick-reply button of `message`, from her number (the one it went to, unless said). */
  tap: (message: WaMessage, index: 0 | 1, opts?: { from?: string; id?: string; sign?: Sign }) => Promise<{ status: number; text: string; id: string }>;
  /** A delivery status of `message`: sent, delivered, read or failed (with Meta's error). */
  status: (message: WaMessage, status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string }) => Promise<{ status: number; text: string }>;
  close: () => Promise<void>;
};

const BUTTON_TEXT = ['Confirmo', 'Cancelar cita'];

export async function startMetaGraph(): Promise<MetaGraph> {
  const token = `EAAG${randomBytes(24).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = `verificar-${randomBytes(8).toString('hex')}`;
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e9));
  const businessId = '102290129340398';
  rememberSecret(token, appSecret, verifyToken);
  const sent = recorded<WaMessage>();
  const messages = sent.items;
  const refused: MetaGraph['refused'] = [];
  const refusals = new Map<string, { status: number; code: number; message: string }>();
  let webhookUrl = '';

  const fail = (res: http.ServerResponse, status: number, code: number, message: string) => {
    refused.push({ status, code, message });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') } }));
  };

  /** Meta's checks of a message body; the problem, or null. */
  function problem(b: Record<string, unknown>): { code: number; message: string } | null {
    if (b.messaging_product !== 'whatsapp') return { code: 100, message: '(#100) The parameter messaging_product is required.' };
    if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) return { code: 100, message: '(#100) Invalid parameter: to' };
    if (b.type === 'text') {
      const t = b.text as { body?: unknown } | undefined;
      return typeof t?.body === 'string' && t.body.length > 0 && t.body.length <= 4096 ? null : { code: 100, message: '(#100) Param text[body] is required' };
    }
    if (b.type !== 'template') return { code: 100, message: '(#100) Unsupported message type' };
    const tpl = b.template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    const approved = typeof tpl?.name === 'string' ? APPROVED[tpl.name] : undefined;
    if (!approved) return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
    if (tpl!.language?.code !== 'es') return { code: 132001, message: '(#132001) Template name does not exist in es' };
    const components = Array.isArray(tpl!.components) ? (tpl!.components as Array<Record<string, unknown>>) : [];
    const body = components.filter((c) => c.type === 'body');
    const params = (body[0]?.parameters ?? []) as Array<{ type?: unknown; text?: unknown }>;
    if (body.length !== 1 || params.length !== approved.parameters || params.some((p) => p.type !== 'text' || typeof p.text !== 'string' || !p.text))
      return { code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
    const buttons = components.filter((c) => c.type === 'button');
    if (buttons.length !== approved.buttons) return { code: 132000, message: '(#132000) Number of button parameters does not match' };
    for (const [i, btn] of buttons.entries()) {
      const bp = (btn.parameters ?? []) as Array<{ type?: unknown; payload?: unknown }>;
      if (btn.sub_type !== 'quick_reply' || btn.index !== String(i) || bp.length !== 1 || bp[0]!.type !== 'payload' || typeof bp[0]!.payload !== 'string' || bp[0]!.payload.length > 128)
        return { code: 131009, message: `(#131009) Parameter value is not valid: button ${i}` };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const m = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return fail(res, 400, 100, 'Unknown path components');
      if (req.headers.authorization !== `Bearer ${token}`) return fail(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (m[2] !== phoneNumberId) return fail(res, 400, 100, '(#100) Unsupported post request. Object with ID does not exist');
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return fail(res, 400, 100, '(#100) Invalid JSON');
      }
      const p = problem(b);
      if (p) return fail(res, 400, p.code, p.message);
      const to = b.to as string;
      const refusal = refusals.get(to);
      if (refusal) {
        refusals.delete(to);
        return fail(res, refusal.status, refusal.code, refusal.message);
      }
      const id = `wamid.${Buffer.from(randomBytes(24)).toString('base64url')}`;
      const tpl = b.template as { name: string; components: Array<{ type: string; parameters: Array<{ text?: string; payload?: string }> }> } | undefined;
      sent.add({
        id,
        to,
        type: b.type as 'template' | 'text',
        template: tpl?.name,
        parameters: tpl?.components.find((c) => c.type === 'body')?.parameters.map((x) => x.text!) ?? [],
        payloads: tpl?.components.filter((c) => c.type === 'button').map((c) => c.parameters[0]!.payload!) ?? [],
        text: (b.text as { body?: string } | undefined)?.body,
        body: b,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function notify(body: unknown, sign: Sign = 'valid') {
    if (!webhookUrl) throw new Error('deliverTo(webhookUrl) first');
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (sign !== 'none') headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', sign === 'valid' ? appSecret : 'no-es-el-secreto').update(raw).digest('hex')}`;
    const res = await fetch(webhookUrl, { method: 'POST', headers, body: raw });
    return { status: res.status, text: await res.text() };
  }

  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: businessId, changes: [{ value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '34953000000', phone_number_id: phoneNumberId }, ...value }, field: 'messages' }] }],
  });

  return {
    url,
    phoneNumberId,
    env: { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken, WHATSAPP_GRAPH_URL: url },
    messages,
    refused,
    waitFor: (to, match = () => true, timeout = 10_000) => sent.waitFor((m) => m.to === to && match(m), timeout, `WhatsApp to ${to}`),
    refuseNext: (to, error) => void refusals.set(to, error),
    deliverTo: (u) => void (webhookUrl = u),
    notify,
    async tap(message, index, opts = {}) {
      const id = opts.id ?? `wamid.${randomBytes(18).toString('base64url')}`;
      const from = opts.from ?? message.to;
      const body = envelope({
        contacts: [{ profile: { name: 'Clienta' }, wa_id: from }],
        messages: [
          {
            context: { from: '34953000000', id: message.id },
            from,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'button',
            button: { payload: message.payloads[index], text: BUTTON_TEXT[index] },
          },
        ],
      });
      return { ...(await notify(body, opts.sign)), id };
    },
    status(message, status, error) {
      return notify(
        envelope({
          statuses: [
            {
              id: message.id,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: message.to,
              ...(status === 'failed' && error ? { errors: [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.title } }] } : {}),
              pricing: { billable: status !== 'failed', pricing_model: 'PMP', category: 'utility', type: 'regular' },
            },
          ],
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
