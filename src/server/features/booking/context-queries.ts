import { sql } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../../domain/appointment-status';
import type { Exceptions } from '../../../domain/availability';
import { openingHoursOf } from '../../../domain/salon-settings';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import type { Maintenance } from '../../../domain/availability';
import {
  appointmentResources,
  appointments,
  employees,
  employeeServices,
  employeeTimeOff,
  resourceMaintenance,
  resources,
  salonExceptions,
  salonSettings,
  serviceResourceGroupMembers,
  serviceResourceGroups,
  services,
} from '../../db/schema';
import { sqlLiterals } from '../../db/sql-literals';
import { againOnFirstRace, rateCountCtes, rateDecision, type RateDecision, type RateRule } from '../../auth/rate-limit-store';

// The slot list and a booking each cost one round trip to PostgreSQL besides the session read:
// what to decide with (bookingContext, here) and the booking itself (insert-queries.ts).
// docs/benchmarks.md has their EXPLAIN ANALYZE at 1,000,000 appointments.

export type BookingContext = {
  /** `parallelAllowed`: ADR 082, whether a visit may run it at the same time as another service */
  service: { id: string; name: string; duration: number; price: number; prepMinutes: number; cleanupMinutes: number; parallelAllowed: boolean } | null;
  employee: { id: string; name: string; userId: string | null; isActive: boolean; availability: Partial<WeeklySchedule> | null; offers: boolean } | null;
  interval: number | null;
  /** salon_settings' booking horizon (days) and per-client cap; null when the salon never saved settings (ADR 025) */
  horizonDays: number | null;
  maxFutureAppointments: number | null;
  /** the booking client's confirmed appointments not started yet (0 for a slot list) */
  clientFutureConfirmed: number;
  /** the employee's time-holding appointments overlapping [from, to); empty when not asked for */
  busy: Array<{ start: Date; end: Date }>;
  /** the salon's closures / special hours and the professional's time off on the day (ADR 023), and its opening hours when set (ADR 060) */
  exceptions: Exceptions;
  /**
   * The service's resource groups (ADR 036), in order, each with its ACTIVE members in the salon's
   * stable order, what each holds that day (other appointments' spans with buffers) and its maintenance.
   */
  resourceGroups: ContextGroup[];
  /** The client's booking attempt, counted in this read when asked (ADR 097); null when not asked. */
  rate: RateDecision | null;
};

export type ContextGroup = { id: string; members: Array<{ id: string; name: string; busy: Array<[string, string]>; maintenance: Maintenance[] }> };

/**
 * Everything a slot list or a booking needs to decide, in ONE round trip: the active service,
 * the employee record with whether it offers the service, the salon's slot interval, and (for
 * the slot list) the employee's busy time that day (each appointment with its buffers, ADR 036) through the
 * exclusion constraint's GiST index (same expression: appointment_span).
 * Four sequential queries before; each round trip is paid by every client waiting on the grid.
 */
// Written as literals, not parameters: the exclusion constraint's GiST index is partial
// (`WHERE status IN ('confirmed', 'completed')`) and a prepared statement's generic plan can only
// use it when the query's own condition is visibly the same.
const BLOCKING_LITERALS = sqlLiterals(BLOCKING_STATUSES);

type ContextArgs = {
  serviceId: string;
  professionalId: string;
  date: string;
  from: Date;
  to: Date;
  withBusy: boolean;
  clientId?: string;
  now?: Date;
  /** A move: the appointment being moved does not hold its own resources (ADR 036). */
  movingAppointmentId?: string;
  /** The client's booking: her attempt counted in the same round trip (ADR 025's limit, ADR 097). */
  rate?: { key: string; rule: RateRule; now: number };
};

export function bookingContextQuery(args: ContextArgs) {
  const busy = args.withBusy
    ? sql`(SELECT coalesce(json_agg(json_build_array(lower(h.span), upper(h.span))), '[]'::json)
           FROM ${appointments} a JOIN ${employees} e ON e.user_id = a.employee_id,
                LATERAL (SELECT appointment_span(a.start_time, a.end_time, a.prep_minutes, a.cleanup_minutes) AS span) h
           WHERE e.id = ${args.professionalId}::uuid
             AND a.status IN (${BLOCKING_LITERALS})
             AND appointment_span(a.start_time, a.end_time, a.prep_minutes, a.cleanup_minutes) && tstzrange(${args.from.toISOString()}::timestamptz, ${args.to.toISOString()}::timestamptz, '[)'))`
    : sql`'[]'::json`;
  // The attempt's count (rate-limit-store.ts's statement as CTEs): one round trip fewer per booking.
  const rate = args.rate ? sql`WITH ${rateCountCtes(args.rate.key, args.rate.rule, args.rate.now)}` : sql``;
  const rateColumn = args.rate ? sql`(SELECT json_build_object('count', rl.count, 'last_request', rl.last_request) FROM rl)` : sql`NULL::json`;
  return sql`${rate}
    SELECT
      ${rateColumn} AS rate,
      (SELECT json_build_object('id', s.id, 'name', s.name, 'duration', s.duration, 'price', s.price,
              'prepMinutes', s.prep_minutes, 'cleanupMinutes', s.cleanup_minutes, 'parallelAllowed', s.parallel_allowed)
         FROM ${services} s WHERE s.id = ${args.serviceId}::uuid AND s.is_active) AS service,
      (SELECT json_build_object('id', e.id, 'name', e.name, 'userId', e.user_id, 'isActive', e.is_active, 'availability', e.availability,
              'offers', EXISTS (SELECT 1 FROM ${employeeServices} es WHERE es.employee_id = e.id AND es.service_id = ${args.serviceId}::uuid))
         FROM ${employees} e WHERE e.id = ${args.professionalId}::uuid) AS employee,
      (SELECT appointment_time_slot_interval FROM ${salonSettings} WHERE id = 1) AS interval,
      (SELECT booking_horizon_days FROM ${salonSettings} WHERE id = 1) AS horizon_days,
      (SELECT max_future_appointments_per_client FROM ${salonSettings} WHERE id = 1) AS max_future,
      (SELECT opening_hours FROM ${salonSettings} WHERE id = 1) AS opening_hours,
      -- "now" behind a sub-select: a custom plan then estimates the index range as the generic plan
      -- does, so PostgreSQL keeps the generic plan. Seen with the value, a custom plan knew a
      -- client's future is a few rows of her history and won on cost, so at 1,000,000 appointments
      -- every call was planned again (ADR 108). The same index range runs either way.
      (SELECT count(DISTINCT coalesce(a.visit_id, a.id))::int FROM ${appointments} a
         WHERE a.client_id = ${args.clientId ?? ''} AND a.status = 'confirmed' AND a.start_time > (SELECT ${(args.now ?? new Date(0)).toISOString()}::timestamptz)) AS client_future,
      ${busy} AS busy,
      (SELECT coalesce(json_agg(json_build_object('kind', x.kind, 'startDate', x.start_date, 'endDate', x.end_date,
              'startTime', x.start_time, 'endTime', x.end_time, 'reason', x.reason) ORDER BY x.created_at), '[]'::json)
         FROM ${salonExceptions} x WHERE x.start_date <= ${args.date}::date AND x.end_date >= ${args.date}::date) AS salon,
      (SELECT coalesce(json_agg(json_build_object('startDate', t.start_date, 'endDate', t.end_date,
              'startTime', t.start_time, 'endTime', t.end_time, 'reason', t.reason) ORDER BY t.created_at), '[]'::json)
         FROM ${employeeTimeOff} t WHERE t.employee_id = ${args.professionalId}::uuid
           AND t.start_date <= ${args.date}::date AND t.end_date >= ${args.date}::date) AS time_off,
      ${resourceGroupsSql(args)} AS resource_groups`;
}

/**
 * The service's groups with their active members, what each holds that day and its maintenance
 * (ADR 036). Asked for the booking too (not only the slot list): the booking picks the resources it
 * stores from this; the exclusion constraint on appointment_resources decides a race. A service
 * without groups costs one index probe on service_resource_groups.
 */
function resourceGroupsSql(args: ContextArgs) {
  const day = sql`tstzrange(${args.from.toISOString()}::timestamptz, ${args.to.toISOString()}::timestamptz, '[)')`;
  return sql`(SELECT coalesce(json_agg(json_build_object('id', g.id, 'members',
      (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
          'busy', (SELECT coalesce(json_agg(json_build_array(ar.block_start, ar.block_end)), '[]'::json)
                     FROM ${appointmentResources} ar
                     WHERE ar.resource_id = r.id AND ar.active AND tstzrange(ar.block_start, ar.block_end, '[)') && ${day}
                       AND ar.appointment_id IS DISTINCT FROM ${args.movingAppointmentId ?? null}::uuid),
          'maintenance', (SELECT coalesce(json_agg(json_build_object('startDate', m.start_date, 'endDate', m.end_date,
                            'startTime', m.start_time, 'endTime', m.end_time, 'reason', m.reason)), '[]'::json)
                     FROM ${resourceMaintenance} m
                     WHERE m.resource_id = r.id AND m.start_date <= ${args.date}::date AND m.end_date >= ${args.date}::date))
          ORDER BY r.position, r.created_at, r.id), '[]'::json)
       FROM ${serviceResourceGroupMembers} gm JOIN ${resources} r ON r.id = gm.resource_id AND r.is_active
       WHERE gm.group_id = g.id)) ORDER BY g.position, g.id), '[]'::json)
    FROM ${serviceResourceGroups} g WHERE g.service_id = ${args.serviceId}::uuid)`;
}

export async function bookingContext(db: Db, args: ContextArgs): Promise<BookingContext> {
  const read = () => runPrepared<{
    rate: { count: number; last_request: number } | null;
    service: BookingContext['service'];
    employee: BookingContext['employee'];
    interval: number | null;
    horizon_days: number | null;
    max_future: number | null;
    opening_hours: Partial<WeeklySchedule> | null;
    client_future: number;
    busy: Array<[string, string]>;
    salon: Exceptions['salon'];
    time_off: Exceptions['timeOff'];
    resource_groups: ContextGroup[];
  }>(
    db,
    `auna_booking_context${args.withBusy ? '_busy' : ''}${args.rate ? '_rate' : ''}`,
    bookingContextQuery(args),
  );
  const rows = await (args.rate ? againOnFirstRace(read) : read());
  const row = rows[0]!;
  return {
    rate: args.rate ? rateDecision(row.rate ?? undefined, args.rate.rule, args.rate.now) : null,
    service: row.service ? { ...row.service, price: Number(row.service.price) } : null,
    employee: row.employee,
    interval: row.interval,
    horizonDays: row.horizon_days,
    maxFutureAppointments: row.max_future,
    clientFutureConfirmed: Number(row.client_future ?? 0),
    busy: row.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    exceptions: { salon: row.salon, timeOff: row.time_off, openingHours: openingHoursOf(row.opening_hours) },
    resourceGroups: row.resource_groups,
  };
}
