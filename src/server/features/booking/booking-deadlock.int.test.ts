import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { appointmentRow, arrangeSalon, newClient, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import type { HttpResult, Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A booking that PostgreSQL aborts with a deadlock (40P01) is tried again (booking-write.ts
// writeAppointment()), so the client sees "slot taken" (409) or a booking (201), never a 500.
//
// The deadlock is built on purpose, with a second connection A as the other party. The exclusion
// constraint (employee_id =, tstzrange(start, end, '[)') &&) makes an insert wait for any
// uncommitted overlapping row to be decided:
//   1. A (in a transaction) inserts A1 = [s-15, s+15).
//   2. The booking B = [s, s+30) overlaps A1 and waits on A.
//   3. A inserts A2 = [s+15, s+30): it touches A1 only at an end ('[)'), but overlaps B's
//      uncommitted row, so A waits on B while B waits on A: a deadlock.
// A sets deadlock_timeout to 10 s, so B's backend (1 s, the default) is the one that looks for the
// cycle, finds it and is aborted with 40P01. A2 then goes in, B is tried again and waits on A
// once more, and A's COMMIT or ROLLBACK decides what the client is told.
// https://www.postgresql.org/docs/current/explicit-locking.html#LOCKING-DEADLOCKS

// "Now" is Wednesday 2026-01-14 11:00 in Madrid; 2026-01-15 is a Thursday (CET, UTC+1).
const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
const MIN = 60_000;
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);

let server: TestServer;
let salon: Salon;
let marta: Session;
let elenaId: string;
let observer: pg.Client;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta.deadlock@example.com', 'Marta García');
  await newClient(server, 'elena.deadlock@example.com', 'Elena Torres');
  elenaId = await userIdOf(server, 'elena.deadlock@example.com');
  // Watches from outside both transactions (autocommit: every read is a fresh statistics snapshot).
  observer = new pg.Client({ connectionString: server.dbUrl });
  await observer.connect();
});

afterAll(async () => {
  await observer?.end();
  await server?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Backends of this database waiting on a lock held by `pid`. */
async function blockedBy(pid: number): Promise<number[]> {
  const r = await observer.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND $1::int = ANY(pg_blocking_pids(pid))`,
    [pid],
  );
  return r.rows.map((row) => row.pid);
}

async function deadlocksSoFar(): Promise<number> {
  const r = await observer.query<{ n: number }>(`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()`);
  return r.rows[0]!.n;
}

/** An appointment for Lucía, written as the booking writes it, by the client Elena. */
async function insertAppointment(c: pg.Client, start: Date, end: Date): Promise<string> {
  const r = await c.query<{ id: string }>(
    `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status)
     VALUES ($1, 'Elena Torres', 'elena.deadlock@example.com', $2, 'Lucía Martín', $3, 'Corte y peinado', $4, 25.5, $5, $6, 'confirmed') RETURNING id`,
    [elenaId, salon.luciaUserId, salon.corte, (end.getTime() - start.getTime()) / MIN, start, end],
  );
  return r.rows[0]!.id;
}

/** Lucía's appointments overlapping [from, to), by start. */
async function luciaAppointments(from: Date, to: Date): Promise<string[]> {
  const r = await observer.query<{ id: string }>(
    `SELECT id FROM appointments WHERE employee_id = $1 AND tstzrange(start_time, end_time, '[)') && tstzrange($2, $3, '[)') ORDER BY start_time`,
    [salon.luciaUserId, from, to],
  );
  return r.rows.map((row) => row.id);
}

/**
 * Steps 1-3 above for Marta's 30-minute booking at `time` (starting at `s`), then `end` on A.
 * Returns what Marta's request answered, A's two rows, and how many deadlocks PostgreSQL counted.
 */
async function bookIntoADeadlock(time: string, s: Date, end: 'COMMIT' | 'ROLLBACK') {
  const deadlocksBefore = await deadlocksSoFar();
  const a = new pg.Client({ connectionString: server.dbUrl });
  await a.connect();
  try {
    const aPid = (await a.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await a.query('BEGIN');
    await a.query(`SET LOCAL deadlock_timeout = '10s'`);
    const a1 = await insertAppointment(a, plus(s, -15), plus(s, 15));

    let settled = false;
    const pending: Promise<HttpResult> = marta
      .post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: THURSDAY, time })
      .finally(() => {
        settled = true;
      });
    // B must be waiting on A before A2 goes in, or there is no cycle when B's backend looks for one.
    await until('the booking waits on A', async () => {
      if (settled) throw new Error(`the booking answered ${(await pending).status} without waiting on A`);
      const pids = await blockedBy(aPid);
      return pids.length > 0 ? true : undefined;
    });

    // Waits on B until B's backend detects the deadlock (~1 s) and is aborted; must not fail itself.
    const startedA2 = Date.now();
    const a2 = await insertAppointment(a, plus(s, 15), plus(s, 30));
    const a2WaitedMs = Date.now() - startedA2;

    // The retry waits on A again (A1, A2); without a retry the request has already answered.
    await until('the retried booking waits on A, or the request answers', async () => {
      if (settled) return true;
      return (await blockedBy(aPid)).length > 0 ? true : undefined;
    });
    await a.query(end);

    const res = await pending;
    // Statistics reach pg_stat_database when the backend that counted them next goes idle.
    const deadlocks = await until(
      'PostgreSQL counts the deadlock',
      async () => {
        const n = (await deadlocksSoFar()) - deadlocksBefore;
        return n > 0 ? n : undefined;
      },
      5_000,
    ).catch(() => 0);
    return { res, a1, a2, a2WaitedMs, deadlocks };
  } finally {
    await a.end();
  }
}

it('a booking aborted by a deadlock is tried again and told the slot is taken when the other side commits', async () => {
  const s = new Date('2026-01-15T09:00:00Z'); // 10:00 in Madrid
  const { res, a1, a2, a2WaitedMs, deadlocks } = await bookIntoADeadlock('10:00', s, 'COMMIT');

  expect(deadlocks).toBeGreaterThanOrEqual(1);
  // A2 was held up by the booking's row until PostgreSQL broke the cycle (deadlock_timeout 1 s).
  expect(a2WaitedMs).toBeGreaterThanOrEqual(900);
  expect(res.status).toBe(409);
  expect(res.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
  expect(await luciaAppointments(plus(s, -15), plus(s, 30))).toEqual([a1, a2]);
});

it('a booking aborted by a deadlock is tried again and booked when the other side rolls back', async () => {
  const s = new Date('2026-01-15T10:00:00Z'); // 11:00 in Madrid
  const { res, a2WaitedMs, deadlocks } = await bookIntoADeadlock('11:00', s, 'ROLLBACK');

  expect(deadlocks).toBeGreaterThanOrEqual(1);
  expect(a2WaitedMs).toBeGreaterThanOrEqual(900);
  expect(res.status).toBe(201);
  expect(res.body.appointment).toMatchObject({ startTime: s.toISOString(), endTime: plus(s, 30).toISOString(), status: 'confirmed' });
  expect(await luciaAppointments(plus(s, -15), plus(s, 30))).toEqual([res.body.appointment.id]);
  expect(await appointmentRow(server, res.body.appointment.id)).toMatchObject({
    clientEmail: 'marta.deadlock@example.com',
    status: 'confirmed',
  });
});
