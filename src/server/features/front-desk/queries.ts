import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { appointmentBooking, appointmentChange } from '../../db/appointment-columns';
import type { Db } from '../../db/client';
import type { MessageChannel } from '../../../domain/message-channels';
import { consentMissingColumn, consentSignedColumn, hasContraindicationsColumn } from '../../db/consent-status';
import {
  appointmentChanges,
  appointmentResources,
  appointments,
  clientRecordChanges,
  clients,
  employees,
  resources,
  serviceResourceGroupMembers,
  serviceResourceGroups,
  user,
} from '../../db/schema';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** What the staff see of a client in a list (no notes: those are on the client's page). */
const clientListColumns = {
  id: clients.id,
  name: clients.name,
  phone: clients.phone,
  email: clients.email,
  hasAccount: sql<boolean>`${clients.userId} IS NOT NULL`,
};

const clientColumns = { ...clientListColumns, notes: clients.notes, messageChannel: clients.messageChannel, createdAt: clients.createdAt };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// Accents do not matter when searching a name: "lucia" finds "Lucía".
const fold = (v: unknown) => sql`translate(lower(${v}), 'áéíóúüñàèìòùç', 'aeiouunaeiouc')`;

/** By name, email or (three digits or more) phone, as the staff type. */
export function searchClients(db: Executor, q: { text: string; digits: string; limit: number }) {
  const text = q.text.trim();
  const where = [];
  if (text) {
    const pattern = `%${likeEscape(text.toLowerCase())}%`;
    where.push(sql`${fold(clients.name)} LIKE ${fold(pattern)}`);
    where.push(sql`lower(${clients.email}) LIKE ${pattern}`);
  }
  if (q.digits.length >= 3) where.push(sql`${clients.phone} LIKE ${`%${q.digits}%`}`);
  const filter = text || q.digits ? (where.length ? sql`(${sql.join(where, sql` OR `)})` : sql`false`) : sql`true`;
  return db
    .select(clientListColumns)
    .from(clients)
    .where(filter)
    .orderBy(sql`lower(${clients.name})`, asc(clients.id))
    .limit(q.limit);
}

/**
 * She stopped her reminders: from a link on this record (no account), or on her account (the link,
 * or Mis Citas). The staff see it on her page (ADR 029).
 */
// Spelled out: drizzle writes a column of a one-table select unqualified, which inside the
// subquery would name message_preferences.user_id.
const remindersStopped = sql<boolean>`(clients.reminders_stopped_at IS NOT NULL OR EXISTS (
  SELECT 1 FROM message_preferences mp WHERE mp.user_id = clients.user_id AND NOT mp.reminders))`;

export async function clientById(db: Executor, id: string) {
  const [row] = await db
    .select({ ...clientColumns, remindersStopped, userId: clients.userId })
    .from(clients)
    .where(eq(clients.id, id));
  return row;
}

type RecordFields = { name: string; phone: string; email: string | null; notes: string; messageChannel: MessageChannel | null };

export async function insertClient(db: Executor, v: RecordFields) {
  const [row] = await db.insert(clients).values(v).returning(clientColumns);
  return row!;
}

export async function updateClient(
  db: Executor,
  id: string,
  v: RecordFields,
  at: Date,
) {
  const [row] = await db
    .update(clients)
    .set({ ...v, updatedAt: at })
    .where(eq(clients.id, id))
    .returning(clientColumns);
  return row;
}

/** One line of a record's audit: who created or changed it, and when (ADR 033). */
export async function insertClientChange(
  db: Executor,
  v: { clientId: string; action: 'created' | 'updated'; by: { id: string; name: string; role: string }; at: Date },
) {
  await db.insert(clientRecordChanges).values({
    clientId: v.clientId,
    action: v.action,
    changedByUserId: v.by.id,
    changedByName: v.by.name,
    changedByRole: v.by.role,
    createdAt: v.at,
  });
}

/** Who created the record and who changed it last. */
export async function clientAudit(db: Executor, clientId: string) {
  const rows = await db
    .select({ action: clientRecordChanges.action, byName: clientRecordChanges.changedByName, at: clientRecordChanges.createdAt })
    .from(clientRecordChanges)
    .where(eq(clientRecordChanges.clientId, clientId))
    .orderBy(asc(clientRecordChanges.createdAt), asc(clientRecordChanges.id));
  const created = rows.find((r) => r.action === 'created');
  const updated = rows.filter((r) => r.action === 'updated').at(-1);
  const shown = (r: (typeof rows)[number] | undefined) => (r ? { byName: r.byName, at: r.at.toISOString() } : null);
  return { created: shown(created), updated: shown(updated) };
}

/** The id of an account whose VERIFIED email is this one (a new record may belong to it). */
export async function verifiedUserWithEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), eq(user.emailVerified, true)));
  return row?.id;
}

/** The front desk's view: the client RECORD (not the account's email), and who booked. */
const staffAppointment = {
  id: appointments.id,
  clientRecordId: appointments.clientRecordId,
  clientName: appointments.clientName,
  employeeId: appointments.employeeId,
  employeeName: appointments.employeeName,
  serviceId: appointments.serviceId,
  ...appointmentBooking,
  bookedBy: appointments.bookedBy,
};

export function appointmentsOfClientRecord(db: Executor, clientRecordId: string) {
  return db
    .select(staffAppointment)
    .from(appointments)
    .where(eq(appointments.clientRecordId, clientRecordId))
    .orderBy(desc(appointments.startTime), desc(appointments.id))
    .limit(500);
}

export async function clientTotals(db: Executor, clientRecordId: string) {
  const [row] = await db
    .select({
      visits: sql<number>`count(*) FILTER (WHERE ${appointments.status} = 'completed')::int`,
      noShows: sql<number>`count(*) FILTER (WHERE ${appointments.status} = 'no_show')::int`,
      spent: sql<string>`coalesce(sum(${appointments.price}) FILTER (WHERE ${appointments.status} = 'completed'), 0)`,
    })
    .from(appointments)
    .where(eq(appointments.clientRecordId, clientRecordId));
  return { visits: row?.visits ?? 0, noShows: row?.noShows ?? 0, spent: Number(row?.spent ?? 0) };
}

/** Active professionals (with the account that holds their appointments), by name; the desk's records are not (ADR 063). */
export function activeProfessionals(db: Executor) {
  return db
    .select({ id: employees.id, name: employees.name, userId: employees.userId, availability: employees.availability })
    .from(employees)
    .where(and(eq(employees.isActive, true), eq(employees.accountRole, 'employee')))
    .orderBy(asc(employees.name), asc(employees.id));
}

export type HeldResource = { id: string; name: string; kind: 'cabina' | 'aparato' };

/**
 * The cabins and machines an appointment holds (ADR 036), in the salon's stable order: a
 * subquery per row through appointment_resources' primary key, so the day stays one statement.
 * The outer columns are spelled out (as remindersStopped above).
 */
const heldResources = sql<HeldResource[]>`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind)
    ORDER BY r.position, r.created_at, r.id), '[]'::json)
  FROM ${appointmentResources} ar JOIN ${resources} r ON r.id = ar.resource_id WHERE ar.appointment_id = appointments.id)`;

/** Every appointment starting within [start, end), by time, with its client's phone, its buffers and its resources. */
export function appointmentsBetween(db: Executor, start: Date, end: Date, employeeUserId?: string) {
  const where = [gte(appointments.startTime, start), lt(appointments.startTime, end)];
  if (employeeUserId) where.push(eq(appointments.employeeId, employeeUserId));
  return db
    .select({
      ...staffAppointment,
      clientPhone: clients.phone,
      // ADR 057: she answered "Confirmo" (WhatsApp or her link); the block shows it.
      clientConfirmedAt: appointments.clientConfirmedAt,
      prepMinutes: appointments.prepMinutes,
      cleanupMinutes: appointments.cleanupMinutes,
      // ADR 058: a squeeze ('outside_hours') or a walk-in ('walk_in'), marked in the day view.
      fittedIn: appointments.fittedIn,
      // ADR 098: a part of a visit of several services (its other parts are the day's rows with the
      // same id); the details name them and offer "Cancelar toda la visita".
      visitId: appointments.visitId,
      resources: heldResources,
      // ADR 041: an employee's day holds only her own appointments (employeeUserId), the admin's every one.
      consentMissing: consentMissingColumn,
      consentSigned: consentSignedColumn,
      hasContraindications: hasContraindicationsColumn(employeeUserId),
      // ADR 053: paid with a bono's session, or not covered though she has a bono for it (paid normally).
      bono: sql<'covered' | 'not_covered' | null>`appointment_bono_state(${appointments.id})`,
    })
    .from(appointments)
    .leftJoin(clients, eq(clients.id, appointments.clientRecordId))
    .where(and(...where))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/**
 * The active cabins and machines in the salon's stable order, each with the services' groups it is
 * a member of (the day view offers a move to another member of the same group, and the new
 * appointment's choice of cabin): one statement.
 */
export function activeResourcesWithGroups(db: Executor) {
  return db
    .select({
      id: resources.id,
      name: resources.name,
      kind: resources.kind,
      position: resources.position,
      groups: sql<Array<{ serviceId: string; groupId: string; groupPosition: number }>>`(SELECT coalesce(json_agg(json_build_object(
          'serviceId', g.service_id, 'groupId', g.id, 'groupPosition', g.position)), '[]'::json)
        FROM ${serviceResourceGroupMembers} gm JOIN ${serviceResourceGroups} g ON g.id = gm.group_id WHERE gm.resource_id = resources.id)`,
    })
    .from(resources)
    .where(eq(resources.isActive, true))
    .orderBy(asc(resources.position), asc(resources.createdAt), asc(resources.id));
}

export async function appointmentAgenda(db: Executor, id: string) {
  const [row] = await db.select({ employeeId: appointments.employeeId }).from(appointments).where(eq(appointments.id, id));
  return row;
}

export function changesOf(db: Executor, appointmentId: string) {
  return db
    .select({ id: appointmentChanges.id, ...appointmentChange })
    .from(appointmentChanges)
    .where(eq(appointmentChanges.appointmentId, appointmentId))
    .orderBy(asc(appointmentChanges.createdAt), asc(appointmentChanges.id));
}
