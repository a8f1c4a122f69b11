import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { rememberSecret } from '../../test/support/run-log';
import type { E2eState } from './global-setup';

// Arranging the employee-agenda journeys. Appointments that have ALREADY STARTED cannot be made
// through the API (booking only offers future slots), so they are written straight into the e2e
// server's database, as the integration tests do. The database is the embedded PostgreSQL the
// global setup started: its password is in DATA_DIR/secrets.json and its port in the
// postmaster.pid (line 4) of DATA_DIR/pg.

let pool: pg.Pool | undefined;

export function e2eDb(): pg.Pool {
  if (pool) return pool;
  const file = process.env.AUNA_E2E_STATE;
  if (!file) throw new Error('AUNA_E2E_STATE is not set: run through playwright.config.ts');
  const state = JSON.parse(readFileSync(file, 'utf8')) as E2eState;
  const { dbPassword } = JSON.parse(readFileSync(path.join(state.dataDir, 'secrets.json'), 'utf8')) as { dbPassword: string };
  const port = Number(readFileSync(path.join(state.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', password: dbPassword, database: 'auna', max: 2 });
  return pool;
}

export async function closeE2eDb() {
  await pool?.end();
  pool = undefined;
}

export type Person = { id: string; email: string; name: string };

/** The password of the accounts signUpAs makes (never to be seen in the server's log). */
export const AGENDA_PASSWORD = 'clave-agenda-1';

/** Signs up through the real API in `request`'s cookie jar (which then holds the session). */
export async function signUpAs(request: APIRequestContext, baseURL: string, email: string, name: string): Promise<Person> {
  rememberSecret(AGENDA_PASSWORD);
  const res = await request.post('/api/auth/sign-up/email', { data: { email, password: AGENDA_PASSWORD, name }, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`sign-up ${email}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { id: body.user.id, email, name };
}

/** What account linking leaves behind (SPEC §4): the role employee. */
export async function makeEmployee(p: Person) {
  await e2eDb().query(`UPDATE "user" SET role = 'employee' WHERE id = $1`, [p.id]);
  // ... and the active employee record that links it: staff routes need one (ADR 032). No
  // services, so nobody can book her; linkEmployeeRecord fills it in.
  await e2eDb().query(
    `INSERT INTO employees (name, email, availability, user_id, user_account_email) VALUES ($1, $2, $3, $4, $2) ON CONFLICT (user_id) DO NOTHING`,
    [p.name, p.email, JSON.stringify(weekAvailability()), p.id],
  );
}

function weekAvailability() {
  const day = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [] };
  const off = { isWorkingDay: false, startTime: '09:00', endTime: '17:00', breaks: [] };
  return { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: off };
}

/** An employee record linked to `p`, offering the service, working Monday to Saturday 09:00-20:00. */
export async function linkEmployeeRecord(p: Person, serviceId: string): Promise<string> {
  const db = e2eDb();
  // makeEmployee may have made the record already: this one is then brought up to date.
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO employees (name, email, availability, user_id, user_account_email) VALUES ($1, $2, $3, $4, $2)
     ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, availability = EXCLUDED.availability,
       user_account_email = EXCLUDED.user_account_email, is_active = true
     RETURNING id`,
    [p.name, p.email, JSON.stringify(weekAvailability()), p.id],
  );
  const id = rows[0]!.id;
  await db.query(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [id, serviceId]);
  return id;
}

export async function serviceNamed(name: string): Promise<{ id: string; name: string; duration: number; price: number }> {
  const { rows } = await e2eDb().query(`SELECT id, name, duration, price::float8 AS price FROM services WHERE name = $1`, [name]);
  if (!rows[0]) throw new Error(`no service ${name} in the demo seed`);
  return rows[0];
}

/** A confirmed appointment of `employee` with `client`, as booking writes it. */
export async function insertAppointment(a: { employee: Person; client: Person; start: Date; service: { id: string; name: string; duration: number; price: number }; notes?: string }): Promise<string> {
  const end = new Date(a.start.getTime() + a.service.duration * 60_000);
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status, notes_client)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,'confirmed',$12) RETURNING id`,
    [a.client.id, a.client.name, a.client.email, a.employee.id, a.employee.name, a.service.id, a.service.name, a.service.duration, a.service.price, a.start, end, a.notes ?? ''],
  );
  return rows[0]!.id;
}

export async function statusOf(id: string): Promise<string | undefined> {
  const { rows } = await e2eDb().query<{ status: string }>(`SELECT status FROM appointments WHERE id = $1`, [id]);
  return rows[0]?.status;
}

/** Removes what a journey arranged, so other journeys' counts of the demo salon stay as seeded. */
export async function cleanUp(userIds: string[]) {
  if (userIds.length === 0) return;
  const db = e2eDb();
  await db.query(`DELETE FROM appointments WHERE employee_id = ANY($1) OR client_id = ANY($1)`, [userIds]);
  await db.query(`DELETE FROM employees WHERE user_id = ANY($1)`, [userIds]);
}
