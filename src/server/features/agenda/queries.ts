import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/texts/common';
import type { Db } from '../../db/client';
import { appointments, clients } from '../../db/schema';
import { consentMissingColumn, consentSignedColumn, hasContraindicationsColumn } from '../../db/consent-status';

type Executor = Pick<Db, 'select' | 'update'>;

/** What the employee's agenda card shows (SPEC §2 Employee portal): no price, no other employee. */
const agendaColumns = {
  id: appointments.id,
  employeeId: appointments.employeeId,
  serviceName: appointments.serviceName,
  serviceDuration: appointments.serviceDuration,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  clientName: appointments.clientName,
  // How to reach the client from the card: null, not '', when there is no address (a client record
  // with a phone only) or no longer one (a deleted account's placeholder), so no empty mailto: link.
  clientEmail: sql<string | null>`NULLIF(NULLIF(${appointments.clientEmail}, ''), ${MSG.deletedClientName})`.as('client_email'),
  // The salon's client record's phone (E.164), for a tap-to-call link. A subquery, not a join, so the
  // mark's UPDATE ... RETURNING answers the same card.
  clientPhone: sql<string | null>`(SELECT ${clients.phone} FROM ${clients} WHERE ${clients.id} = ${appointments.clientRecordId})`.as(
    'client_phone',
  ),
  notes_client: appointments.notes_client,
  // ADR 057: she answered "Confirmo" (WhatsApp or her link); the card shows it.
  clientConfirmedAt: appointments.clientConfirmedAt,
  // ADR 041: the agenda is the signed-in professional's own (an admin's own, or any she marks).
  consentMissing: consentMissingColumn.as('consent_missing'),
  consentSigned: consentSignedColumn.as('consent_signed'),
  hasContraindications: hasContraindicationsColumn().as('has_contraindications'),
};

export type AgendaRow = Awaited<ReturnType<typeof employeeDay>>[number];

/** The employee's (user id) appointments starting within [start, end), in time order (SPEC §7). */
export function employeeDay(db: Executor, employeeId: string, start: Date, end: Date) {
  return db
    .select(agendaColumns)
    .from(appointments)
    .where(and(eq(appointments.employeeId, employeeId), gte(appointments.startTime, start), lt(appointments.startTime, end)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

export async function appointmentById(db: Executor, id: string): Promise<AgendaRow | undefined> {
  const [row] = await db.select(agendaColumns).from(appointments).where(eq(appointments.id, id));
  return row;
}

/**
 * The status change as ONE conditional UPDATE: it only touches a row that is still confirmed and
 * has started, so a cancel or another mark that committed in between is never overwritten (the
 * caller gets no row back and reports the conflict).
 */
export async function markIfConfirmed(tx: Executor, id: string, to: 'completed' | 'no_show', now: Date): Promise<AgendaRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'confirmed'), lte(appointments.startTime, now)))
    .returning(agendaColumns);
  return row;
}
