import type pg from 'pg';
import { SALON_TIME_ZONE } from '../../src/domain/salon-time';

// The benchmark's salon, written straight into PostgreSQL (the API would take hours for a
// million rows). Everything respects the schema's rules, the no-overlap exclusion constraint
// included: it stays on while the rows go in.
//
// Layout, in salon (Madrid) days, the same for the 10,000 and the 1,000,000 runs except for how
// far back the history reaches, so the two runs differ only in the size of the history:
//   - today and the next FUTURE_DAYS days: a 30-minute appointment at the start of every hour
//     per employee (09:00-19:00 but 14:00, Monday to Saturday), so half of each working day is
//     free; confirmed, a few cancelled by the client; today's past hours completed or no_show.
//   - history, from yesterday backwards: every 15 minutes from 08:00 to 21:45, every day, for
//     each of the 10 employees (560 a day), statuses mixed: mostly completed, some no_show,
//     cancelled by the client or by the salon, a few left confirmed. 1,000,000 rows reach about
//     4.9 years back.
//   - cabins and machines (ADR 036): 4 cabins and 2 diode lasers. A share of the appointments
//     holds them, with their rows in appointment_resources as the booking writes them (span =
//     the times, `active` = the status holds time): employees 1-2 give laser sessions (their
//     laser and their cabin), employees 3-4 facials (their cabin), the other six neither. Each
//     resource is only ever held by ONE employee's appointments, which never overlap each other,
//     so the per-resource exclusion constraint (on while the rows go in) always holds: 40% of the
//     appointments hold a cabin, 20% a laser too. The load books the laser service (both groups)
//     and may take any free laser and cabin.

export const EMPLOYEES = 10;
export const FUTURE_DAYS = 30;
export const HISTORY_SLOTS_PER_DAY = 56; // 08:00-21:45 every 15 min
export const HISTORY_PER_DAY = HISTORY_SLOTS_PER_DAY * EMPLOYEES;
export const HISTORY_CLIENTS = 1000;

const WORK_DAY = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [{ start: '14:00', end: '15:00' }] };
const AVAILABILITY = {
  monday: WORK_DAY,
  tuesday: WORK_DAY,
  wednesday: WORK_DAY,
  thursday: WORK_DAY,
  friday: WORK_DAY,
  saturday: WORK_DAY,
  sunday: { isWorkingDay: false, startTime: '', endTime: '', breaks: [] },
};

export type Salon = {
  /** employee record ids (what the booking page sends as professionalId) */
  employeeIds: string[];
  /** the 15-minute service booked by the load */
  quickServiceId: string;
  /** the 15-minute service that needs two resource groups (any laser, any cabin), booked by the resource load */
  laserServiceId: string;
  /** per employee (1-based user id 'bench-emp-N'), the resources its appointments hold in the fill */
  held: Array<{ employee: string; resourceId: string }>;
  today: string;
};

const CABINS = 4;
const LASERS = 2;

/** Services, 10 employees with accounts and schedules, 1,000 history clients, salon settings (15-min grid). */
export async function createSalon(db: pg.Client): Promise<Salon> {
  // The per-client cap at its maximum (ADR 025): the bench's clients book hundreds each run.
  await db.query(`INSERT INTO salon_settings (id, name, address, appointment_time_slot_interval, cancellation_policy_hours, max_future_appointments_per_client)
                  VALUES (1, 'Auna Bench', 'Calle Mayor 12', 15, 24, 50)
                  ON CONFLICT (id) DO UPDATE SET appointment_time_slot_interval = 15, max_future_appointments_per_client = 50`);
  const services = await db.query<{ id: string; name: string; duration: number }>(`
    INSERT INTO services (name, description, duration, price, category) VALUES
      ('Diseño de cejas', 'Rápido', 15, 12.50, 'Cejas'),
      ('Corte de pelo', '', 30, 22.00, 'Peluquería'),
      ('Manicura', '', 45, 18.00, 'Manos'),
      ('Tinte', '', 60, 45.50, 'Peluquería'),
      ('Masaje relajante', '', 60, 50.00, 'Bienestar'),
      ('Limpieza facial', '', 45, 39.90, 'Facial'),
      ('Higiene facial exprés', '', 15, 25.00, 'Facial'),
      ('Higiene facial', '', 30, 35.00, 'Facial'),
      ('Depilación láser axilas', '', 15, 30.00, 'Depilación'),
      ('Depilación láser piernas', '', 30, 60.00, 'Depilación')
    RETURNING id, name, duration`);
  const byName = (name: string) => services.rows.find((s) => s.name === name)!.id;
  // The resources, in the salon's stable order, and what each service needs (ADR 036).
  const res = await db.query<{ id: string; name: string }>(`
    INSERT INTO resources (name, kind, position)
    SELECT 'Cabina ' || i, 'cabina', i FROM generate_series(1, ${CABINS}) i
    UNION ALL SELECT 'Láser de diodo ' || i, 'aparato', 10 + i FROM generate_series(1, ${LASERS}) i
    RETURNING id, name`);
  const cabins = res.rows.filter((r) => r.name.startsWith('Cabina')).sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.id);
  const lasers = res.rows.filter((r) => r.name.startsWith('Láser')).sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.id);
  const needs: Array<[string, string[][]]> = [
    ['Limpieza facial', [cabins]],
    ['Higiene facial exprés', [cabins]],
    ['Higiene facial', [cabins]],
    ['Depilación láser axilas', [lasers, cabins]],
    ['Depilación láser piernas', [lasers, cabins]],
  ];
  for (const [name, groups] of needs) {
    for (const [position, members] of groups.entries()) {
      const g = await db.query<{ id: string }>('INSERT INTO service_resource_groups (service_id, position) VALUES ($1, $2) RETURNING id', [byName(name), position]);
      await db.query('INSERT INTO service_resource_group_members (group_id, resource_id) SELECT $1, unnest($2::uuid[])', [g.rows[0]!.id, members]);
    }
  }
  const held = [
    { employee: 'bench-emp-1', resourceId: lasers[0]! },
    { employee: 'bench-emp-1', resourceId: cabins[0]! },
    { employee: 'bench-emp-2', resourceId: lasers[1]! },
    { employee: 'bench-emp-2', resourceId: cabins[1]! },
    { employee: 'bench-emp-3', resourceId: cabins[2]! },
    { employee: 'bench-emp-4', resourceId: cabins[3]! },
  ];
  await db.query(`INSERT INTO "user" (id, name, email, email_verified, role)
                  SELECT 'bench-emp-' || i, 'Profesional ' || i, 'prof' || i || '@bench.auna', true, 'employee'
                  FROM generate_series(1, ${EMPLOYEES}) i`);
  await db.query(`INSERT INTO "user" (id, name, email, email_verified, role)
                  SELECT 'bench-client-' || i, 'Cliente ' || i, 'cliente' || i || '@bench.auna', true, 'client'
                  FROM generate_series(0, ${HISTORY_CLIENTS - 1}) i`);
  const emps = await db.query<{ id: string }>(
    `INSERT INTO employees (name, email, availability, user_id, user_account_email)
     SELECT 'Profesional ' || i, 'prof' || i || '@bench.auna', $1::jsonb, 'bench-emp-' || i, 'prof' || i || '@bench.auna'
     FROM generate_series(1, ${EMPLOYEES}) i ORDER BY i RETURNING id`,
    [JSON.stringify(AVAILABILITY)],
  );
  await db.query(`INSERT INTO employee_services (employee_id, service_id) SELECT e.id, s.id FROM employees e CROSS JOIN services s`);
  const today = (await db.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS d`, [SALON_TIME_ZONE])).rows[0]!.d;
  return { employeeIds: emps.rows.map((r) => r.id), quickServiceId: byName('Diseño de cejas'), laserServiceId: byName('Depilación láser axilas'), held, today };
}

// Columns every generated row fills; the history's services are 15-minute ones, so that the
// durations match the 15-minute grid of the history.
const COLUMNS = `client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                 service_duration, price, start_time, end_time, status, notes_client, created_at, updated_at`;

/**
 * The resources the inserted rows (`ins`: id, employee_id, start_time, end_time, status) hold, in
 * the same statement: each row of an employee that holds resources gets one row per resource, as
 * the booking writes them (zero buffers: the span is the appointment's times).
 */
const holdResources = (held: string) => `INSERT INTO appointment_resources (appointment_id, resource_id, block_start, block_end, active)
     SELECT ins.id, h.resource_id, ins.start_time, ins.end_time, ins.status IN ('confirmed', 'completed')
     FROM ins JOIN ${held} ON h.employee = ins.employee_id`;
const HELD = `unnest($H1::text[], $H2::uuid[]) AS h(employee, resource_id)`;
const heldParams = (salon: Salon, first: number) => ({
  sql: HELD.replace('$H1', `$${first}`).replace('$H2', `$${first + 1}`),
  params: [salon.held.map((h) => h.employee), salon.held.map((h) => h.resourceId)],
});

/** The service each employee's generated rows are of (1-based e): laser, facial or the plain one. */
const SERVICE_OF_EMPLOYEE = (e: string, laser: string, facial: string, plain: string) =>
  `CASE WHEN ${e} <= 2 THEN '${laser}' WHEN ${e} <= 4 THEN '${facial}' ELSE '${plain}' END`;

/** Today and the next FUTURE_DAYS days (identical in both runs). Returns the number of rows. */
export async function fillPresent(db: pg.Client, salon: Salon): Promise<number> {
  const held = heldParams(salon, 3);
  const r = await db.query<{ n: number }>(
    `WITH ins AS (INSERT INTO appointments (${COLUMNS})
     SELECT 'bench-client-' || c, 'Cliente ' || c, 'cliente' || c || '@bench.auna', 'bench-emp-' || e, 'Profesional ' || e,
            s.id, s.name, 30, s.price, t, t + interval '30 minutes',
            CASE WHEN t < now() THEN (CASE WHEN (d * 31 + e * 7 + h) % 10 = 0 THEN 'no_show' ELSE 'completed' END)
                 WHEN (d * 31 + e * 7 + h) % 12 = 0 THEN 'cancelled_by_client' ELSE 'confirmed' END,
            '', now(), now()
     FROM generate_series(0, ${FUTURE_DAYS}) d
     CROSS JOIN generate_series(1, ${EMPLOYEES}) e
     CROSS JOIN generate_series(9, 19) h
     CROSS JOIN LATERAL (SELECT ((($1::date + d) + make_time(h, 0, 0)) AT TIME ZONE $2) AS t,
                                (d * 97 + e * 13 + h) % ${HISTORY_CLIENTS} AS c) x
     CROSS JOIN LATERAL (SELECT id, name, price FROM services
                         WHERE name = ${SERVICE_OF_EMPLOYEE('e', 'Depilación láser piernas', 'Higiene facial', 'Corte de pelo')}) s
     WHERE h <> 14 AND extract(isodow FROM $1::date + d) <> 7
     RETURNING id, employee_id, start_time, end_time, status)
     , res AS (${holdResources(held.sql)})
     SELECT count(*)::int AS n FROM ins`,
    [salon.today, SALON_TIME_ZONE, ...held.params],
  );
  return r.rows[0]!.n;
}

/**
 * History rows number `from` (inclusive) to `to` (exclusive), counted from yesterday's last slot
 * backwards, so a second call continues further into the past where the first one stopped.
 * Inserted in batches so progress shows and no single statement holds a million rows' locks.
 */
export async function fillHistory(db: pg.Client, salon: Salon, from: number, to: number, onProgress?: (done: number) => void) {
  const BATCH = 100_000;
  const held = heldParams(salon, 5);
  for (let a = from; a < to; a += BATCH) {
    const b = Math.min(to, a + BATCH);
    await db.query(
      `WITH svc AS (SELECT array_agg(id ORDER BY o) AS id, array_agg(name ORDER BY o) AS name, array_agg(price ORDER BY o) AS price
                    FROM services JOIN unnest(ARRAY['Depilación láser axilas', 'Higiene facial exprés', 'Diseño de cejas']) WITH ORDINALITY AS x(n, o) ON name = n),
       ins AS (INSERT INTO appointments (${COLUMNS})
       SELECT 'bench-client-' || (r % ${HISTORY_CLIENTS}), 'Cliente ' || (r % ${HISTORY_CLIENTS}),
              'cliente' || (r % ${HISTORY_CLIENTS}) || '@bench.auna', 'bench-emp-' || (e + 1), 'Profesional ' || (e + 1),
              svc.id[x.g], svc.name[x.g], 15, svc.price[x.g], t, t + interval '15 minutes',
              CASE WHEN h < 78 THEN 'completed' WHEN h < 84 THEN 'no_show' WHEN h < 93 THEN 'cancelled_by_client'
                   WHEN h < 97 THEN 'cancelled_by_salon' ELSE 'confirmed' END,
              CASE WHEN r % 9 = 0 THEN 'Primera visita' ELSE '' END, t - interval '7 days', t
       FROM svc, generate_series($2::int, $3::int - 1) r
       CROSS JOIN LATERAL (SELECT r / ${HISTORY_PER_DAY} + 1 AS back, (r % ${HISTORY_PER_DAY}) / ${HISTORY_SLOTS_PER_DAY} AS e,
                                  ${HISTORY_SLOTS_PER_DAY} - 1 - r % ${HISTORY_SLOTS_PER_DAY} AS k, ((r::bigint * 7919) % 100)::int AS h,
                                  CASE WHEN (r % ${HISTORY_PER_DAY}) / ${HISTORY_SLOTS_PER_DAY} < 2 THEN 1
                                       WHEN (r % ${HISTORY_PER_DAY}) / ${HISTORY_SLOTS_PER_DAY} < 4 THEN 2 ELSE 3 END AS g) x
       CROSS JOIN LATERAL (SELECT (($1::date - back) + time '08:00' + k * interval '15 minutes') AT TIME ZONE $4 AS t) y
       RETURNING id, employee_id, start_time, end_time, status)
       , res AS (${holdResources(held.sql)})
       SELECT 1`,
      [salon.today, a, b, SALON_TIME_ZONE, ...held.params],
    );
    onProgress?.(b);
  }
}

export async function countAppointments(db: pg.Client): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM appointments')).rows[0]!.n);
}

export const EXCEPTIONS = 200;

/**
 * 200 exceptions on the calendar (ADR 023): 100 salon closures and special hours and 100 time
 * off rows spread over the employees, all in the history or beyond the FUTURE_DAYS the load
 * books, so the measured slot lists stay the same while the queries have the rows to search.
 */
export async function fillExceptions(db: pg.Client, salon: Salon): Promise<number> {
  await db.query(
    `INSERT INTO salon_exceptions (kind, start_date, end_date, start_time, end_time, reason)
     SELECT CASE WHEN i % 2 = 0 THEN 'closed' ELSE 'special_hours' END,
            d, d + (i % 3), CASE WHEN i % 2 = 0 THEN NULL ELSE '10:00' END, CASE WHEN i % 2 = 0 THEN NULL ELSE '21:00' END,
            'Festivo ' || i
     FROM generate_series(0, ${EXCEPTIONS / 2 - 1}) i,
          LATERAL (SELECT CASE WHEN i < ${EXCEPTIONS / 4} THEN $1::date - 7 * (i + 1) ELSE $1::date + ${FUTURE_DAYS + 5} + 7 * i END AS d) x`,
    [salon.today],
  );
  await db.query(
    `INSERT INTO employee_time_off (employee_id, start_date, end_date, start_time, end_time, reason)
     SELECT ($2::uuid[])[1 + i % ${EMPLOYEES}], d, d + (i % 5), CASE WHEN i % 3 = 0 THEN '15:00' END, CASE WHEN i % 3 = 0 THEN '20:00' END, 'Ausencia ' || i
     FROM generate_series(0, ${EXCEPTIONS / 2 - 1}) i,
          LATERAL (SELECT CASE WHEN i < ${EXCEPTIONS / 4} THEN $1::date - 10 * (i + 1) ELSE $1::date + ${FUTURE_DAYS + 3} + 6 * i END AS d) x`,
    [salon.today, salon.employeeIds],
  );
  const r = await db.query<{ n: number }>(`SELECT (SELECT count(*) FROM salon_exceptions) + (SELECT count(*) FROM employee_time_off) AS n`);
  return Number(r.rows[0]!.n);
}
