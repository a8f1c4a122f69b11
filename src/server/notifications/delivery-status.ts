import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { enqueueFallback, type Configured } from './fallback';

// What WhatsApp and Twilio said of a message since it left (ADR 055, 056): stored on its row, the
// furthest state kept (receipts may come out of order); a "failed" one falls back to the next
// channel (fallback.ts). A receipt for a message that is not ours changes nothing.

export const RECEIPT_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
const RANK: Record<ReceiptStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

export type Receipt = { channel: 'whatsapp' | 'sms'; providerId: string; status: ReceiptStatus; failure: string | null };

/** Applies one receipt in `tx`; true when it changed the message's state. */
export async function applyReceipt(tx: Tx, configured: Configured, r: Receipt): Promise<boolean> {
  const res = await tx.execute<{ key: string; delivery_status: ReceiptStatus | null }>(sql`
    SELECT key, delivery_status FROM sent_messages WHERE provider_id = ${r.providerId} AND channel = ${r.channel} FOR UPDATE`);
  const row = res.rows[0];
  if (!row || RANK[r.status] <= (row.delivery_status ? RANK[row.delivery_status] : 0)) return false;
  await tx.execute(sql`UPDATE sent_messages SET delivery_status = ${r.status}, status_at = now(), failure = coalesce(${r.failure}, failure)
    WHERE key = ${row.key}`);
  if (r.status === 'failed') await enqueueFallback(tx, configured, row.key, r.channel);
  return true;
}
