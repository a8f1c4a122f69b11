import type { Config } from '../config';
import { PermanentSendError, postWithin, shortText } from './provider-errors';

// WhatsApp Business Platform, Cloud API (ADR 055): POST {graph}/v<version>/{phone number id}/messages
// with the bearer token and Meta's JSON. No SDK: Meta keeps none for Node, and this is one POST.

export type WhatsappConfig = NonNullable<Config['whatsapp']>;

/** Meta's error codes that mean "later", not "never": throttling and its own outages. */
const RETRY_LATER = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** Sends one message; returns WhatsApp's id of it (wamid…). */
async function post(cfg: WhatsappConfig, body: Record<string, unknown>): Promise<string> {
  const res = await postWithin(`${cfg.graphUrl}/${cfg.version}/${cfg.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cfg.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
  });
  const json = (await res.json().catch(() => null)) as { messages?: Array<{ id?: unknown }>; error?: { code?: unknown; message?: unknown } } | null;
  if (res.ok) {
    const id = json?.messages?.[0]?.id;
    if (typeof id === 'string' && id.length > 0 && id.length <= 200) return id;
    throw new Error('WhatsApp no devolvió el identificador del mensaje');
  }
  const code = Number(json?.error?.code);
  const failure = `WhatsApp ${res.status}${Number.isFinite(code) ? ` (${code})` : ''}: ${shortText(json?.error?.message)}`;
  if (res.status === 429 || res.status >= 500 || RETRY_LATER.has(code)) throw new Error(failure);
  throw new PermanentSendError(failure);
}

/**
 * A utility template (docs/operations.md, "WhatsApp"): language es, the body's parameters in
 * order, and when `replies` is given, the payloads of its quick-reply buttons index 0 "Confirmo"
 * and 1 "Cancelar cita".
 */
export function templateMessage(to: string, name: string, parameters: string[], replies?: [confirm: string, cancel: string]) {
  const buttons = (replies ?? []).map((payload, index) => ({
    type: 'button',
    sub_type: 'quick_reply',
    index: String(index),
    parameters: [{ type: 'payload', payload }],
  }));
  return {
    to,
    type: 'template',
    template: {
      name,
      language: { code: 'es' },
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }, ...buttons],
    },
  };
}

/** `to` is her number in E.164 without the "+" (WhatsApp's form). */
export const sendTemplate = (cfg: WhatsappConfig, ...args: Parameters<typeof templateMessage>) => post(cfg, templateMessage(...args));

/** Free text, allowed within 24 hours of her own message (the replies to her buttons). */
export const sendText = (cfg: WhatsappConfig, to: string, body: string) => post(cfg, { to, type: 'text', text: { preview_url: false, body } });
