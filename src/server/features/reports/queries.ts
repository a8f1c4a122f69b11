import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../domain/payment-methods';
import { REMINDER_CHANNELS, type ReminderChannel } from '../../../domain/report-tables';
import { LOST_CLIENTS_MAX, type Bucket } from '../../../domain/reports';
import { SALON_TIME_ZONE } from '../../../domain/salon-time';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';

// The Informes' SQL (ADR 042): every figure is grouped in PostgreSQL and only the groups leave
// it (a year of a busy salon is a few hundred rows, never its appointments). Periods arrive as
// instants [start, end) of salon days; buckets are salon days or months of the salon's wall clock.
// "Booked" is what holds the agenda: confirmed and completed (BLOCKING_STATUSES; a no-show frees
// its time, appointment_resources.active says the same for cabins).

type Reader = Pick<Db, 'execute'>;
/** Salon days `from`..`to` and the instants they span, [start, end). */
export type Range = { from: string; to: string; start: Date; end: Date };
/** The professional's login (appointments.employee_id), when the report is one professional's. */
export type Only = { userId: string } | null;

const TZ = SALON_TIME_ZONE;
const inRange = (r: Range, col = sql`a.start_time`) => sql`${col} >= ${r.start.toISOString()}::timestamptz AND ${col} < ${r.end.toISOString()}::timestamptz`;
const onlyOf = (only: Only, col = sql`a.employee_id`): SQL => (only ? sql`AND ${col} = ${only.userId}` : sql``);
const bucketOf = (b: Bucket, col = sql`a.start_time`) => sql`date_trunc(${b}, ${col} AT TIME ZONE ${TZ})::date::text`;
/** A bucket key as the domain names it: '2026-03-05' by day, '2026-03' by month. */
const key = (b: Bucket, date: string) => (b === 'day' ? date : date.slice(0, 7));

export type Fact = { bucket: string; employeeId: string; serviceName: string; status: string; count: number; revenue: number; minutes: number };

const days = (r: Range) => sql`BETWEEN ${r.from}::date AND ${r.to}::date`;
/**
 * Confirmed appointments of the period's salon days, through the partial expression index
 * appointments_confirmed_day_idx (migration 0016): the expression and the predicate are written as
 * the index has them, the zone a literal (SALON_TIME_ZONE). `service_duration > 0` is always true;
 * it is there so that no booking query's plan can use this index (ADR 042).
 */
const confirmedIn = (r: Range) => sql`a.status = 'confirmed' AND a.service_duration > 0 AND date(a.start_time AT TIME ZONE 'Europe/Madrid') ${days(r)}`;

/**
 * Appointments by bucket, professional, service and status: count, price and minutes held (with
 * buffers). Final statuses from the rollup report_days (ADR 042), confirmed ones live through their
 * partial index: the two never overlap, so their sum is every appointment of the period.
 */
export async function appointmentFacts(db: Reader, r: Range, b: Bucket, only: Only): Promise<Fact[]> {
  const rows = await db.execute<{ bucket: string; employee_id: string; service_name: string; status: string; n: number; revenue: string; minutes: string }>(sql`
    SELECT x.bucket, x.employee_id, x.service_name, x.status,
           sum(x.n)::int AS n, sum(x.revenue)::text AS revenue, sum(x.minutes)::bigint::text AS minutes
    FROM (
      SELECT date_trunc(${b}, r.day::timestamp)::date::text AS bucket, r.employee_id, r.service_name, r.status, r.appointments AS n, r.revenue, r.minutes
      FROM report_days r WHERE r.day ${days(r)} ${onlyOf(only, sql`r.employee_id`)}
      UNION ALL
      SELECT ${bucketOf(b)}, a.employee_id, a.service_name, a.status, 1, a.price,
             round(extract(epoch FROM a.end_time - a.start_time) / 60) + a.prep_minutes + a.cleanup_minutes
      FROM appointments a WHERE ${confirmedIn(r)} ${onlyOf(only)}
    ) x
    GROUP BY x.bucket, x.employee_id, x.service_name, x.status
    HAVING sum(x.n) <> 0`);
  return rows.rows.map((x) => ({ bucket: key(b, x.bucket), employeeId: x.employee_id, serviceName: x.service_name, status: x.status, count: x.n, revenue: Number(x.revenue), minutes: Number(x.minutes) }));
}

/** Payments taken in the period (ADR 039: when the desk recorded them), by bucket and method. */
export async function paymentFacts(db: Reader, r: Range, b: Bucket, only: Only) {
  const rows = await db.execute<{ bucket: string; method: PaymentMethod; n: number; amount: string }>(sql`
    SELECT ${bucketOf(b, sql`p.created_at`)} AS bucket, p.method, count(*)::int AS n, sum(p.amount)::text AS amount
    FROM payments p ${only ? sql`JOIN appointments a ON a.id = p.appointment_id` : sql``}
    WHERE ${inRange(r, sql`p.created_at`)} ${onlyOf(only)}
      AND NOT EXISTS (SELECT 1 FROM payment_corrections c WHERE c.payment_id = p.id) -- voided or corrected lines do not count (ADR 054)
    GROUP BY 1, p.method`);
  return rows.rows.map((x) => ({ bucket: key(b, x.bucket), method: x.method, count: x.n, amount: Number(x.amount) }));
}

/** Bonos (not refunded) and gift cards sold in the period: the salon's, no professional's. */
export async function salesFacts(db: Reader, r: Range) {
  const rows = await db.execute<{ kind: 'bono' | 'tarjeta_regalo'; n: number; amount: string }>(sql`
    SELECT 'bono' AS kind, count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM bonos WHERE ${inRange(r, sql`sold_at`)} AND refunded_at IS NULL
    UNION ALL
    SELECT 'tarjeta_regalo', count(*)::int, coalesce(sum(amount), 0)::text FROM gift_cards WHERE ${inRange(r, sql`created_at`)}`);
  return rows.rows.map((x) => ({ kind: x.kind, count: x.n, amount: Number(x.amount) }));
}

/**
 * Booked minutes by weekday (1 = Monday) and wall-clock hour: each appointment's held span split
 * at the hours it crosses (a 10:30-11:30 facial is 30 minutes of 10:00 and 30 of 11:00). Completed
 * ones from the rollup report_hours, confirmed ones live.
 */
export async function bookedByHour(db: Reader, r: Range, only: Only) {
  const rows = await db.execute<{ dow: number; hour: number; minutes: string }>(sql`
    SELECT x.dow, x.hour, sum(x.minutes)::bigint::text AS minutes FROM (
      SELECT extract(isodow FROM h.day)::int AS dow, h.hour, h.minutes FROM report_hours h WHERE h.day ${days(r)} ${onlyOf(only, sql`h.employee_id`)}
      UNION ALL
      SELECT extract(isodow FROM h)::int, extract(hour FROM h)::int, round(extract(epoch FROM least(s.e, h + interval '1 hour') - greatest(s.s, h)) / 60)
      FROM (SELECT (a.start_time - make_interval(mins => a.prep_minutes)) AT TIME ZONE ${TZ} AS s,
                   (a.end_time + make_interval(mins => a.cleanup_minutes)) AT TIME ZONE ${TZ} AS e
            FROM appointments a WHERE ${confirmedIn(r)} ${onlyOf(only)}) s
      CROSS JOIN LATERAL generate_series(date_trunc('hour', s.s), s.e - interval '1 microsecond', interval '1 hour') h
    ) x GROUP BY 1, 2`);
  return rows.rows.map((x) => ({ dow: x.dow, hour: x.hour, minutes: Number(x.minutes) }));
}

/** Minutes each cabin or machine was held in the period (its spans, buffers included, cut to the period). */
export async function resourceBooked(db: Reader, r: Range) {
  const rows = await db.execute<{ resource_id: string; minutes: string }>(sql`
    SELECT ar.resource_id, sum(extract(epoch FROM least(ar.block_end, ${r.end.toISOString()}::timestamptz) - greatest(ar.block_start, ${r.start.toISOString()}::timestamptz)) / 60)::bigint::text AS minutes
    FROM appointment_resources ar
    -- the exclusion constraint's own expression, so its GiST index finds the spans
    WHERE ar.active AND tstzrange(ar.block_start, ar.block_end, '[)') && tstzrange(${r.start.toISOString()}::timestamptz, ${r.end.toISOString()}::timestamptz, '[)')
    GROUP BY ar.resource_id`);
  return new Map(rows.rows.map((x) => [x.resource_id, Number(x.minutes)]));
}

export type ResourceRow = { id: string; name: string; isActive: boolean };
export async function allResources(db: Reader): Promise<ResourceRow[]> {
  const rows = await db.execute<{ id: string; name: string; is_active: boolean }>(sql`SELECT id, name, is_active FROM resources ORDER BY position, created_at`);
  return rows.rows.map((x) => ({ id: x.id, name: x.name, isActive: x.is_active }));
}

export async function maintenanceBetween(db: Reader, from: string, to: string) {
  const rows = await db.execute<{ resource_id: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null; reason: string }>(sql`
    SELECT resource_id, start_date::text, end_date::text, start_time, end_time, reason FROM resource_maintenance
    WHERE end_date >= ${from}::date AND start_date <= ${to}::date`);
  return rows.rows.map((x) => ({ resourceId: x.resource_id, startDate: x.start_date, endDate: x.end_date, startTime: x.start_time, endTime: x.end_time, reason: x.reason }));
}

export type ProfessionalRow = { id: string; name: string; userId: string | null; isActive: boolean; availability: Partial<WeeklySchedule> };
export async function allProfessionals(db: Reader): Promise<ProfessionalRow[]> {
  const rows = await db.execute<{ id: string; name: string; user_id: string | null; is_active: boolean; availability: Partial<WeeklySchedule> }>(sql`
    SELECT id, name, user_id, is_active, availability FROM employees WHERE account_role = 'employee' ORDER BY name`);
  return rows.rows.map((x) => ({ id: x.id, name: x.name, userId: x.user_id, isActive: x.is_active, availability: x.availability }));
}

/** The professional a report is about: her record's login, or undefined when there is no such record. */
export async function professionalById(db: Reader, id: string): Promise<{ userId: string | null } | undefined> {
  const rows = await db.execute<{ user_id: string | null }>(sql`SELECT user_id FROM employees WHERE id = ${id}`);
  return rows.rows[0] && { userId: rows.rows[0].user_id };
}

/** The account names of these logins: a former professional whose record is gone is still named by hers. */
export async function userNames(db: Reader, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: string; name: string }>(sql`SELECT id, name FROM "user" WHERE id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`);
  return new Map(rows.rows.map((x) => [x.id, x.name]));
}

export async function salonOpeningHours(db: Reader): Promise<Partial<WeeklySchedule>> {
  const rows = await db.execute<{ opening_hours: Partial<WeeklySchedule> }>(sql`SELECT opening_hours FROM salon_settings WHERE id = 1`);
  return rows.rows[0]?.opening_hours ?? {};
}

/**
 * Clients with a completed visit in each salon month touching the period: new when their first
 * completed visit ever (with anyone) was that month, returning when it came before. A client is her
 * record (ADR 019). From the rollup report_client_months: the salon's, not one professional's.
 */
export async function clientsByMonth(db: Reader, r: Range) {
  const rows = await db.execute<{ month: string; new_clients: number; returning: number }>(sql`
    WITH v AS (
      SELECT m.month, m.client_id FROM report_client_months m
      WHERE m.month BETWEEN date_trunc('month', ${r.from}::date)::date AND ${r.to}::date AND m.visits > 0),
    f AS (
      SELECT d.client_id, (SELECT min(x.month) FROM report_client_months x WHERE x.client_id = d.client_id AND x.visits > 0) AS first
      FROM (SELECT DISTINCT client_id FROM v) d)
    SELECT v.month::text AS month, count(*) FILTER (WHERE f.first = v.month)::int AS new_clients, count(*) FILTER (WHERE f.first < v.month)::int AS returning
    FROM v JOIN f USING (client_id) GROUP BY v.month`);
  return rows.rows.map((x) => ({ bucket: x.month.slice(0, 7), newClients: x.new_clients, returning: x.returning }));
}

/**
 * Client records whose last completed visit is before `cutoff` and who have nothing booked from
 * `now` on: the ones the salon may call. Most recently lost first; their visits counted only for
 * the listed ones (a busy salon's regulars have hundreds).
 */
export async function lostClients(db: Reader, cutoff: Date, now: Date) {
  const rows = await db.execute<{ id: string; name: string; phone: string | null; last: string; visits: number }>(sql`
    WITH l AS (
      SELECT c.id, c.name, c.phone, last.start_time AS last
      FROM clients c
      CROSS JOIN LATERAL (SELECT a.start_time FROM appointments a WHERE a.client_record_id = c.id AND a.status = 'completed' ORDER BY a.start_time DESC LIMIT 1) last
      WHERE last.start_time < ${cutoff.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM appointments f WHERE f.client_record_id = c.id AND f.status = 'confirmed' AND f.start_time >= ${now.toISOString()}::timestamptz)
      ORDER BY last.start_time DESC, c.id LIMIT ${LOST_CLIENTS_MAX})
    SELECT l.id, l.name, l.phone, (l.last AT TIME ZONE ${TZ})::date::text AS last,
           (SELECT count(*)::int FROM appointments a WHERE a.client_record_id = l.id AND a.status = 'completed') AS visits
    FROM l ORDER BY l.last DESC, l.id`);
  return rows.rows.map((x) => ({ id: x.id, name: x.name, phone: x.phone, lastVisit: x.last, visits: x.visits }));
}

/**
 * Visits of the period that were due (completed or no-show) by the reminder that reached them (ADR
 * 055-057): the channel of the last reminder delivery sent and not failed, the desk's wa.me tap, or
 * none; with how many were no-shows and how many she confirmed herself. Read from the appointments
 * and their messages (the rollup knows no channel), grouped in PostgreSQL.
 */
export async function reminderFacts(db: Reader, r: Range, only: Only) {
  const rows = await db.execute<{ channel: string; visits: number; no_show: number; confirmed: number }>(sql`
    SELECT coalesce((SELECT m.channel FROM sent_messages m
                     WHERE m.appointment_id = a.id AND m.recipient = 'client' AND m.kind = 'reminder' AND m.outcome = 'sent'
                       AND m.delivery_status IS DISTINCT FROM 'failed'
                     ORDER BY m.sent_at DESC, m.key DESC LIMIT 1), 'none') AS channel,
           count(*)::int AS visits,
           count(*) FILTER (WHERE a.status = 'no_show')::int AS no_show,
           count(*) FILTER (WHERE a.client_confirmed_at IS NOT NULL)::int AS confirmed
    FROM appointments a
    WHERE a.status IN ('completed', 'no_show') AND ${inRange(r)} ${onlyOf(only)}
    GROUP BY 1`);
  return rows.rows
    .filter((x): x is typeof x & { channel: ReminderChannel } => (REMINDER_CHANNELS as readonly string[]).includes(x.channel))
    .map((x) => ({ channel: x.channel, visits: x.visits, noShow: x.no_show, confirmed: x.confirmed }))
    .sort((a, b) => REMINDER_CHANNELS.indexOf(a.channel) - REMINDER_CHANNELS.indexOf(b.channel));
}
