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
  today: string;
};

/** Services, 10 employees with accounts and schedules, 1,000 history clients, salon settings (15-min grid). */
export async function createSalon(db: pg.Client): Promise<Salon> {
  // The per-client cap at its maximum (ADR 025): the bench's clients book hundreds each run.
  await db.query(`INSERT INTO salon_settings (id, name, address, appointment_time_slot_interval, cancellation_policy_hours, max_future_appointments_per_client)
                  VALUES (1, 'Auna Bench', 'Calle Mayor 12', 15, 24, 50)
                  ON CONFLICT (id) DO UPDATE SET appointment_time_slot_interval = 15, max_future_appointments_per_client = 50`);
  const services = await db.query<{ id: string; duration: number }>(`
    INSERT INTO services (name, description, duration, price, category) VALUES
      ('Diseño de cejas', 'Rápido', 15, 12.50, 'Cejas'),
      ('Corte de pelo', '', 30, 22.00, 'Peluquería'),
      ('Manicura', '', 45, 18.00, 'Manos'),
      ('Tinte', '', 60, 45.50, 'Peluquería'),
      ('Masaje relajante', '', 60, 50.00, 'Bienestar'),
      ('Limpieza facial', '', 45, 39.90, 'Facial')
    RETURNING id, duration`);
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
  return { employeeIds: emps.rows.map((r) => r.id), quickServiceId: services.rows.find((s) => s.duration === 15)!.id, today };
}

// Columns every generated row fills; service columns come from the 15-minute service so that
// the durations match the 15-minute grid of the history.
const COLUMNS = `client_id, client_name, client_email, employee_id, employee_name, service_id, service_name,
                 service_duration, price, start_time, end_time, status, notes_client, created_at, updated_at`;

/** Today and the next FUTURE_DAYS days (identical in both runs). Returns the number of rows. */
export async function fillPresent(db: pg.Client, salon: Salon): Promise<number> {
  const r = await db.query(
    `INSERT INTO appointments (${COLUMNS})
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
     CROSS JOIN LATERAL (SELECT id, name, price FROM services WHERE duration = 30 ORDER BY name LIMIT 1) s
     WHERE h <> 14 AND extract(isodow FROM $1::date + d) <> 7`,
    [salon.today, SALON_TIME_ZONE],
  );
  return r.rowCount ?? 0;
}

/**
 * History rows number `from` (inclusive) to `to` (exclusive), counted from yesterday's last slot
 * backwards, so a second call continues further into the past where the first one stopped.
 * Inserted in batches so progress shows and no single statement holds a million rows' locks.
 */
export async function fillHistory(db: pg.Client, salon: Salon, from: number, to: number, onProgress?: (done: number) => void) {
  const BATCH = 100_000;
  for (let a = from; a < to; a += BATCH) {
    const b = Math.min(to, a + BATCH);
    await db.query(
      `INSERT INTO appointments (${COLUMNS})
       SELECT 'bench-client-' || (r % ${HISTORY_CLIENTS}), 'Cliente ' || (r % ${HISTORY_CLIENTS}),
              'cliente' || (r % ${HISTORY_CLIENTS}) || '@bench.auna', 'bench-emp-' || (e + 1), 'Profesional ' || (e + 1),
              $2::uuid, 'Diseño de cejas', 15, 12.50, t, t + interval '15 minutes',
              CASE WHEN h < 78 THEN 'completed' WHEN h < 84 THEN 'no_show' WHEN h < 93 THEN 'cancelled_by_client'
                   WHEN h < 97 THEN 'cancelled_by_salon' ELSE 'confirmed' END,
              CASE WHEN r % 9 = 0 THEN 'Primera visita' ELSE '' END, t - interval '7 days', t
       FROM generate_series($3::int, $4::int - 1) r
       CROSS JOIN LATERAL (SELECT r / ${HISTORY_PER_DAY} + 1 AS back, (r % ${HISTORY_PER_DAY}) / ${HISTORY_SLOTS_PER_DAY} AS e,
                                  ${HISTORY_SLOTS_PER_DAY} - 1 - r % ${HISTORY_SLOTS_PER_DAY} AS k, ((r::bigint * 7919) % 100)::int AS h) x
       CROSS JOIN LATERAL (SELECT (($1::date - back) + time '08:00' + k * interval '15 minutes') AT TIME ZONE $5 AS t) y`,
      [salon.today, salon.quickServiceId, a, b, SALON_TIME_ZONE],
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
