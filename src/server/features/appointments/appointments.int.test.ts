import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { pgErrorCode } from '../../db/client';
import { appointments, employees, services, user } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { newSession, promote, signUp, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The back office's dashboard and appointment management through the real HTTP API on a real
// PostgreSQL. The server's clock is fixed at NOW: Thursday 2026-01-15, 11:00 in Madrid (UTC+1),
// so Madrid's "today" runs from 2026-01-14T23:00Z to 2026-01-15T23:00Z.

const NOW = new Date('2026-01-15T10:00:00Z');
const PASSWORD = 'secreto-1';

let server: TestServer;
let admin: Session;
let client: Session;
let employee: Session;
let anon: Session;
let ipSeq = 0;
const nextIp = () => ({ headers: { 'x-forwarded-for': `10.9.0.${++ipSeq}` } });

type U = { id: string; name: string; email: string };
let clientUser: U;
let lucia: U; // employee with a linked account
let carmen: U; // employee with a linked account
let serviceId: string;

async function userByEmail(email: string): Promise<U> {
  const [row] = await server.deps.db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A login-less account (employees here never sign in; a row is enough for the foreign keys). */
async function plainUser(name: string, email: string): Promise<U> {
  const id = randomUUID();
  await server.deps.db.insert(user).values({ id, name, email, role: 'employee' });
  return { id, name, email };
}

type Status = (typeof appointments.$inferInsert)['status'];

async function addAppt(o: { employee: U; start: string; minutes?: number; status?: Status; price?: number; notes?: string; service?: string }) {
  const start = new Date(o.start);
  const minutes = o.minutes ?? 30;
  const [row] = await server.deps.db
    .insert(appointments)
    .values({
      clientId: clientUser.id,
      clientName: clientUser.name,
      clientEmail: clientUser.email,
      employeeId: o.employee.id,
      employeeName: o.employee.name,
      serviceId,
      serviceName: o.service ?? 'Corte y peinado',
      serviceDuration: minutes,
      price: o.price ?? 20,
      startTime: start,
      endTime: new Date(start.getTime() + minutes * 60_000),
      status: o.status ?? 'confirmed',
      notes_client: o.notes ?? '',
    })
    .returning();
  return row!;
}

async function statusOf(id: string) {
  const [row] = await server.deps.db.select({ status: appointments.status, updatedAt: appointments.updatedAt }).from(appointments).where(eq(appointments.id, id));
  return row;
}

/** A day far from every other test's rows, so each describe block owns its own dates. */
const list = (s: Session, q: Record<string, string>) => s.get(`/api/admin/appointments?${new URLSearchParams(q).toString()}`);

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  admin = await signUp(server.url, { email: 'rocio@example.com', password: PASSWORD, name: 'Rocío' }, nextIp());
  await promote(server.deps, 'rocio@example.com', 'admin');
  client = await signUp(server.url, { email: 'marta@example.com', password: PASSWORD, name: 'Marta García' }, nextIp());
  employee = await signUp(server.url, { email: 'javier@example.com', password: PASSWORD, name: 'Javier' }, nextIp());
  await promote(server.deps, 'javier@example.com', 'employee');
  anon = newSession(server.url);
  clientUser = await userByEmail('marta@example.com');
  lucia = await plainUser('Lucía Martín', 'lucia@example.com');
  carmen = await plainUser('Carmen Ruiz', 'carmen@example.com');
  const db = server.deps.db;
  const [svc] = await db.insert(services).values({ name: 'Corte y peinado', duration: 30, price: 20 }).returning();
  serviceId = svc!.id;
  const availability = defaultWeeklySchedule();
  await db.insert(employees).values([
    { name: 'Lucía Martín', userId: lucia.id, userAccountEmail: lucia.email, availability },
    { name: 'Carmen Ruiz', userId: carmen.id, userAccountEmail: carmen.email, availability, isActive: false },
    { name: 'Nuria Gil', userId: null, availability },
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('access', () => {
  const someId = randomUUID();
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/appointments?from=2026-01-15&to=2026-01-15'],
    ['GET', '/api/admin/appointments/employees'],
    ['PATCH', `/api/admin/appointments/${someId}/status`, { status: 'completed' }],
  ];

  it.each(routes)('%s %s: 401 anonymous, 403 client and employee', async (method, path, body) => {
    const a = await anon.request(method, path, body);
    expect(a.status).toBe(401);
    expect(a.body.error.message).toBe(MSG.unauthenticated);
    for (const s of [client, employee]) {
      const r = await s.request(method, path, body);
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({ code: 'forbidden', message: MSG.forbidden });
    }
  });

  it('a non-admin cannot change a status even with a real id', async () => {
    const a = await addAppt({ employee: lucia, start: '2026-05-04T08:00:00Z' });
    expect((await employee.patch(`/api/admin/appointments/${a.id}/status`, { status: 'cancelled_by_salon' })).status).toBe(403);
    expect((await client.patch(`/api/admin/appointments/${a.id}/status`, { status: 'cancelled_by_salon' })).status).toBe(403);
    expect((await statusOf(a.id))?.status).toBe('confirmed');
  });
});

describe('employees for the filter', () => {
  it('lists the employees with a linked account (inactive ones too), by name, with their user id', async () => {
    const res = await admin.get('/api/admin/appointments/employees');
    expect(res.status).toBe(200);
    expect(res.body.employees.map((e: { name: string; userId: string; isActive: boolean }) => [e.name, e.userId, e.isActive])).toEqual([
      ['Carmen Ruiz', carmen.id, false],
      ['Lucía Martín', lucia.id, true],
    ]);
  });
});

describe('dashboard', () => {
  // Rows of 2026-01-14..16 around Madrid's midnights. Today = the 15th in Madrid.
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    const rows = {
      eve: await addAppt({ employee: lucia, start: '2026-01-14T22:59:00Z', minutes: 1, status: 'confirmed', price: 100 }), // 14th 23:59 Madrid
      midnight: await addAppt({ employee: lucia, start: '2026-01-14T23:00:00Z', status: 'completed', price: 10.1, notes: 'Primera hora' }), // 15th 00:00
      morning: await addAppt({ employee: carmen, start: '2026-01-15T08:00:00Z', status: 'no_show', price: 99 }), // 09:00
      past: await addAppt({ employee: lucia, start: '2026-01-15T09:00:00Z', status: 'confirmed', price: 20.2 }), // 10:00, already begun
      cancelled: await addAppt({ employee: carmen, start: '2026-01-15T12:00:00Z', status: 'cancelled_by_client', price: 99 }),
      soon: await addAppt({ employee: carmen, start: '2026-01-15T13:00:00Z', status: 'confirmed', price: 30.3, service: 'Manicura' }), // 14:00
      late: await addAppt({ employee: lucia, start: '2026-01-15T22:59:00Z', minutes: 1, status: 'confirmed', price: 0.1 }), // 23:59
      tomorrow: await addAppt({ employee: lucia, start: '2026-01-15T23:00:00Z', status: 'confirmed', price: 100 }), // 16th 00:00
    };
    ids = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.id]));
  });

  it("counts today's confirmed and completed ones in Madrid, sums their prices in cents, and picks the next confirmed one", async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-01-15');
    // midnight (completed 10.1) + past (20.2) + soon (30.3) + late (0.1) = 60.70
    expect(res.body.stats).toEqual({ todayCount: 4, potentialRevenue: 60.7, completedCount: 1 });
    expect(res.body.agenda.map((a: { id: string }) => a.id)).toEqual([ids.midnight, ids.morning, ids.past, ids.cancelled, ids.soon, ids.late]);
    expect(res.body.next).toMatchObject({ id: ids.soon, clientName: 'Marta García', serviceName: 'Manicura', employeeName: 'Carmen Ruiz', startTime: '2026-01-15T13:00:00.000Z' });
    expect(res.body.agenda[0]).toMatchObject({ notes_client: 'Primera hora', status: 'completed', employeeName: 'Lucía Martín' });
  });

  it('follows the status changes', async () => {
    const res = await admin.patch(`/api/admin/appointments/${ids.soon}/status`, { status: 'cancelled_by_salon' });
    expect(res.status).toBe(200);
    const d = (await admin.get('/api/admin/dashboard')).body;
    expect(d.stats).toEqual({ todayCount: 3, potentialRevenue: 30.4, completedCount: 1 });
    expect(d.next.id).toBe(ids.late);
  });
});

describe('dashboard: the next appointment may be on a later day', () => {
  it('is null when nothing confirmed lies ahead, and a later day when today has none', async () => {
    const s = await startTestServer({ now: () => new Date('2030-06-01T10:00:00Z') });
    try {
      const a = await signUp(s.url, { email: 'boss@example.com', password: PASSWORD });
      await promote(s.deps, 'boss@example.com', 'admin');
      let d = (await a.get('/api/admin/dashboard')).body;
      expect(d).toMatchObject({ today: '2030-06-01', stats: { todayCount: 0, potentialRevenue: 0, completedCount: 0 }, next: null, agenda: [] });
      const [boss] = await s.deps.db.select().from(user).where(eq(user.email, 'boss@example.com'));
      const start = new Date('2030-06-03T07:00:00Z');
      await s.deps.db.insert(appointments).values({
        clientId: boss!.id, clientName: 'Rocío', clientEmail: boss!.email, employeeId: boss!.id, employeeName: 'Rocío',
        serviceName: 'Masaje', serviceDuration: 60, price: 48, startTime: start, endTime: new Date(start.getTime() + 3_600_000),
      });
      d = (await a.get('/api/admin/dashboard')).body;
      expect(d.stats.todayCount).toBe(0);
      expect(d.next).toMatchObject({ serviceName: 'Masaje', startTime: '2030-06-03T07:00:00.000Z' });
    } finally {
      await s.close();
    }
  });
});

describe('filtered list', () => {
  // February 2026, owned by this block. Madrid is UTC+1: the 10th runs 09T23:00Z .. 10T23:00Z.
  let r: Record<string, string> = {};
  beforeAll(async () => {
    const rows = {
      before: await addAppt({ employee: lucia, start: '2026-02-09T22:59:00Z', minutes: 1 }), // 9th 23:59
      first: await addAppt({ employee: lucia, start: '2026-02-09T23:00:00Z', status: 'completed' }), // 10th 00:00
      carmen10: await addAppt({ employee: carmen, start: '2026-02-10T10:00:00Z', status: 'no_show' }),
      last: await addAppt({ employee: lucia, start: '2026-02-11T22:59:00Z', minutes: 1, status: 'cancelled_by_client' }), // 11th 23:59
      after: await addAppt({ employee: carmen, start: '2026-02-11T23:00:00Z' }), // 12th 00:00
    };
    r = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.id]));
  });
  const idsOf = (body: { appointments: { id: string }[] }) => body.appointments.map((a) => a.id);

  it("takes 'Desde' from the start of its Madrid day and 'Hasta' to the end of its day, newest first", async () => {
    const res = await list(admin, { from: '2026-02-10', to: '2026-02-11' });
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([r.last, r.carmen10, r.first]);
    expect(res.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(idsOf((await list(admin, { from: '2026-02-09', to: '2026-02-09' })).body)).toEqual([r.before]);
    expect(idsOf((await list(admin, { from: '2026-02-12', to: '2026-02-12' })).body)).toEqual([r.after]);
    expect(idsOf((await list(admin, { from: '2026-02-13', to: '2026-02-20' })).body)).toEqual([]);
  });

  it('filters by employee (their user id) and by status, together too', async () => {
    const range = { from: '2026-02-09', to: '2026-02-12' };
    expect(idsOf((await list(admin, { ...range, employeeId: carmen.id })).body)).toEqual([r.after, r.carmen10]);
    expect(idsOf((await list(admin, { ...range, employeeId: lucia.id })).body)).toEqual([r.last, r.first, r.before]);
    expect(idsOf((await list(admin, { ...range, status: 'confirmed' })).body)).toEqual([r.after, r.before]);
    expect(idsOf((await list(admin, { ...range, status: 'cancelled_by_client' })).body)).toEqual([r.last]);
    expect(idsOf((await list(admin, { ...range, employeeId: carmen.id, status: 'confirmed' })).body)).toEqual([r.after]);
    expect(idsOf((await list(admin, { ...range, employeeId: 'nadie' })).body)).toEqual([]);
  });

  it('answers with every field the table shows', async () => {
    const [row] = (await list(admin, { from: '2026-02-10', to: '2026-02-10', employeeId: carmen.id })).body.appointments;
    expect(row).toMatchObject({
      id: r.carmen10,
      clientName: 'Marta García',
      clientEmail: 'marta@example.com',
      employeeId: carmen.id,
      employeeName: 'Carmen Ruiz',
      serviceName: 'Corte y peinado',
      price: 20,
      startTime: '2026-02-10T10:00:00.000Z',
      endTime: '2026-02-10T10:30:00.000Z',
      status: 'no_show',
      notes_client: '',
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ from: '2026-02-11', to: '2026-02-10' }, 'from after to'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'a day that does not exist'],
    [{ from: '2026-2-1', to: '2026-03-01' }, 'not YYYY-MM-DD'],
    [{ from: '2026-02-01' }, 'no end date'],
    [{ from: '2026-02-01', to: '2026-02-02', status: 'pending' }, 'an unknown status'],
    [{ from: '2026-02-01', to: '2026-02-02', limit: '101' }, 'a page over the cap'],
    [{ from: '2026-02-01', to: '2026-02-02', limit: '0' }, 'an empty page'],
    [{ from: '2026-02-01', to: '2026-02-02', cursor: 'basura' }, 'a forged cursor'],
    [{ from: '2026-02-01', to: '2026-02-02', sort: 'asc' }, 'an unknown parameter'],
  ])('refuses %o (%s) with 400 and a Spanish message', async (q) => {
    const res = await list(admin, q);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_input', message: MSG.invalidInput });
  });
});

describe('paging a whole year', () => {
  // 2027: 130 rows, two at the very same instant each week (ties are broken by id).
  const all: { id: string; startTime: Date }[] = [];
  beforeAll(async () => {
    const rows = [];
    for (let i = 0; i < 65; i++) {
      const start = new Date(Date.UTC(2027, 0, 4 + i * 5, 9, 0));
      for (const e of [lucia, carmen]) rows.push({
        clientId: clientUser.id, clientName: clientUser.name, clientEmail: clientUser.email, employeeId: e.id, employeeName: e.name,
        serviceName: 'Corte', serviceDuration: 30, price: 20, startTime: start, endTime: new Date(start.getTime() + 1_800_000),
        status: i % 3 === 0 ? ('completed' as const) : ('confirmed' as const),
      });
    }
    const inserted = await server.deps.db.insert(appointments).values(rows).returning({ id: appointments.id, startTime: appointments.startTime });
    all.push(...inserted);
    all.sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || (a.id < b.id ? 1 : -1));
  });

  it('never answers more than a page; the cursor walks every row exactly once, newest first', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const q: Record<string, string> = { from: '2027-01-01', to: '2027-12-31' };
      if (cursor) q.cursor = cursor;
      const res = await list(admin, q);
      expect(res.status).toBe(200);
      sizes.push(res.body.appointments.length);
      seen.push(...res.body.appointments.map((a: { id: string }) => a.id));
      expect(res.body.hasMore).toBe(res.body.nextCursor !== null);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 30]);
    expect(seen).toEqual(all.map((a) => a.id));
  });

  it('takes a smaller page size and keeps the filters across pages', async () => {
    const q = { from: '2027-01-01', to: '2027-12-31', status: 'completed', employeeId: lucia.id, limit: '10' };
    const p1 = (await list(admin, q)).body;
    expect(p1.appointments).toHaveLength(10);
    expect(p1.hasMore).toBe(true);
    const p2 = (await list(admin, { ...q, cursor: p1.nextCursor })).body;
    const p3 = (await list(admin, { ...q, cursor: p2.nextCursor })).body;
    // 22 of the 65 weeks are completed (i % 3 === 0), one row of Lucía's each.
    expect([p2.appointments.length, p3.appointments.length, p3.hasMore]).toEqual([10, 2, false]);
    const rows = [...p1.appointments, ...p2.appointments, ...p3.appointments];
    expect(new Set(rows.map((a: { id: string }) => a.id)).size).toBe(22);
    expect(rows.every((a: { status: string; employeeId: string }) => a.status === 'completed' && a.employeeId === lucia.id)).toBe(true);
  });
});

describe('status changes', () => {
  const patch = (id: string, status: string) => admin.patch(`/api/admin/appointments/${id}/status`, { status });
  let day = 0;
  // Each case on its own March day so no two confirmed rows of the test overlap.
  const fresh = (status: Status = 'confirmed') => addAppt({ employee: lucia, start: `2026-03-${String(++day + 1).padStart(2, '0')}T09:00:00Z`, status });

  it.each(['completed', 'no_show', 'cancelled_by_salon'] as const)('confirmed -> %s is saved, with updatedAt from the server clock', async (to) => {
    const a = await fresh();
    const res = await patch(a.id, to);
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ id: a.id, status: to, updatedAt: NOW.toISOString() });
    expect(await statusOf(a.id)).toEqual({ status: to, updatedAt: NOW });
  });

  it.each([
    ['completed', 'cancelled_by_salon'],
    ['completed', 'no_show'],
    ['completed', 'confirmed'],
    ['no_show', 'completed'],
    ['cancelled_by_client', 'cancelled_by_salon'],
    ['cancelled_by_salon', 'confirmed'],
    ['cancelled_by_salon', 'completed'],
    ['confirmed', 'confirmed'],
    ['confirmed', 'cancelled_by_client'],
  ] as const)('%s -> %s is 409 with a Spanish message and changes nothing', async (from, to) => {
    const a = await fresh(from);
    const res = await patch(a.id, to);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'invalid_transition', message: STAFF_MSG.invalidTransition });
    expect((await statusOf(a.id))?.status).toBe(from);
  });

  it('a second admin action on the same appointment is 409: the first one won', async () => {
    const a = await fresh();
    const [one, two] = await Promise.all([patch(a.id, 'completed'), patch(a.id, 'cancelled_by_salon')]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect((await statusOf(a.id))?.status).toBe(one.status === 200 ? 'completed' : 'cancelled_by_salon');
  });

  it('404 for an unknown or malformed id, 400 for a status outside the five or extra fields', async () => {
    expect((await patch(randomUUID(), 'completed')).body.error).toEqual({ code: 'not_found', message: STAFF_MSG.appointmentNotFound });
    expect((await patch('no-es-un-uuid', 'completed')).status).toBe(404);
    const a = await fresh();
    expect((await patch(a.id, 'pending')).status).toBe(400);
    expect((await admin.patch(`/api/admin/appointments/${a.id}/status`, { status: 'completed', price: 0 })).status).toBe(400);
    expect((await admin.patch(`/api/admin/appointments/${a.id}/status`, {})).status).toBe(400);
    expect((await statusOf(a.id))?.status).toBe('confirmed');
  });

  it('announces the change to live listeners only after it commits', async () => {
    const a = await fresh();
    const events: RealtimeEvent[] = [];
    const off = server.deps.realtime.subscribe((e) => events.push(e));
    try {
      expect((await patch(a.id, 'no_show')).status).toBe(200);
      await expect.poll(() => events.find((e) => e.employeeId === lucia.id)).toEqual({ type: 'appointments', employeeId: lucia.id, dates: [`2026-03-${String(day + 1).padStart(2, '0')}`] });
      events.length = 0;
      expect((await patch(a.id, 'completed')).status).toBe(409);
      await new Promise((r) => setTimeout(r, 300));
      expect(events).toEqual([]);
    } finally {
      off();
    }
  });
});

describe('cancelling for the salon frees the slot at once', () => {
  it('an overlapping confirmed appointment is refused before and accepted right after', async () => {
    const taken = await addAppt({ employee: carmen, start: '2026-04-07T08:00:00Z', minutes: 60 });
    const overlapping = { employee: carmen, start: '2026-04-07T08:30:00Z', minutes: 45 };
    const refused = await addAppt(overlapping).then(
      () => null,
      (err: unknown) => pgErrorCode(err),
    );
    expect(refused).toBe('23P01');

    const res = await admin.patch(`/api/admin/appointments/${taken.id}/status`, { status: 'cancelled_by_salon' });
    expect(res.status).toBe(200);
    const booked = await addAppt(overlapping);
    expect(booked.status).toBe('confirmed');

    const day = (await list(admin, { from: '2026-04-07', to: '2026-04-07', employeeId: carmen.id })).body.appointments;
    expect(day.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [booked.id, 'confirmed'],
      [taken.id, 'cancelled_by_salon'],
    ]);
  });

  it('a completed or no_show mark keeps or frees the slot as the constraint says', async () => {
    const done = await addAppt({ employee: carmen, start: '2026-04-08T08:00:00Z', minutes: 60 });
    expect((await admin.patch(`/api/admin/appointments/${done.id}/status`, { status: 'completed' })).status).toBe(200);
    const stillTaken = await addAppt({ employee: carmen, start: '2026-04-08T08:30:00Z' }).then(() => null, (err: unknown) => pgErrorCode(err));
    expect(stillTaken).toBe('23P01');
    const missed = await addAppt({ employee: carmen, start: '2026-04-09T08:00:00Z', minutes: 60 });
    expect((await admin.patch(`/api/admin/appointments/${missed.id}/status`, { status: 'no_show' })).status).toBe(200);
    expect((await addAppt({ employee: carmen, start: '2026-04-09T08:30:00Z' })).status).toBe('confirmed');
  });
});
