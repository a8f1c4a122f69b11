import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../src/domain/texts/common';
import { newSession, signUp, type Session } from '../support/http-client';
import { nextIp, OPEN_SCHEDULE, pool, salonDay, startCluster, type Cluster } from '../support/cluster';

// Races over TWO server processes on one PostgreSQL (as two instances behind a load balancer):
//   - 200 clients ask for the same slot at the same moment: exactly one appointment, 199 × 409
//     with the spec's sentence;
//   - a browser's event stream on one process sees a booking made through the other within 2 s
//     (SSE fed by LISTEN/NOTIFY);
//   - a client's cancel and the salon's change of status on the same appointment, at the same
//     moment, leave one winner and a final state that is the winner's.
// The servers run on the real clock, so the days used are real future salon days.

const ATTEMPTS = 200;
const PASSWORD = 'carrera-clave-1';
let cluster: Cluster;
let A: string;
let B: string;
let serviceId: string;
let employeeRecord: string;
let employeeUserId: string;
let employee: Session;
let admin: Session;
let clients: Session[] = [];

/** The same browser (cookies) talking to another instance. */
function on(s: Session, url: string): Session {
  const other = newSession(url, { headers: { 'x-forwarded-for': nextIp('10.61') } });
  for (const [k, v] of s.cookies) other.cookies.set(k, v);
  return other;
}

beforeAll(async () => {
  cluster = await startCluster({ processes: 2 });
  [A, B] = cluster.instances.map((i) => i.url) as [string, string];
  const ip = () => ({ headers: { 'x-forwarded-for': nextIp('10.62') } });
  employee = await signUp(A, { email: 'lucia@carrera.test', password: PASSWORD, name: 'Lucía Martín' }, ip());
  admin = await signUp(B, { email: 'admin@carrera.test', password: PASSWORD, name: 'Admin' }, ip());
  const db = cluster.db;
  await db.query(`UPDATE "user" SET role = 'employee' WHERE email = 'lucia@carrera.test'`);
  await db.query(`UPDATE "user" SET role = 'admin' WHERE email = 'admin@carrera.test'`);
  employeeUserId = (await db.query<{ id: string }>(`SELECT id FROM "user" WHERE email = 'lucia@carrera.test'`)).rows[0]!.id;
  serviceId = (
    await db.query<{ id: string }>(
      `INSERT INTO services (name, duration, price, category) VALUES ('Corte y peinado', 30, 25.5, 'Cabello') RETURNING id`,
    )
  ).rows[0]!.id;
  employeeRecord = (
    await db.query<{ id: string }>(
      `INSERT INTO employees (name, availability, user_id, user_account_email) VALUES ('Lucía Martín', $1, $2, 'lucia@carrera.test') RETURNING id`,
      [JSON.stringify(OPEN_SCHEDULE), employeeUserId],
    )
  ).rows[0]!.id;
  await db.query(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [employeeRecord, serviceId]);

  // 200 clients, signed up half through each process, each from its own address.
  clients = await pool(
    Array.from({ length: ATTEMPTS }, (_, i) => i),
    6,
    (i) => signUp(i % 2 ? B : A, { email: `cliente${i}@carrera.test`, password: PASSWORD, name: `Cliente ${i}` }, ip()),
  );
}, 300_000);

afterAll(async () => {
  await cluster?.close();
});

/** A client of the event stream, as a browser's EventSource: resolves events as they come. */
async function listen(s: Session, url: string, query: string) {
  const ctrl = new AbortController();
  const headers = { cookie: [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; '), accept: 'text/event-stream' };
  const res = await fetch(`${url}/api/events?${query}`, { headers, signal: ctrl.signal });
  expect(res.status).toBe(200);
  const events: { event: string; data: string; at: number }[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          events.push({ event, data, at: Date.now() });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = (pred: (e: { event: string; data: string }) => boolean, timeoutMs: number) =>
    new Promise<{ event: string; data: string; at: number }>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`)), timeoutMs);
      const check = () => {
        const found = events.find(pred);
        if (found) {
          clearTimeout(t);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  await next((e) => e.event === 'ready', 5_000);
  return { next, close: () => ctrl.abort() };
}

it('a booking made through process B reaches an event stream on process A within 2 s', async () => {
  const day = salonDay(3);
  const stream = await listen(clients[0]!, A, `employeeId=${employeeUserId}&date=${day}`);
  const sent = Date.now();
  const res = await on(clients[1]!, B).post('/api/booking', { serviceId, professionalId: employeeRecord, date: day, time: '18:00' });
  expect(res.status).toBe(201);
  const e = await stream.next((x) => x.event === 'appointments', 2_000);
  stream.close();
  expect(JSON.parse(e.data)).toMatchObject({ type: 'appointments', employeeId: employeeUserId, dates: [day] });
  const ms = e.at - sent;
  expect(ms).toBeLessThan(2_000);
  console.log(`live: a booking through process B reached process A's /api/events in ${ms} ms (limit 2000 ms)`);
});

it(`${ATTEMPTS} concurrent attempts for one slot over two processes: exactly one appointment, ${ATTEMPTS - 1} × 409`, async () => {
  const day = salonDay(4);
  const stream = await listen(employee, A, `employeeId=${employeeUserId}&date=${day}`);
  const body = { serviceId, professionalId: employeeRecord, date: day, time: '10:00' };
  // Every request is built first, then all are let go together.
  const sessions = clients.map((c, i) => on(c, i % 2 ? B : A));
  const started = Date.now();
  const results = await Promise.all(sessions.map((s) => s.post('/api/booking', body)));
  const ms = Date.now() - started;

  const created = results.filter((r) => r.status === 201);
  const taken = results.filter((r) => r.status === 409 && r.body?.error?.code === 'slot_taken' && r.body.error.message === MSG.slotTaken);
  const other = results.filter((r) => r.status !== 201 && !taken.includes(r));
  console.log(
    `race: ${ATTEMPTS} attempts for one slot over 2 processes in ${ms} ms: ${created.length} confirmed (201), ${taken.length} × 409 '${MSG.slotTaken}', ${other.length} other answers`,
  );
  expect(other.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
  expect(created).toHaveLength(1);
  expect(taken).toHaveLength(ATTEMPTS - 1);

  const rows = await cluster.db.query<{ id: string; status: string }>(
    `SELECT id, status FROM appointments WHERE employee_id = $1 AND start_time = $2::timestamptz`,
    [employeeUserId, created[0]!.body.appointment.startTime],
  );
  expect(rows.rows).toEqual([{ id: created[0]!.body.appointment.id, status: 'confirmed' }]);
  // The one booking was announced once, to the other process's stream too.
  await stream.next((e) => e.event === 'appointments', 2_000);
  stream.close();
});

it('a client cancelling while the salon changes the status of the same appointment: one winner, its final state', async () => {
  const PAIRS = 30;
  const day = salonDay(6);
  // 30 appointments of 30 clients, booked through the API (09:00, 09:30 … on one day and the next).
  const booked = await pool(
    Array.from({ length: PAIRS }, (_, i) => i),
    6,
    async (i) => {
      const d = i < 22 ? day : salonDay(7);
      const minutes = 9 * 60 + (i % 22) * 30;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const res = await on(clients[10 + i]!, A).post('/api/booking', { serviceId, professionalId: employeeRecord, date: d, time });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.appointment.id as string, client: clients[10 + i]! };
    },
  );

  const targets = ['cancelled_by_salon', 'completed', 'no_show'] as const;
  const outcomes = await Promise.all(
    booked.map(async ({ id, client }, i) => {
      const salonStatus = targets[i % 3]!;
      // Client through one process, admin through the other, alternating which is which.
      const [cancel, change] = await Promise.all([
        on(client, i % 2 ? A : B).post(`/api/my-appointments/${id}/cancel`),
        on(admin, i % 2 ? B : A).patch(`/api/admin/appointments/${id}/status`, { status: salonStatus }),
      ]);
      const final = (await cluster.db.query<{ status: string }>(`SELECT status FROM appointments WHERE id = $1`, [id])).rows[0]!.status;
      return { cancel: cancel.status, change: change.status, final, salonStatus };
    }),
  );
  const problems = outcomes.filter((o) => {
    const oneWinner = [o.cancel, o.change].filter((s) => s === 200).length === 1 && [o.cancel, o.change].includes(409);
    const winnerState = o.cancel === 200 ? 'cancelled_by_client' : o.salonStatus;
    return !oneWinner || o.final !== winnerState;
  });
  const clientWins = outcomes.filter((o) => o.cancel === 200).length;
  console.log(
    `race: cancel (client) vs status change (admin) on ${PAIRS} appointments over 2 processes: client won ${clientWins}, salon won ${PAIRS - clientWins}, ${problems.length} inconsistent`,
  );
  expect(problems).toEqual([]);
});

it("an employee's mark and the salon's cancellation of the same started appointment: one winner, its final state", async () => {
  const PAIRS = 20;
  const clientId = (await cluster.db.query<{ id: string }>(`SELECT id FROM "user" WHERE email = 'cliente5@carrera.test'`)).rows[0]!.id;
  // Appointments that have already started cannot be booked: they are written as booking writes them.
  const ids: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const start = new Date(Date.now() - (i + 1) * 60 * 60_000 - 24 * 60 * 60_000);
    const row = await cluster.db.query<{ id: string }>(
      `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status)
       VALUES ($1, 'Cliente 5', 'cliente5@carrera.test', $2, 'Lucía Martín', $3, 'Corte y peinado', 30, 25.5, $4, $5, 'confirmed') RETURNING id`,
      [clientId, employeeUserId, serviceId, start, new Date(start.getTime() + 30 * 60_000)],
    );
    ids.push(row.rows[0]!.id);
  }
  const outcomes = await Promise.all(
    ids.map(async (id, i) => {
      const mark = i % 2 ? 'completed' : 'no_show';
      const [m, c] = await Promise.all([
        on(employee, i % 2 ? A : B).patch(`/api/agenda/appointments/${id}`, { status: mark }),
        on(admin, i % 2 ? B : A).patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' }),
      ]);
      const final = (await cluster.db.query<{ status: string }>(`SELECT status FROM appointments WHERE id = $1`, [id])).rows[0]!.status;
      return { m: m.status, c: c.status, final, mark };
    }),
  );
  const problems = outcomes.filter((o) => {
    const oneWinner = [o.m, o.c].filter((s) => s === 200).length === 1 && [o.m, o.c].includes(409);
    return !oneWinner || o.final !== (o.m === 200 ? o.mark : 'cancelled_by_salon');
  });
  const employeeWins = outcomes.filter((o) => o.m === 200).length;
  console.log(
    `race: mark (employee) vs cancel (admin) on ${PAIRS} started appointments over 2 processes: employee won ${employeeWins}, salon won ${PAIRS - employeeWins}, ${problems.length} inconsistent`,
  );
  expect(problems).toEqual([]);
});
