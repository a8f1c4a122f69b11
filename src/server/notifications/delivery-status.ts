import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from '../db/client';
import { enqueueFallback, type Configured } from './fallback';

// What WhatsApp and Twilio said of a message since it left (ADR 055, 056): stored on its row, the
// furthest state kept (receipts may come out of order); a "failed" one falls back to the next
// channel (fallback.ts). A receipt for a message that is not ours changes nothing.

export const RECEIPT_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
const RANK: Record<ReceiptStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

export type Receipt = { channel: 'whatsapp' | 'sms'; providerId: string; status: ReceiptStatus; failure: string | null };

/** Applies one receipt in `tx`: 'unknown' (no message of ours has that id), 'stale' (it knew more already) or 'applied'. */
export async function applyReceipt(tx: Tx, configured: Configured, r: Receipt): Promise<'unknown' | 'stale' | 'applied'> {
  const res = await tx.execute<{ key: string; delivery_status: ReceiptStatus | null }>(sql`
    SELECT key, delivery_status FROM sent_messages WHERE provider_id = ${r.providerId} AND channel = ${r.channel} FOR UPDATE`);
  const row = res.rows[0];
  if (!row) return 'unknown';
  if (RANK[r.status] <= (row.delivery_status ? RANK[row.delivery_status] : 0)) return 'stale';
  await tx.execute(sql`UPDATE sent_messages SET delivery_status = ${r.status}, status_at = now(), failure = coalesce(${r.failure}, failure)
    WHERE key = ${row.key}`);
  if (r.status === 'failed') await enqueueFallback(tx, configured, row.key, r.channel);
  return 'applied';
}

/**
 * A receipt from a webhook. It may overtake the commit of the send it is about (the send is
 * recorded in the transaction that made it, a moment after the provider answered): an id not
 * known yet is looked for again twice, within about a second, before it is taken as not ours.
 */
export async function applyReceiptSoon(db: Db, configured: Configured, r: Receipt): Promise<void> {
  for (const wait of [0, 250, 1000]) {
    if (wait > 0) await sleep(wait);
    if ((await db.transaction((tx) => applyReceipt(tx, configured, r))) !== 'unknown') return;
  }
}
