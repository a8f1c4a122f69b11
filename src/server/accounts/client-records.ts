import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/client';

type Rec = { id: string; notes: string; phone: string | null; message_channel: string | null; reminders_stopped_at: Date | string | null };

/**
 * A salon client record the staff made (phone booking, walk-in) becomes the account's, with its
 * history, when the account's email is VERIFIED and the record holds that email
 * (docs/decisions/019). Called when the email is verified and at every sign-in (Google gives a
 * verified email); an unverified email never attaches anything. Idempotent, one transaction.
 *
 * The oldest matching record is kept (it has the staff's phone and notes); the account's own
 * record (made by its online bookings) and any other matching record are merged into it:
 * their appointments move over, their notes are appended, then they are deleted. Every
 * appointment of the kept record is then the account's (`client_id`), so Mis Citas shows it.
 * Returns how many records were attached.
 */
export async function attachClientRecords(db: Db, userId: string): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const who = (
        await tx.execute<{ email: string; email_verified: boolean }>(sql`SELECT email, email_verified FROM "user" WHERE id = ${userId}`)
      ).rows[0];
      if (!who?.email_verified) return 0;
      // The account's own record (made by its first booking) gets the email now that it is
      // verified: until then it held only the name (ADR 033).
      await tx.execute(sql`UPDATE clients SET email = lower(${who.email}), updated_at = now() WHERE user_id = ${userId} AND email IS NULL`);
      const records = (
        await tx.execute<Rec>(
          sql`SELECT id, notes, phone, message_channel, reminders_stopped_at FROM clients WHERE lower(email) = lower(${who.email}) AND user_id IS NULL
              ORDER BY created_at, id FOR UPDATE`,
        )
      ).rows;
      if (records.length === 0) return 0;
      const own = (
        await tx.execute<Rec>(sql`SELECT id, notes, phone, message_channel, reminders_stopped_at FROM clients WHERE user_id = ${userId} FOR UPDATE`)
      ).rows;
      const [keep, ...rest] = records;
      const merged = [...rest, ...own];
      const notes = [keep!.notes, ...merged.map((r) => r.notes)].map((n) => n.trim()).filter(Boolean).join('\n');
      // The phone and channel she gave herself (sign-up, Tus datos: ADR 057) outrank the desk's older ones.
      const phone = own.find((r) => r.phone)?.phone ?? keep!.phone ?? merged.find((r) => r.phone)?.phone ?? null;
      const channel = own.find((r) => r.message_channel)?.message_channel ?? keep!.message_channel ?? merged.find((r) => r.message_channel)?.message_channel ?? null;
      // Reminders stopped from any merged record's link stay stopped (ADR 029).
      const stopped = [keep!, ...merged].find((r) => r.reminders_stopped_at)?.reminders_stopped_at ?? null;
      if (merged.length > 0) {
        const ids = sql.join(
          merged.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        );
        await tx.execute(sql`UPDATE appointments SET client_record_id = ${keep!.id}::uuid WHERE client_record_id IN (${ids})`);
        // Her bonos (ADR 037) follow her history to the kept record.
        await tx.execute(sql`UPDATE bonos SET client_id = ${keep!.id}::uuid, updated_at = now() WHERE client_id IN (${ids})`);
        // Her signed consents (ADR 041) too: the one change their immutability trigger lets through.
        await tx.execute(sql`UPDATE consent_documents SET client_record_id = ${keep!.id}::uuid WHERE client_record_id IN (${ids})`);
        await tx.execute(sql`DELETE FROM clients WHERE id IN (${ids})`);
      }
      await tx.execute(
        sql`UPDATE clients SET user_id = ${userId}, notes = ${notes}, phone = ${phone}, message_channel = ${channel},
              reminders_stopped_at = ${stopped ? new Date(stopped).toISOString() : null}::timestamptz, updated_at = now()
            WHERE id = ${keep!.id}::uuid`,
      );
      await tx.execute(
        sql`UPDATE appointments SET client_id = ${userId}, client_email = ${who.email}, updated_at = now()
            WHERE client_record_id = ${keep!.id}::uuid AND client_id IS NULL`,
      );
      return records.length;
    });
  } catch (err) {
    // The account's own record was created by a booking at this very moment: the next sign-in attaches.
    if (pgErrorCode(err) === '23505') return 0;
    throw err;
  }
}
