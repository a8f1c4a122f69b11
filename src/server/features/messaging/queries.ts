import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

// The messaging room's SQL (ADR 057, 055): a visit as a message names it, the client's answers to
// it, and the desk's WhatsApp reminders.

type Exec = Pick<Db, 'execute'>;

export type Visit = {
  id: string;
  status: string;
  version: number;
  startTime: Date;
  serviceName: string;
  employeeName: string;
  employeeId: string;
  clientName: string;
  clientConfirmedAt: Date | null;
  /** Her record's phone (E.164), or null. */
  phone: string | null;
  salonName: string | null;
  salonPhone: string;
  cancellationHours: number;
};

type VisitRow = {
  id: string;
  status: string;
  message_sequence: number;
  start_time: Date | string;
  service_name: string;
  employee_name: string;
  employee_id: string;
  client_name: string;
  client_confirmed_at: Date | string | null;
  phone: string | null;
  salon_name: string | null;
  salon_phone: string | null;
  hours: number;
};

const toVisit = (r: VisitRow): Visit => ({
  id: r.id,
  status: r.status,
  version: r.message_sequence,
  startTime: new Date(r.start_time),
  serviceName: r.service_name,
  employeeName: r.employee_name,
  employeeId: r.employee_id,
  clientName: r.client_name,
  clientConfirmedAt: r.client_confirmed_at ? new Date(r.client_confirmed_at) : null,
  phone: r.phone,
  salonName: r.salon_name,
  salonPhone: r.salon_phone ?? '',
  cancellationHours: Number(r.hours),
});

const visitColumns = sql`a.id, a.status, a.message_sequence, a.start_time, a.service_name, a.employee_name, a.employee_id, a.client_name,
  a.client_confirmed_at, c.phone, s.name AS salon_name, s.phone_number AS salon_phone, coalesce(s.cancellation_policy_hours, 24) AS hours
  FROM appointments a LEFT JOIN clients c ON c.id = a.client_record_id LEFT JOIN salon_settings s ON s.id = 1`;

/** One visit; `lock` holds its row until the transaction ends (an answer and a move never cross). */
export async function visitById(db: Exec, id: string, lock = false): Promise<Visit | undefined> {
  const res = await db.execute<VisitRow>(sql`SELECT ${visitColumns} WHERE a.id = ${id}::uuid ${lock ? sql`FOR UPDATE OF a` : sql``}`);
  return res.rows[0] ? toVisit(res.rows[0]) : undefined;
}

/** "Confirmo": the first time is kept. */
export async function markConfirmedByClient(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE appointments SET client_confirmed_at = coalesce(client_confirmed_at, ${at.toISOString()}::timestamptz), updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${id}::uuid`);
}

/** "Cancelar cita", as hers: only while still confirmed and at the version she was told of. */
export async function markCancelledByHer(tx: Tx, id: string, version: number, at: Date): Promise<boolean> {
  const res = await tx.execute(sql`UPDATE appointments SET status = 'cancelled_by_client', updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${id}::uuid AND status = 'confirmed' AND message_sequence = ${version}`);
  return (res.rowCount ?? 0) > 0;
}

/** A WhatsApp answer, once per message id: false when it came before (the notification again). */
export async function claimReply(tx: Tx, v: { providerMessageId: string; appointmentId: string; action: 'confirm' | 'cancel' }): Promise<boolean> {
  const res = await tx.execute(sql`INSERT INTO message_replies (provider_message_id, appointment_id, action, outcome)
    SELECT ${v.providerMessageId}, (SELECT id FROM appointments WHERE id = ${v.appointmentId}::uuid), ${v.action}, 'not_pending'
    ON CONFLICT (provider_message_id) DO NOTHING`);
  return (res.rowCount ?? 0) > 0;
}

export async function settleReply(tx: Tx, providerMessageId: string, outcome: string): Promise<void> {
  await tx.execute(sql`UPDATE message_replies SET outcome = ${outcome} WHERE provider_message_id = ${providerMessageId}`);
}

export type DeskVisit = Visit & { clientRecordId: string | null; reminderSentAt: Date | null; reminderChannel: string | null };

type DeskRow = VisitRow & { client_record_id: string | null; reminder_sent_at: Date | string | null; reminder_channel: string | null };

// The last reminder she was sent (any channel, the desk's WhatsApp included) at this version.
const reminderColumns = sql`a.client_record_id,
  (SELECT max(m.sent_at) FROM sent_messages m WHERE m.appointment_id = a.id AND m.kind = 'reminder' AND m.recipient = 'client' AND m.outcome = 'sent'
     AND m.channel = 'whatsapp_link' AND m.key LIKE '%:' || a.message_sequence) AS reminder_sent_at,
  (SELECT m.channel FROM sent_messages m WHERE m.appointment_id = a.id AND m.kind = 'reminder' AND m.recipient = 'client' AND m.outcome = 'sent'
     AND coalesce(m.delivery_status, 'sent') <> 'failed' ORDER BY m.sent_at DESC LIMIT 1) AS reminder_channel`;

const toDesk = (r: DeskRow): DeskVisit => ({
  ...toVisit(r),
  clientRecordId: r.client_record_id,
  reminderSentAt: r.reminder_sent_at ? new Date(r.reminder_sent_at) : null,
  reminderChannel: r.reminder_channel,
});

/** Confirmed visits starting in [start, end), by time: the desk's "Recordatorios de mañana". */
export async function confirmedVisitsBetween(db: Exec, start: Date, end: Date): Promise<DeskVisit[]> {
  const res = await db.execute<DeskRow>(sql`SELECT ${reminderColumns}, ${visitColumns}
    WHERE a.status = 'confirmed' AND a.start_time >= ${start.toISOString()}::timestamptz AND a.start_time < ${end.toISOString()}::timestamptz
    ORDER BY a.start_time, a.employee_name, a.id`);
  return res.rows.map(toDesk);
}

/** One visit for the desk (the appointment's details). */
export async function deskVisit(db: Exec, id: string): Promise<DeskVisit | undefined> {
  const res = await db.execute<DeskRow>(sql`SELECT ${reminderColumns}, ${visitColumns} WHERE a.id = ${id}::uuid`);
  return res.rows[0] ? toDesk(res.rows[0]) : undefined;
}

/** A client record's confirmed visits still to come (her record's page). */
export async function upcomingVisitsOfRecord(db: Exec, recordId: string, now: Date): Promise<DeskVisit[]> {
  const res = await db.execute<DeskRow>(sql`SELECT ${reminderColumns}, ${visitColumns}
    WHERE a.client_record_id = ${recordId}::uuid AND a.status = 'confirmed' AND a.start_time > ${now.toISOString()}::timestamptz
    ORDER BY a.start_time LIMIT 20`);
  return res.rows.map(toDesk);
}

/**
 * The desk sent the reminder from its own WhatsApp (a wa.me link, ADR 057): recorded like any
 * message, once per visit and version; its key is not the automatic reminder's, so that one still
 * leaves by its channel.
 */
export async function recordDeskReminder(db: Exec, v: Visit, at: Date): Promise<void> {
  await db.execute(sql`INSERT INTO sent_messages (key, appointment_id, kind, recipient, sent_to, outcome, channel, sent_at)
    VALUES (${`reminder:client:${v.id}:whatsapp_link:${v.version}`}, ${v.id}::uuid, 'reminder', 'client', ${v.phone}, 'sent', 'whatsapp_link', ${at.toISOString()}::timestamptz)
    ON CONFLICT (key) DO NOTHING`);
}
