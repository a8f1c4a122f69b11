import { and, asc, desc, eq } from 'drizzle-orm';
import { appointmentForClient } from '../../db/appointment-columns';
import type { Db } from '../../db/client';
import { appointments, salonSettings } from '../../db/schema';
import { consentMissingColumn } from '../../db/consent-status';

type Executor = Pick<Db, 'update' | 'execute'>;

const clientView = {
  id: appointments.id,
  serviceId: appointments.serviceId,
  // The professional's account, as the booking page's list names her: "Reservar de nuevo" preselects her (ADR 074).
  employeeId: appointments.employeeId,
  ...appointmentForClient,
  notes_client: appointments.notes_client,
  // ADR 081: the parts of one visit share it; Mis Citas shows them on one card.
  visitId: appointments.visitId,
};

/** SPEC §7: by clientId, ordered by startTime descending. `consentMissing` and the link's generation (ADR 041, 051) are for the "Firma tu consentimiento" link. */
export function appointmentsOfClient(db: Db, clientId: string) {
  return db
    .select({ ...clientView, consentMissing: consentMissingColumn, consentLinkGeneration: appointments.consentLinkGeneration })
    .from(appointments)
    .where(eq(appointments.clientId, clientId))
    .orderBy(desc(appointments.startTime), desc(appointments.createdAt));
}

/** The appointment only if it belongs to this client: another's is "not found", never "forbidden". */
export async function ownAppointment(db: Db, id: string, clientId: string) {
  const [row] = await db
    .select({ id: appointments.id, status: appointments.status, startTime: appointments.startTime, employeeId: appointments.employeeId, visitId: appointments.visitId })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.clientId, clientId)));
  return row;
}

/** ADR 083: the parts of her visit, first first (a part of another client's visit is never hers). */
export function ownVisitParts(db: Db, visitId: string, clientId: string) {
  return db
    .select({ id: appointments.id, status: appointments.status, startTime: appointments.startTime, employeeId: appointments.employeeId, visitId: appointments.visitId })
    .from(appointments)
    .where(and(eq(appointments.visitId, visitId), eq(appointments.clientId, clientId)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/** Only a still-confirmed row changes, so a cancel racing another status change cannot undo it. */
export async function markCancelledByClient(db: Executor, id: string, at: Date) {
  const [row] = await db
    .update(appointments)
    .set({ status: 'cancelled_by_client', updatedAt: at })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'confirmed')))
    .returning({ id: appointments.id, status: appointments.status });
  return row;
}

/** What Mis Citas tells her beside the list: the cancellation window, the salon's phone, the cap (defaults when never saved). */
export async function myAppointmentsSettings(db: Db) {
  const [row] = await db
    .select({
      policyHours: salonSettings.cancellationPolicyHours,
      phoneNumber: salonSettings.phoneNumber,
      maxFutureAppointments: salonSettings.maxFutureAppointmentsPerClient,
    })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1));
  return row;
}
