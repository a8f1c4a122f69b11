import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { PartOfDay } from '../../../domain/waiting-list';

// The waiting list's SQL (ADR 070-073). Entries belong to a client record; an account's record is
// the one the booking trigger would make (appointments_client_record, migration 0011).

type Executor = Pick<Db, 'execute'>;

export type EntryRow = {
  id: string;
  clientId: string;
  clientName: string;
  serviceId: string;
  serviceName: string;
  employeeId: string | null;
  employeeName: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  fromTime: string | null;
  toTime: string | null;
  status: 'waiting' | 'booked' | 'withdrawn';
  source: 'client' | 'staff';
  createdAt: string;
};

const ENTRY_COLUMNS = sql`w.id, w.client_id AS "clientId", c.name AS "clientName", w.service_id AS "serviceId", s.name AS "serviceName",
  w.employee_id AS "employeeId", e.name AS "employeeName", to_char(w.from_date, 'YYYY-MM-DD') AS "fromDate", to_char(w.to_date, 'YYYY-MM-DD') AS "toDate",
  w.part_of_day AS "partOfDay", w.from_time AS "fromTime", w.to_time AS "toTime", w.status, w.source, w.created_at AS "createdAt"`;
const ENTRY_FROM = sql`waiting_list_entries w JOIN clients c ON c.id = w.client_id JOIN services s ON s.id = w.service_id LEFT JOIN employees e ON e.id = w.employee_id`;

/** Her account's client record, made when she has none yet (as her first booking would make it, migration 0011: a verified email only). */
export async function recordOfAccount(tx: Executor, user: { id: string; name: string }): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO clients (name, email, user_id)
    SELECT ${user.name}, CASE WHEN u.email_verified THEN u.email END, u.id FROM "user" u WHERE u.id = ${user.id}
    ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING id`);
  return rows[0]!.id;
}

/** Her entries still waiting (not past their last day), newest first. */
export async function openEntriesOf(db: Executor, clientId: string, today: string): Promise<EntryRow[]> {
  const { rows } = await db.execute<EntryRow>(sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
    WHERE w.client_id = ${clientId}::uuid AND w.status = 'waiting' AND w.to_date >= ${today}::date ORDER BY w.created_at DESC, w.id`);
  return rows;
}

/** The record of an account, if it has one. */
export async function recordIdOfUser(db: Executor, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(sql`SELECT id FROM clients WHERE user_id = ${userId}`);
  return rows[0]?.id ?? null;
}

export type NewEntry = {
  clientId: string;
  serviceId: string;
  employeeId: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  fromTime: string | null;
  toTime: string | null;
  source: 'client' | 'staff';
};

/**
 * The entry, if the service is active and the professional (when named) does it and is active;
 * null otherwise. Counted under her lock (ADR 053) so two requests at once cannot pass the cap.
 */
export async function insertEntry(
  tx: Tx,
  e: NewEntry,
  today: string,
  maxOpen: number,
): Promise<{ id: string } | 'service' | 'employee' | 'too_many'> {
  const service = await tx.execute(sql`SELECT 1 FROM services WHERE id = ${e.serviceId}::uuid AND is_active`);
  if (service.rows.length === 0) return 'service';
  if (e.employeeId) {
    const emp =
      await tx.execute(sql`SELECT 1 FROM employees em JOIN employee_services es ON es.employee_id = em.id AND es.service_id = ${e.serviceId}::uuid
      WHERE em.id = ${e.employeeId}::uuid AND em.is_active AND em.user_id IS NOT NULL`);
    if (emp.rows.length === 0) return 'employee';
  }
  const open = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM waiting_list_entries WHERE client_id = ${e.clientId}::uuid AND status = 'waiting' AND to_date >= ${today}::date`,
  );
  if (Number(open.rows[0]?.n ?? 0) >= maxOpen) return 'too_many';
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO waiting_list_entries (client_id, service_id, employee_id, from_date, to_date, part_of_day, from_time, to_time, source)
    VALUES (${e.clientId}::uuid, ${e.serviceId}::uuid, ${e.employeeId}::uuid, ${e.fromDate}::date, ${e.toDate}::date, ${e.partOfDay},
      ${e.fromTime}, ${e.toTime}, ${e.source}) RETURNING id`);
  return rows[0]!;
}

/** Withdraws one of her entries (or, with `clientId` null, any: the desk). */
export async function withdrawEntry(db: Executor, id: string, clientId: string | null): Promise<boolean> {
  const { rows } = await db.execute(sql`UPDATE waiting_list_entries SET status = 'withdrawn'
    WHERE id = ${id}::uuid AND status = 'waiting' AND (${clientId}::uuid IS NULL OR client_id = ${clientId}::uuid) RETURNING id`);
  return rows.length > 0;
}

/** The entries waiting for a day (the desk's list beside the day view), first come first. */
export async function entriesForDay(
  db: Executor,
  date: string,
  today: string,
): Promise<(EntryRow & { clientPhone: string | null; channel: string | null })[]> {
  const { rows } = await db.execute<EntryRow & { clientPhone: string | null; channel: string | null }>(sql`
    SELECT ${ENTRY_COLUMNS}, c.phone AS "clientPhone", c.message_channel AS channel FROM ${ENTRY_FROM}
    WHERE w.status = 'waiting' AND w.from_date <= ${date}::date AND w.to_date >= ${date}::date AND w.to_date >= ${today}::date
    ORDER BY w.created_at, w.id`);
  return rows;
}

export async function entryById(db: Executor, id: string): Promise<EntryRow | null> {
  const { rows } = await db.execute<EntryRow>(sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE w.id = ${id}::uuid`);
  return rows[0] ?? null;
}

/**
 * The entries a professional's freed day may serve: waiting, covering the day, for a service she
 * does, for her or for anyone; first come first (their order is the order they are told in).
 */
export async function entriesForFreedDay(db: Executor, employeeId: string, date: string): Promise<EntryRow[]> {
  const { rows } = await db.execute<EntryRow>(sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
    WHERE w.status = 'waiting' AND w.from_date <= ${date}::date AND w.to_date >= ${date}::date
      AND (w.employee_id IS NULL OR w.employee_id = ${employeeId}::uuid) AND s.is_active
      AND EXISTS (SELECT 1 FROM employee_services es WHERE es.employee_id = ${employeeId}::uuid AND es.service_id = w.service_id)
    ORDER BY w.created_at, w.id`);
  return rows;
}

/** An offer made once per (entry, professional, time): null when it was already made. */
export async function insertOffer(db: Executor, o: { entryId: string; employeeId: string; start: Date }): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(sql`INSERT INTO waiting_list_offers (entry_id, employee_id, start_time)
    VALUES (${o.entryId}::uuid, ${o.employeeId}::uuid, ${o.start.toISOString()}::timestamptz) ON CONFLICT DO NOTHING RETURNING id`);
  return rows[0]?.id ?? null;
}

/** What an offer's message and page need: never her notes or any health data. */
export type OfferRow = {
  id: string;
  entryId: string;
  entryStatus: 'waiting' | 'booked' | 'withdrawn';
  toDate: string;
  clientId: string;
  clientUserId: string | null;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  messageChannel: string | null;
  serviceId: string;
  serviceName: string;
  employeeId: string;
  employeeName: string;
  startTime: Date;
  sentAt: Date | null;
  channel: string | null;
  appointmentId: string | null;
  salonName: string | null;
  salonAddress: string | null;
  salonPhone: string | null;
};

const OFFER_SELECT = sql`SELECT o.id, o.entry_id AS "entryId", w.status AS "entryStatus", to_char(w.to_date, 'YYYY-MM-DD') AS "toDate",
    c.id AS "clientId", c.user_id AS "clientUserId", c.name AS "clientName",
    COALESCE(c.email, CASE WHEN u.email_verified THEN u.email END) AS "clientEmail", c.phone AS "clientPhone", c.message_channel AS "messageChannel",
    s.id AS "serviceId", s.name AS "serviceName", e.id AS "employeeId", e.name AS "employeeName", o.start_time AS "startTime", o.sent_at AS "sentAt", o.channel,
    o.appointment_id AS "appointmentId", st.name AS "salonName", st.address AS "salonAddress", st.phone_number AS "salonPhone"
  FROM waiting_list_offers o JOIN waiting_list_entries w ON w.id = o.entry_id JOIN clients c ON c.id = w.client_id
  LEFT JOIN "user" u ON u.id = c.user_id JOIN services s ON s.id = w.service_id JOIN employees e ON e.id = o.employee_id
  LEFT JOIN salon_settings st ON st.id = 1`;

const offerOf = (r: OfferRow): OfferRow => ({ ...r, startTime: new Date(r.startTime), sentAt: r.sentAt ? new Date(r.sentAt) : null });

export async function offerById(db: Executor, id: string): Promise<OfferRow | null> {
  const { rows } = await db.execute<OfferRow>(sql`${OFFER_SELECT} WHERE o.id = ${id}::uuid`);
  return rows[0] ? offerOf(rows[0]) : null;
}

/** Offers not told yet, of entries still waiting: first come (the entry's age) first told. */
export async function unsentOffers(db: Executor): Promise<OfferRow[]> {
  const { rows } = await db.execute<OfferRow>(
    sql`${OFFER_SELECT} WHERE o.sent_at IS NULL AND w.status = 'waiting' ORDER BY w.created_at, w.id, o.start_time`,
  );
  return rows.map(offerOf);
}

/** Holds an offer not told yet for the caller's transaction; false when told already or held by another job. */
export async function holdUnsent(tx: Executor, id: string): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`SELECT id FROM waiting_list_offers WHERE id = ${id}::uuid AND sent_at IS NULL FOR UPDATE SKIP LOCKED`,
  );
  return rows.length > 0;
}

export async function markSent(db: Executor, id: string, channel: string, at: Date): Promise<void> {
  await db.execute(
    sql`UPDATE waiting_list_offers SET sent_at = ${at.toISOString()}::timestamptz, channel = ${channel} WHERE id = ${id}::uuid AND sent_at IS NULL`,
  );
}

/** After her booking from an offer: the entry is done, the offer names the visit. */
export async function markBooked(db: Executor, offerId: string, entryId: string, appointmentId: string): Promise<void> {
  await db.execute(sql`WITH o AS (UPDATE waiting_list_offers SET appointment_id = ${appointmentId}::uuid WHERE id = ${offerId}::uuid RETURNING id)
    UPDATE waiting_list_entries SET status = 'booked' WHERE id = ${entryId}::uuid`);
}
