import { sql } from 'drizzle-orm';
import { isMessageChannel, nextChannel, type SendChannel } from '../../domain/message-channels';
import { isMobilePhone } from '../../domain/mobile-phone';
import { isReplyKind, messageKey, messageOfKey } from '../../domain/notification-rules';
import type { Tx } from '../db/client';
import { enqueueDelivery } from './enqueue';

// A WhatsApp or SMS the provider refused for good, at once or later by a "failed" receipt (ADR
// 057): the same message is written to the outbox again, by the next channel of her order that
// reaches her and has not been tried, in the transaction that records the failure. A reply on
// WhatsApp never falls back: it answers her there.

/** Which phone channels the salon configured (the environment's WhatsApp and SMS). */
export type Configured = { whatsapp: boolean; sms: boolean };

/** The channel the message of delivery `key` goes on by now, or null when nothing is left. */
export async function enqueueFallback(tx: Tx, configured: Configured, key: string, failed: SendChannel): Promise<SendChannel | null> {
  const msg = messageOfKey(key);
  if (!msg || msg.recipient !== 'client' || isReplyKind(msg.kind)) return null;
  const base = messageKey(msg);
  const res = await tx.execute<{ client_email: string; phone: string | null; message_channel: string | null; tried: string[] }>(sql`
    SELECT a.client_email, c.phone, c.message_channel,
           ARRAY(SELECT m.channel FROM sent_messages m WHERE m.key = ${base} OR starts_with(m.key, ${`${base}:`})) AS tried
    FROM appointments a LEFT JOIN clients c ON c.id = a.client_record_id WHERE a.id = ${msg.appointmentId}::uuid`);
  const r = res.rows[0];
  if (!r) return null;
  const mobile = isMobilePhone(r.phone);
  const reach = { whatsapp: configured.whatsapp && mobile, sms: configured.sms && mobile, email: r.client_email.includes('@') };
  const tried = [...r.tried.filter((c): c is SendChannel => c === 'whatsapp' || c === 'sms' || c === 'email'), failed];
  const next = nextChannel(isMessageChannel(r.message_channel) ? r.message_channel : null, reach, tried);
  if (!next) return null;
  await enqueueDelivery(tx, { appointmentId: msg.appointmentId, kind: msg.kind, recipient: 'client', version: msg.version, via: next });
  return next;
}
