import { sql } from 'drizzle-orm';
import { channelOrder, isMessageChannel, type SendChannel } from '../../domain/message-channels';
import { isMobilePhone, whatsappNumber } from '../../domain/mobile-phone';
import { isReplyKind } from '../../domain/notification-rules';
import { isTemplateKind, replyText, smsText, templateParameters, WHATSAPP_TEMPLATES } from '../../domain/phone-messages';
import { DEFAULT_SALON_NAME } from '../../domain/salon-settings';
import type { Tx } from '../db/client';
import type { DeliverDeps, DeliveryRow } from './deliver';
import type { JobPayload } from './enqueue';
import { enqueueFallback } from './fallback';
import { PermanentSendError } from './provider-errors';
import { sendSms } from './sms';
import { replyPayload, visitPath, visitToken } from './tokens';
import { sendTemplate, sendText } from './whatsapp';

// The client's messages on her phone (ADR 055-057): which channel a message to her takes, and its
// sending by WhatsApp or SMS. Only the service, the day, the time, the salon and a signed link go
// out: never her notes or a consent's answers (domain/phone-messages.ts).

export type Route = { kind: 'email' } | { kind: 'phone'; channel: 'whatsapp' | 'sms'; phone: string } | { kind: 'none'; outcome: 'no_email' | 'opted_out' };

/**
 * Her channel: a fallback's own, else the first of her order that reaches her (domain
 * message-channels.ts). The consent reminder goes by email only (its page asks health questions:
 * ADR 057); a reply on WhatsApp only by WhatsApp.
 */
export function clientRoute(deps: Pick<DeliverDeps, 'whatsapp' | 'sms'>, p: JobPayload, r: DeliveryRow): Route {
  const mobile = isMobilePhone(r.client_phone);
  const reach = { whatsapp: !!deps.whatsapp && mobile, sms: !!deps.sms && mobile, email: (r.client_email ?? '').includes('@') };
  const phone = (channel: 'whatsapp' | 'sms'): Route => ({ kind: 'phone', channel, phone: r.client_phone! });
  if (isReplyKind(p.kind)) return reach.whatsapp ? phone('whatsapp') : { kind: 'none', outcome: 'no_email' };
  if (p.kind === 'consent_reminder') return reach.email ? { kind: 'email' } : { kind: 'none', outcome: 'no_email' };
  const chosen = isMessageChannel(r.message_channel) ? r.message_channel : null;
  if (chosen === 'none') return { kind: 'none', outcome: 'opted_out' };
  const channel: SendChannel | undefined = p.via ?? channelOrder(chosen, reach)[0];
  if (!channel || !reach[channel]) return { kind: 'none', outcome: 'no_email' };
  return channel === 'email' ? { kind: 'email' } : phone(channel);
}

type Recorded = { outcome: 'sent' | 'failed'; providerId?: string; failure?: string };

async function record(tx: Tx, key: string, p: JobPayload, r: DeliveryRow, channel: SendChannel, phone: string, v: Recorded) {
  await tx.execute(sql`INSERT INTO sent_messages (key, appointment_id, kind, recipient, sent_to, outcome, channel, provider_id, delivery_status, status_at, failure)
    VALUES (${key}, ${r.id}::uuid, ${p.kind}, ${p.recipient}, ${phone}, ${v.outcome}, ${channel}, ${v.providerId ?? null}, ${v.outcome === 'sent' ? 'sent' : 'failed'}, now(), ${v.failure ?? null})
    ON CONFLICT (key) DO NOTHING`);
}

/** Sends it; the provider's id is recorded for its receipts. A permanent refusal records the failure and tries the next channel. */
export async function deliverByPhone(deps: DeliverDeps, tx: Tx, key: string, p: JobPayload, r: DeliveryRow, channel: 'whatsapp' | 'sms', phone: string): Promise<'sent' | 'failed' | 'no_email'> {
  const facts = { serviceName: r.service_name, start: new Date(r.start_time), salonName: r.salon_name || DEFAULT_SALON_NAME };
  // The buttons and the link name the visit as this message shows it (its current time).
  const ref = { appointmentId: r.id, version: r.message_sequence };
  let providerId: string;
  try {
    if (isReplyKind(p.kind)) {
      providerId = await sendText(deps.whatsapp!, whatsappNumber(phone), replyText(p.kind, facts, { phone: r.salon_phone ?? '', cancellationHours: r.cancellation_hours }));
    } else if (!isTemplateKind(p.kind)) {
      return 'no_email'; // clientRoute sends no other kind by phone
    } else if (channel === 'whatsapp') {
      const t = WHATSAPP_TEMPLATES[p.kind];
      const replies = t.buttons ? ([replyPayload(deps.messageSecret, 'confirm', ref), replyPayload(deps.messageSecret, 'cancel', ref)] as [string, string]) : undefined;
      providerId = await sendTemplate(deps.whatsapp!, whatsappNumber(phone), t.name, templateParameters(facts), replies);
    } else {
      const link = p.kind !== 'cancellation' && r.status === 'confirmed' ? `${deps.publicUrl}${visitPath(visitToken(deps.messageSecret, ref))}` : null;
      providerId = await sendSms(deps.sms!, phone, smsText(p.kind, facts, link), `${deps.publicUrl}/api/webhooks/sms`);
    }
  } catch (err) {
    if (!(err instanceof PermanentSendError)) throw err; // the queue tries again later
    await record(tx, key, p, r, channel, phone, { outcome: 'failed', failure: err.failure });
    const next = await enqueueFallback(tx, { whatsapp: !!deps.whatsapp, sms: !!deps.sms }, key, channel);
    deps.log.warn({ key, channel, failure: err.failure, fallback: next }, 'message refused by the provider');
    return 'failed';
  }
  await record(tx, key, p, r, channel, phone, { outcome: 'sent', providerId });
  return 'sent';
}
