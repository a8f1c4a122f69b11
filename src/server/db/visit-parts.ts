import { sql } from 'drizzle-orm';
import type { Db } from './client';

// The parts of a visit of several services (ADR 081) cancelled together: by her (Mis Citas, her
// WhatsApp answer) or by the desk's "cancel the whole visit" (ADR 098).

type Executor = Pick<Db, 'execute'>;

export type CancelledPart = { id: string; startTime: Date; endTime: Date; employeeId: string };

/**
 * Cancels every part of the visit of appointment `id` still confirmed, as `status` at `at`; one
 * statement, so every part gets the same moment (which her one message reads: ADR 098).
 * An appointment outside a visit is its own visit of one part.
 */
export async function cancelVisitParts(tx: Executor, id: string, status: 'cancelled_by_client' | 'cancelled_by_salon', at: Date): Promise<CancelledPart[]> {
  const res = await tx.execute<{ id: string; start_time: Date | string; end_time: Date | string; employee_id: string }>(sql`
    UPDATE appointments p SET status = ${status}, updated_at = ${at.toISOString()}::timestamptz
    FROM appointments a
    WHERE a.id = ${id}::uuid AND p.status = 'confirmed' AND (p.id = a.id OR p.visit_id = a.visit_id)
    RETURNING p.id, p.start_time, p.end_time, p.employee_id`);
  return res.rows.map((r) => ({ id: r.id, startTime: new Date(r.start_time), endTime: new Date(r.end_time), employeeId: r.employee_id }));
}
