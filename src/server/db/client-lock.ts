import { sql } from 'drizzle-orm';
import type { Tx } from './client';

// The lock order (docs/decisions/053-one-lock-order-per-client.md): every path that books, moves,
// sells or attaches for a client takes her lock FIRST, before any row, in its transaction (or as
// the first step of its one statement, the booking's). Two such paths for one client then run one
// after the other and never wait on each other's rows: no deadlock between them, by construction.

/** Her lock's key: her account's id when the record has one (the client's own booking knows only that), else the record's. */
export const clientLockKey = (record: { id: string; userId: string | null }) => record.userId ?? record.id;

/** Takes her lock until the transaction ends (migration 0017 `client_lock`, a transaction-scoped advisory lock). */
export async function lockClient(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT client_lock(${key})`);
}

/** Her lock for an appointment's client: the account it was booked for, else its record (as clientLockKey). */
export async function lockClientOfAppointment(tx: Tx, appointmentId: string): Promise<void> {
  await tx.execute(sql`SELECT client_lock(COALESCE(a.client_id, a.client_record_id::text)) FROM appointments a
                        WHERE a.id = ${appointmentId}::uuid AND COALESCE(a.client_id, a.client_record_id::text) IS NOT NULL`);
}
