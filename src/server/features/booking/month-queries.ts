import { sql } from 'drizzle-orm';
import { BLOCKING_STATUSES } from '../../../domain/appointment-status';
import type { SalonException } from '../../../domain/availability';
import type { MonthProfessional, RangeResourceGroup } from '../../../domain/month-map';
import { openingHoursOf } from '../../../domain/salon-settings';
import type { WeeklySchedule } from '../../../domain/weekly-schedule';
import type { Db } from '../../db/client';
import { runPrepared } from '../../db/prepared';
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

// What the month map and "Cualquier profesional" decide with (ADRs 061, 062), in ONE round trip:
// the service, the salon's settings and exceptions over the range, and each professional who does
// the service (in the list's order: by name, as the booking page lists them) with her
// time-holding appointments and time off over the range, and the service's cabins and machines
// with what they hold. The same rows the one-day booking context reads (context-queries.ts),
// over a range; the day is then asked of THE availability rule (src/domain/day-slots.ts).
// A named prepared statement (planned once per connection: planning this text took 11-14 ms, more
// than its execution per professional), with the held spans as epoch milliseconds in start order
// (numbers, not timestamptz text for Node to parse). docs/benchmarks.md has the month's figures.

const BLOCKING_LITERALS = sqlLiterals(BLOCKING_STATUSES);

/** An instant as whole epoch milliseconds (a JSON number). */
const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::bigint`);

type RangeArgs = {
  serviceId: string;
  /** One professional's record id, or null for everyone who does the service. */
  professionalId: string | null;
  /** Salon days, inclusive, and the instants they span. */
  from: string;
  to: string;
  start: Date;
  end: Date;
};

export type MonthContext = {
  service: { id: string; name: string; duration: number; prepMinutes: number; cleanupMinutes: number } | null;
  interval: number | null;
  horizonDays: number | null;
  openingHours: Partial<WeeklySchedule> | null;
  salon: SalonException[];
  /** Active, with an account (one without cannot hold an appointment), offering the service. */
  professionals: MonthProfessional[];
  resources: RangeResourceGroup[];
};

type MonthRow = {
  service: MonthContext['service'];
  interval: number | null;
  horizon_days: number | null;
  opening_hours: Partial<WeeklySchedule> | null;
  salon: SalonException[];
  professionals: Array<{
    id: string;
    availability: Partial<WeeklySchedule> | null;
    hasAccount: boolean;
    busy: Array<[number, number]>;
    timeOff: MonthProfessional['timeOff'];
  }>;
  resource_groups: Array<{
    id: string;
    members: Array<{ id: string; busy: Array<[number, number]>; maintenance: MonthProfessional['timeOff'] }>;
  }>;
};

/** The month's read (exported for the bench's EXPLAIN); its text is the same for every argument. */
export function monthContextQuery(a: RangeArgs) {
  const range = sql`tstzrange(${a.start.toISOString()}::timestamptz, ${a.end.toISOString()}::timestamptz, '[)')`;
  const dates = (alias: string) => sql`${sql.raw(alias)}.start_date <= ${a.to}::date AND ${sql.raw(alias)}.end_date >= ${a.from}::date`;
  return sql`
    SELECT
      (SELECT json_build_object('id', s.id, 'name', s.name, 'duration', s.duration, 'prepMinutes', s.prep_minutes, 'cleanupMinutes', s.cleanup_minutes)
         FROM ${services} s WHERE s.id = ${a.serviceId}::uuid AND s.is_active) AS service,
      (SELECT appointment_time_slot_interval FROM ${salonSettings} WHERE id = 1) AS interval,
      (SELECT booking_horizon_days FROM ${salonSettings} WHERE id = 1) AS horizon_days,
      (SELECT opening_hours FROM ${salonSettings} WHERE id = 1) AS opening_hours,
      (SELECT coalesce(json_agg(json_build_object('kind', x.kind, 'startDate', x.start_date, 'endDate', x.end_date,
              'startTime', x.start_time, 'endTime', x.end_time, 'reason', x.reason) ORDER BY x.created_at), '[]'::json)
         FROM ${salonExceptions} x WHERE ${dates('x')}) AS salon,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'availability', e.availability, 'hasAccount', e.user_id IS NOT NULL,
          'busy', (SELECT coalesce(json_agg(json_build_array(${epochMs('lower(h.span)')}, ${epochMs('upper(h.span)')}) ORDER BY lower(h.span)), '[]'::json)
                   FROM ${appointments} ap, LATERAL (SELECT appointment_span(ap.start_time, ap.end_time, ap.prep_minutes, ap.cleanup_minutes) AS span) h
                   WHERE ap.employee_id = e.user_id AND ap.status IN (${BLOCKING_LITERALS})
                     AND appointment_span(ap.start_time, ap.end_time, ap.prep_minutes, ap.cleanup_minutes) && ${range}),
          'timeOff', (SELECT coalesce(json_agg(json_build_object('startDate', t.start_date, 'endDate', t.end_date,
                        'startTime', t.start_time, 'endTime', t.end_time, 'reason', t.reason) ORDER BY t.created_at), '[]'::json)
                      FROM ${employeeTimeOff} t WHERE t.employee_id = e.id AND ${dates('t')})
        ) ORDER BY e.name, e.id), '[]'::json)
         FROM ${employees} e
         -- "Cualquier profesional" never picks one without an account; asked by name, she is there with no times (ADR 084).
         WHERE e.is_active AND (e.user_id IS NOT NULL OR ${a.professionalId}::uuid IS NOT NULL)
           AND EXISTS (SELECT 1 FROM ${employeeServices} es WHERE es.employee_id = e.id AND es.service_id = ${a.serviceId}::uuid)
           AND (${a.professionalId}::uuid IS NULL OR e.id = ${a.professionalId}::uuid)) AS professionals,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'members',
          (SELECT coalesce(json_agg(json_build_object('id', r.id,
              'busy', (SELECT coalesce(json_agg(json_build_array(${epochMs('ar.block_start')}, ${epochMs('ar.block_end')}) ORDER BY ar.block_start), '[]'::json)
                       FROM ${appointmentResources} ar
                       WHERE ar.resource_id = r.id AND ar.active AND tstzrange(ar.block_start, ar.block_end, '[)') && ${range}),
              'maintenance', (SELECT coalesce(json_agg(json_build_object('startDate', m.start_date, 'endDate', m.end_date,
                                'startTime', m.start_time, 'endTime', m.end_time, 'reason', m.reason)), '[]'::json)
                              FROM ${resourceMaintenance} m WHERE m.resource_id = r.id AND ${dates('m')}))
            ORDER BY r.position, r.created_at, r.id), '[]'::json)
           FROM ${serviceResourceGroupMembers} gm JOIN ${resources} r ON r.id = gm.resource_id AND r.is_active
           WHERE gm.group_id = g.id)) ORDER BY g.position, g.id), '[]'::json)
         FROM ${serviceResourceGroups} g WHERE g.service_id = ${a.serviceId}::uuid) AS resource_groups`;
}

export async function monthContext(db: Db, a: RangeArgs): Promise<MonthContext> {
  const rows = await runPrepared<MonthRow>(db, 'booking_month_context', monthContextQuery(a));
  const row = rows[0]!;
  const spans = (xs: Array<[number, number]>) => xs.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
  return {
    service: row.service,
    interval: row.interval,
    horizonDays: row.horizon_days,
    openingHours: openingHoursOf(row.opening_hours),
    salon: row.salon,
    // Without an account she holds no appointments, so she has no working day to offer (ADR 084).
    professionals: row.professionals.map((p) => ({ id: p.id, availability: p.hasAccount ? p.availability : {}, busy: spans(p.busy), timeOff: p.timeOff })),
    resources: row.resource_groups.map((g) => ({
      id: g.id,
      members: g.members.map((m) => ({ id: m.id, busy: spans(m.busy), maintenance: m.maintenance })),
    })),
  };
}
