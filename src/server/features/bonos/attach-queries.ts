import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

// A bono sold at the desk covers the visits she already booked (ADR 053): which ones it could,
// and taking a session of it for one, under the same rule as a booking's (bono_take).

type Reader = Pick<Db, 'execute'>;

export type UpcomingVisit = { id: string; startTime: Date; serviceId: string; serviceName: string; employeeName: string; price: number };

type VisitRow = { id: string; start_time: string | Date; service_id: string; service_name: string; employee_name: string; price: string | number };
const visitOf = (r: VisitRow): UpcomingVisit => ({
  id: r.id,
  startTime: new Date(r.start_time),
  serviceId: r.service_id,
  serviceName: r.service_name,
  employeeName: r.employee_name,
  price: Number(r.price),
});

/**
 * Her confirmed visits from `today` (salon date) on, of the services `serviceIds`, that no bono
 * pays yet (no session reserved or spent) and nothing was paid for: what a new bono could cover.
 */
export async function uncoveredVisits(db: Reader, clientId: string, serviceIds: readonly string[], today: string): Promise<UpcomingVisit[]> {
  if (serviceIds.length === 0) return [];
  const { rows } = await db.execute<VisitRow>(sql`
    SELECT a.id, a.start_time, a.service_id, a.service_name, a.employee_name, a.price
      FROM appointments a
     WHERE a.client_record_id = ${clientId}::uuid AND a.status = 'confirmed'
       AND (a.start_time AT TIME ZONE 'Europe/Madrid')::date >= ${today}::date
       AND a.service_id = ANY(${`{${serviceIds.join(',')}}`}::uuid[])
       AND NOT EXISTS (SELECT 1 FROM bono_sessions s WHERE s.appointment_id = a.id AND s.state IN ('reserved', 'spent'))
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.appointment_id = a.id)
     ORDER BY a.start_time, a.id
     LIMIT 50`);
  return rows.map(visitOf);
}

/**
 * The visits locked for the attach (after her lock, ADR 053: then the appointments, by their time,
 * then the bono), those that are still ones a bono could cover: hers, confirmed, from today on, no
 * session, nothing paid.
 */
export async function lockUncoveredVisits(tx: Tx, q: { appointmentIds: readonly string[]; clientId: string; today: string }): Promise<UpcomingVisit[]> {
  if (q.appointmentIds.length === 0) return [];
  const { rows } = await tx.execute<VisitRow>(sql`
    SELECT a.id, a.start_time, a.service_id, a.service_name, a.employee_name, a.price
      FROM appointments a
     WHERE a.id = ANY(${`{${q.appointmentIds.join(',')}}`}::uuid[]) AND a.client_record_id = ${q.clientId}::uuid AND a.status = 'confirmed'
       AND a.service_id IS NOT NULL AND (a.start_time AT TIME ZONE 'Europe/Madrid')::date >= ${q.today}::date
       AND NOT EXISTS (SELECT 1 FROM bono_sessions s WHERE s.appointment_id = a.id AND s.state IN ('reserved', 'spent'))
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.appointment_id = a.id)
     ORDER BY a.start_time, a.id
     FOR UPDATE OF a`);
  return rows.map(visitOf);
}

/**
 * A session of `bonoId` for the visit, by bono_take (the bono's row lock, its expiry, services and
 * sessions left, as a booking's); the visit's released session of an earlier bono, if any, is
 * reused (one session row per appointment). False: this bono cannot cover it.
 */
export async function takeSessionFor(tx: Tx, q: { bonoId: string; clientId: string; visit: UpcomingVisit; visitDate: string }): Promise<boolean> {
  const { rows } = await tx.execute<{ took: string | null }>(
    sql`SELECT bono_take(${q.clientId}::uuid, ${q.visit.serviceId}::uuid, ${q.visitDate}::date, ${q.bonoId}::uuid) AS took`,
  );
  if (rows[0]?.took !== q.bonoId) return false;
  await tx.execute(sql`
    INSERT INTO bono_sessions (bono_id, appointment_id) VALUES (${q.bonoId}::uuid, ${q.visit.id}::uuid)
    ON CONFLICT (appointment_id) DO UPDATE SET bono_id = EXCLUDED.bono_id, state = 'reserved', reserved_at = now(), spent_at = NULL, released_at = NULL
     WHERE bono_sessions.state = 'released'`);
  return true;
}
