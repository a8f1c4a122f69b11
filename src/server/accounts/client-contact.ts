import { sql } from 'drizzle-orm';
import { isMessageChannel, type MessageChannel } from '../../domain/message-channels';
import type { Db, Tx } from '../db/client';

// An account's phone and channel (ADR 057) live on her client record, where the desk sees and
// changes them too: the record the salon keeps of her is one, whoever typed the number. An account
// without a record yet (no booking) gets one here, as its first booking would (migration 0005):
// with the email only once it is verified (ADR 033).

export type Contact = {
  /** E.164, or null */
  phone: string | null;
  messageChannel: MessageChannel | null;
  /** Mis Citas offers to add a phone: she has none and never closed the note (or saw the sign-up's field). */
  showPhoneNote: boolean;
};

export async function contactOf(db: Pick<Db, 'execute'>, userId: string): Promise<Contact> {
  const res = await db.execute<{ phone: string | null; message_channel: string | null; dismissed: boolean }>(sql`
    SELECT c.phone, c.message_channel,
           EXISTS (SELECT 1 FROM message_preferences mp WHERE mp.user_id = u.id AND mp.phone_note_dismissed_at IS NOT NULL) AS dismissed
    FROM "user" u LEFT JOIN clients c ON c.user_id = u.id WHERE u.id = ${userId}`);
  const r = res.rows[0];
  const channel = r?.message_channel ?? null;
  return { phone: r?.phone ?? null, messageChannel: isMessageChannel(channel) ? channel : null, showPhoneNote: !!r && !r.phone && !r.dismissed };
}

type Who = { id: string; name: string };

/**
 * Her phone and channel on her record (made when she has none), and the record's audit line: she
 * changed it herself. One transaction with the caller's other writes when `tx` is given.
 */
export async function saveContact(tx: Tx, who: Who, v: { phone: string | null; messageChannel: MessageChannel | null }, at: Date): Promise<void> {
  const res = await tx.execute<{ id: string; made: boolean }>(sql`
    INSERT INTO clients (name, email, user_id, phone, message_channel, created_at, updated_at)
    SELECT u.name, CASE WHEN u.email_verified THEN lower(u.email) END, u.id, ${v.phone}, ${v.messageChannel}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    FROM "user" u WHERE u.id = ${who.id}
    ON CONFLICT (user_id) DO UPDATE SET phone = EXCLUDED.phone, message_channel = EXCLUDED.message_channel, updated_at = EXCLUDED.updated_at
    RETURNING id, (xmax = 0) AS made`);
  const row = res.rows[0];
  if (!row) return;
  await tx.execute(sql`INSERT INTO client_record_changes (client_id, action, changed_by_user_id, changed_by_name, changed_by_role, created_at)
    VALUES (${row.id}::uuid, ${row.made ? 'created' : 'updated'}, ${who.id}, ${who.name}, 'client', ${at.toISOString()}::timestamptz)`);
  // Once she has a phone, Mis Citas stops offering one.
  if (v.phone) await dismissPhoneNote(tx, who.id, at);
}

/** "Ahora no" on Mis Citas' note (or the sign-up, which asked already): not offered again. */
export async function dismissPhoneNote(db: Pick<Db, 'execute'>, userId: string, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO message_preferences (user_id, phone_note_dismissed_at, updated_at)
    SELECT id, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz FROM "user" WHERE id = ${userId}
    ON CONFLICT (user_id) DO UPDATE SET phone_note_dismissed_at = coalesce(message_preferences.phone_note_dismissed_at, EXCLUDED.phone_note_dismissed_at)`);
}
