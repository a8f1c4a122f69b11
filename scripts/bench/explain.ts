import type pg from 'pg';
import { dayBounds, SALON_TIME_ZONE } from '../../src/domain/salon-time';
import { createDb } from '../../src/server/db/client';
import { listPage } from '../../src/server/features/appointments/queries';
import { appointmentsBetween, firstConfirmedAfterQuery } from '../../src/server/features/dashboard/queries';
import { PgDialect } from 'drizzle-orm/pg-core';
import { bookingContextQuery } from '../../src/server/features/booking/context-queries';
import { bookAtomicallyQuery } from '../../src/server/features/booking/insert-queries';
import { monthContextQuery } from '../../src/server/features/booking/month-queries';
import type { Salon } from './fill';

export type Plan = { name: string; sql: string; plan: string };

/** The first and last days of `d`'s month, as 'YYYY-MM-DD'. */
const monthStart = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;
const monthEnd = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the product's own queries: built with the same functions the
 * server calls (drizzle's toSQL), run against the filled database.
 */
export async function explainPlans(db: pg.Client, salon: Salon): Promise<Plan[]> {
  const { db: builder, pool } = createDb('postgres://unused@127.0.0.1:1/unused', 1); // builds SQL only
  const dialect = new PgDialect();
  try {
    // The next day the salon opens (not a Sunday), so the busy-time part finds appointments.
    const next = new Date(`${salon.today}T12:00:00Z`);
    do next.setUTCDate(next.getUTCDate() + 1);
    while (next.getUTCDay() === 0);
    const day = dayBounds(next.toISOString().slice(0, 10), SALON_TIME_ZONE);
    const today = dayBounds(salon.today, SALON_TIME_ZONE);
    const weekStart = new Date(today.start.getTime() - 6 * 86_400_000);
    const queries: Array<{ name: string; q: { toSQL: () => { sql: string; params: unknown[] } } }> = [
      {
        name: 'slot list and booking: bookingContext (service, professional, interval, busy time, closures and time off of the day)',
        q: { toSQL: () => dialect.sqlToQuery(bookingContextQuery({ serviceId: salon.quickServiceId, professionalId: salon.employeeIds[2]!, date: next.toISOString().slice(0, 10), from: day.start, to: day.end, withBusy: true })) },
      },
      {
        name: 'slot list and booking with resources: bookingContext of the laser service (two groups: each member with what it holds that day)',
        q: { toSQL: () => dialect.sqlToQuery(bookingContextQuery({ serviceId: salon.laserServiceId, professionalId: salon.employeeIds[2]!, date: next.toISOString().slice(0, 10), from: day.start, to: day.end, withBusy: true })) },
      },
      {
        // ADR 061: run prepared by the server (one plan per connection); here as one statement.
        name: 'booking calendar month: monthContext of the laser service for "Cualquier profesional" (everyone\'s held spans and the resources\', a month)',
        q: { toSQL: () => dialect.sqlToQuery(monthContextQuery({ serviceId: salon.laserServiceId, professionalId: null, from: monthStart(next), to: monthEnd(next), start: dayBounds(monthStart(next), SALON_TIME_ZONE).start, end: dayBounds(monthEnd(next), SALON_TIME_ZONE).end })) },
      },
      { name: 'admin list: first page of a week', q: listPage(builder, { start: weekStart, end: today.end, limit: 50 }) },
      { name: 'dashboard: today', q: appointmentsBetween(builder, today.start, today.end) },
      { name: 'dashboard: next confirmed', q: firstConfirmedAfterQuery(builder, new Date()) },
    ];
    const plans: Plan[] = [];
    for (const { name, q } of queries) {
      const { sql, params } = q.toSQL();
      const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
      plans.push({ name, sql, plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') });
    }
    // The booking statements (lock, insert with the exclusion constraints' checks), rolled back:
    // without resources, and the laser service holding a laser and a cabin (ADR 036).
    const start = new Date(day.start.getTime() + 8.25 * 3_600_000);
    const resourceIds = (await db.query<{ id: string }>(`SELECT id FROM resources WHERE name IN ('Láser de diodo 1', 'Cabina 1') ORDER BY kind DESC`)).rows.map((r) => r.id);
    for (const [name, serviceId, ids] of [
      ['booking: bookAtomically (FOR SHARE, insert checked by the exclusion constraint)', salon.quickServiceId, []],
      ['booking with resources: bookAtomically of the laser service (its appointment_resources rows checked by their exclusion constraint)', salon.laserServiceId, resourceIds],
    ] as const) {
      await db.query('BEGIN');
      try {
        const q = dialect.sqlToQuery(
          bookAtomicallyQuery({
            now: day.start,
            employeeRecordId: salon.employeeIds[2]!,
            expectedUserId: 'bench-emp-3',
            maxFutureAppointments: 50, // the bench salon's cap: 4 refused the insert (bench-client-1 has future rows)
            rate: { key: 'booking:bench-client-1', rule: { window: 600, max: 20 }, now: day.start.getTime() }, // counted and rolled back (ADR 106)
            values: { clientId: 'bench-client-1', clientName: 'c', clientEmail: 'c@bench.auna', employeeName: 'p', serviceId, serviceName: 's', serviceDuration: 15, price: 12.5, startTime: start, endTime: new Date(start.getTime() + 15 * 60_000), notes: '', prepMinutes: 0, cleanupMinutes: 0, resourceIds: [...ids] },
          }),
        );
        // WAL: the records, full-page images and bytes the statement writes; the plan's end names
        // each trigger with its time and calls (ADR 108).
        const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF) ${q.sql}`, q.params);
        plans.push({ name, sql: q.sql, plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') });
      } finally {
        await db.query('ROLLBACK');
      }
    }
    return plans;
  } finally {
    await pool.end();
  }
}
