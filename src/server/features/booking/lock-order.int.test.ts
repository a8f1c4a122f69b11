import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { salonSettings } from '../../db/schema';
import { startServer } from '../../start';
import { freePort } from '../../../../test/support/free-port';
import type { HttpResult } from '../../../../test/support/http-client';
import { arrangeWorld, type World } from '../../../../test/support/salon-world';
import type { TestServer } from '../../../../test/support/test-server';

// The lock order (docs/decisions/053-one-lock-order-per-client.md): her own booking, the desk's
// booking for her, a move of one of her visits and a bono's sale covering her booked visits, all
// at once for ONE client holding a bono, round after round, and PostgreSQL never detects a
// deadlock. The proof is PostgreSQL's own log: this server runs its OWN embedded PostgreSQL (no
// DATABASE_URL), whose log lines reach the server's log, with log_error_verbosity = verbose so a
// deadlock is written with its SQLSTATE (40P01). Before the order, her booking held her client
// record and waited for her bono's row while the desk's held the bono and waited for her record.

const NOW = new Date('2026-01-14T10:00:00Z');
const ROUNDS = 10;
const lines: string[] = [];
let dataDir: string;
let running: Awaited<ReturnType<typeof startServer>>;
let w: World;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-lock-order-'));
  const port = await freePort();
  running = await startServer(
    loadConfig({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'debug', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), TRUST_PROXY: 'true' }),
    { now: () => NOW, logDestination: { write: (line: string) => void lines.push(line) } },
  );
  // The server's own PostgreSQL, its superuser: every error with its SQLSTATE from now on.
  await running.deps.db.execute(sql`ALTER SYSTEM SET log_error_verbosity = 'verbose'`);
  await running.deps.db.execute(sql`SELECT pg_reload_conf()`);
  const server = { url: running.url, deps: running.deps, dbUrl: '', dataDir, close: () => running.close() } as TestServer;
  w = await arrangeWorld(server, 'cerrojos');
  await running.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
}, 120_000);

afterAll(async () => {
  await running?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const deadlocksCounted = async () => Number((await running.deps.db.execute<{ n: number }>(sql`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0]!.n);

it(`her booking, the desk's booking, a move and a bono's sale for one client with a bono, ${ROUNDS} rounds at once: no 40P01 in PostgreSQL's log, no 5xx`, async () => {
  const admin = w.sessions.admin;
  const made = await admin.post('/api/admin/bono-types', { name: 'Bono 40 cortes', serviceIds: [w.serviceId], sessions: 40, price: 800, validityMonths: 12 });
  expect(made.status).toBe(201);
  // Marta's record (her first booking makes it) and her bono.
  const first = await w.sessions.client.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: '2026-01-15', time: '09:00' });
  expect(first.status).toBe(201);
  const rec = (await admin.get('/api/front-desk/clients?q=Marta')).body.clients[0].id as string;
  expect((await admin.post(`/api/bonos/clients/${rec}`, { bonoTypeId: made.body.bonoType.id, paymentMethod: 'efectivo' })).status).toBe(201);
  const deadlocksBefore = await deadlocksCounted();
  const answers: HttpResult[] = [];
  // Working days from Friday 16 January on (Sundays are closed in this world).
  const days = Array.from({ length: 14 }, (_, i) => `2026-01-${String(16 + i).padStart(2, '0')}`).filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 0);
  for (let round = 0; round < ROUNDS; round++) {
    const date = days[round]!;
    // Two visits of hers booked without the bono (one to move, one for the sale to cover).
    const toMove = await admin.post('/api/booking/staff', { clientId: rec, serviceId: w.serviceId, professionalId: w.otherEmployeeRecord, date, time: '13:00', bonoId: null });
    const toCover = await admin.post('/api/booking/staff', { clientId: rec, serviceId: w.serviceId, professionalId: w.otherEmployeeRecord, date, time: '14:00', bonoId: null });
    expect([toMove.status, toCover.status]).toEqual([201, 201]);
    answers.push(
      ...(await Promise.all([
        w.sessions.client.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date, time: '10:00' }),
        admin.post('/api/booking/staff', { clientId: rec, serviceId: w.serviceId, professionalId: w.otherEmployeeRecord, date, time: '10:00' }),
        admin.post(`/api/booking/reschedule/${toMove.body.appointment.id}`, { professionalId: w.employeeRecord, date, time: '12:00' }),
        w.sessions.employee.post(`/api/bonos/clients/${rec}`, { bonoTypeId: made.body.bonoType.id, paymentMethod: 'tarjeta', appointmentIds: [toCover.body.appointment.id] }),
        admin.post(`/api/booking/reschedule/${first.body.appointment.id}`, { professionalId: w.employeeRecord, date: '2026-01-15', time: round % 2 ? '09:00' : '09:30' }),
      ])),
    );
  }
  // Statistics and the log reach us once the backends go idle: wait a moment for both.
  await new Promise((r) => setTimeout(r, 1500));
  const pgLog = lines.filter((l) => l.includes('"pg"'));
  expect(pgLog.length).toBeGreaterThan(0);
  expect(pgLog.filter((l) => /40P01|deadlock detected/.test(l))).toEqual([]);
  expect(await deadlocksCounted()).toBe(deadlocksBefore);
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => expect.any(Number)));
  expect(answers.filter((a) => a.status !== 200 && a.status !== 201).map((a) => a.body)).toEqual([]);
}, 240_000);
