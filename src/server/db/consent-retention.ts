import { sql } from 'drizzle-orm';
import { CONSENT_RETENTION_YEARS } from '../../domain/consents';
import type { Db } from './client';

// The retention purge (ADR 041): a client record's signed consents are deleted once
// CONSENT_RETENTION_YEARS have passed since her last treatment (her latest appointment that was
// not cancelled, or her latest signature, whichever is later). The one DELETE the trigger
// consent_documents_immutable lets through: this transaction says so with SET LOCAL, which ends
// with it. Their access log goes with them (ON DELETE CASCADE). Run daily by the queue (worker.ts).

export const CONSENT_PURGE_TASK = 'consents_purge';

export async function purgeExpiredConsents(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL auna.consent_purge = 'on'`);
    const res = await tx.execute<{ id: string }>(sql`
      WITH cutoff AS (SELECT ${now.toISOString()}::timestamptz - make_interval(years => ${CONSENT_RETENTION_YEARS}) AS at),
      expired AS (
        SELECT d.client_record_id FROM consent_documents d, cutoff
         GROUP BY d.client_record_id, cutoff.at
        HAVING max(d.signed_at) < cutoff.at
           AND NOT EXISTS (SELECT 1 FROM appointments a
                            WHERE a.client_record_id = d.client_record_id
                              AND a.status NOT IN ('cancelled_by_client', 'cancelled_by_salon')
                              AND a.start_time >= cutoff.at))
      DELETE FROM consent_documents WHERE client_record_id IN (SELECT client_record_id FROM expired) RETURNING id`);
    return res.rows.length;
  });
}
