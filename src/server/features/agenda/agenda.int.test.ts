import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { SALON_TIME_ZONE, wallClockToInstant } from '../../../domain/salon-time';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { appointments, clients, employees, services, user } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { newSession, promote, signUp, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The employee's agenda and marking (SPEC §2 Employee portal, §4 Transitions, §5, §6) through the
// real HTTP API on a real PostgreSQL. The server's clock is pinned: Wednesday 2026-06-10, 12:00 in
// Madrid (10:00 UTC), so "started" and "future" are exact.

const NOW = new Date('2026-06-10T10:00:00Z');
const DAY = '2026-06-10';
const PASSWORD = 'secreto-1';
const at = (date: string, time: string) => wallClockToInstant(date, time, SALON_TIME_ZONE)!;

let server: TestServer;
let ipSeq = 0;
const nextIp = () => ({ headers: { 'x-forwarded-for': `10.4.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });

type Who = { session: Session; id: string; email: string; name: string };
let lucia: Who; // employee
let carmen: Who; // another employee
let marta: Who; // client
let rocio: Who; // admin
let serviceId: string;

async function account(email: string, name: string, role?: 'employee' | 'admin'): Promise<Who> {
  const session = await signUp(server.url, { email, password: PASSWORD, name }, nextIp());
  if (role) await promote(server.deps, email, role);
  const [row] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { session, id: row!.id, email, name };
}

/** An appointment row as booking would write it; returns its id. */
async function appointment(employee: Who, start: Date, status: (typeof appointments.$inferInsert)['status'] = 'confirmed', notes = ''): Promise<string> {
  const [row] = await server.deps.db
    .insert(appointments)
    .values({
      clientId: marta.id,
      clientName: marta.name,
      clientEmail: marta.email,
      employeeId: employee.id,
      employeeName: employee.name,
      serviceId,
      serviceName: 'Corte y peinado',
      serviceDuration: 45,
      price: 28,
      startTime: start,
      endTime: new Date(start.getTime() + 45 * 60_000),
      status,
      notes_client: notes,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

async function statusOf(id: string) {
  const [row] = await server.deps.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row?.status;
}

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  lucia = await account('lucia@example.com', 'Lucía Martín', 'employee');
  carmen = await account('carmen@example.com', 'Carmen Ruiz', 'employee');
  marta = await account('marta@example.com', 'Marta García');
  rocio = await account('rocio@example.com', 'Rocío Navarro', 'admin');
  const [svc] = await server.deps.db.insert(services).values({ name: 'Corte y peinado', duration: 45, price: 28, category: 'Cabello' }).returning();
  serviceId = svc!.id;
  // Linked employee records, as account linking leaves them (SPEC §4).
  await server.deps.db.insert(employees).values([
    { name: lucia.name, availability: defaultWeeklySchedule(), userId: lucia.id, userAccountEmail: lucia.email },
    { name: carmen.name, availability: defaultWeeklySchedule(), userId: carmen.id, userAccountEmail: carmen.email },
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/agenda', () => {
  it('lists only the signed-in employee’s appointments of that Madrid day, in time order, with the card fields', async () => {
    const late = await appointment(lucia, at(DAY, '17:00'));
    const early = await appointment(lucia, at(DAY, '09:30'), 'completed', 'Alergia al PPD.');
    const midnight = await appointment(lucia, at(DAY, '00:15')); // 22:15 UTC the day before
    await appointment(lucia, at('2026-06-09', '23:30')); // the day before in Madrid (21:30 UTC on the 9th)
    await appointment(lucia, at('2026-06-11', '00:00')); // the next day starts here
    const hers = await appointment(carmen, at(DAY, '11:00'));

    const res = await lucia.session.get(`/api/agenda?date=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(DAY);
    expect(res.body.now).toBe(NOW.toISOString());
    const ids = res.body.appointments.map((a: { id: string }) => a.id);
    expect(ids).toEqual([midnight, early, late]);
    expect(ids).not.toContain(hers);
    expect(res.body.appointments[1]).toEqual({
      id: early,
      employeeId: lucia.id,
      serviceName: 'Corte y peinado',
      serviceDuration: 45,
      startTime: at(DAY, '09:30').toISOString(),
      endTime: at(DAY, '10:15').toISOString(),
      status: 'completed',
      clientName: 'Marta García',
      clientEmail: 'marta@example.com',
      clientPhone: null,
      notes_client: 'Alergia al PPD.',
      // ADR 041, 051: its service requires no consent.
      consentMissing: false,
      consentSigned: false,
      hasContraindications: false,
      // ADR 057: she has not answered "Confirmo".
      clientConfirmedAt: null,
    });

    // Carmen sees hers and none of Lucía's.
    const other = await carmen.session.get(`/api/agenda?date=${DAY}`);
    expect(other.body.appointments.map((a: { id: string }) => a.id)).toEqual([hers]);
  });

  it('gives each card a way to reach the client: the email only when there is one, the phone when the record has one', async () => {
    const DAY2 = '2026-06-12';
    const contactBefore = (res: { body: { appointments: Array<{ id: string; clientEmail: string | null; clientPhone?: string | null }> } }, id: string) => {
      const a = res.body.appointments.find((x) => x.id === id)!;
      return { email: a.clientEmail, phone: a.clientPhone };
    };
    const [phoneOnly, emailOnly] = await server.deps.db
      .insert(clients)
      .values([
        { name: 'Pilar Sanz', phone: '+34612345678' },
        { name: 'Inés Vidal', email: 'ines@example.com' },
      ])
      .returning({ id: clients.id });
    const withRecord = async (time: string, recordId: string, name: string, email: string) => {
      const id = await appointment(lucia, at(DAY2, time));
      await server.deps.db.update(appointments).set({ clientId: null, clientRecordId: recordId, clientName: name, clientEmail: email, bookedBy: 'staff' }).where(eq(appointments.id, id));
      return id;
    };
    const account = await appointment(lucia, at(DAY2, '09:00')); // Marta: an account (her record made by the booking)
    await server.deps.db.update(clients).set({ phone: '+34699111222' }).where(eq(clients.userId, marta.id));
    const pilar = await withRecord('10:00', phoneOnly!.id, 'Pilar Sanz', '');
    const ines = await withRecord('11:00', emailOnly!.id, 'Inés Vidal', 'ines@example.com');
    // A client who deleted her account: the visit stays, anonymised, with no way to reach her.
    const gone = await signUp(server.url, { email: 'gone@example.com', password: PASSWORD, name: 'Ana Borrada' }, nextIp());
    const [goneUser] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, 'gone@example.com'));
    const deleted = await appointment(lucia, at(DAY2, '12:00'));
    const [goneRecord] = await server.deps.db.insert(clients).values({ name: 'Ana Borrada', email: 'gone@example.com', phone: '+34600000000', userId: goneUser!.id }).returning({ id: clients.id });
    await server.deps.db.update(appointments).set({ clientId: goneUser!.id, clientRecordId: goneRecord!.id, clientName: 'Ana Borrada', clientEmail: 'gone@example.com' }).where(eq(appointments.id, deleted));
    expect(contactBefore(await lucia.session.get(`/api/agenda?date=${DAY2}`), deleted)).toEqual({ email: 'gone@example.com', phone: '+34600000000' });
    expect((await gone.post('/api/my-account/delete', { confirm: 'ELIMINAR' })).status).toBe(200);

    const res = await lucia.session.get(`/api/agenda?date=${DAY2}`);
    const contact = (id: string) => {
      const a = res.body.appointments.find((x: { id: string }) => x.id === id);
      return { name: a.clientName, email: a.clientEmail, phone: a.clientPhone };
    };
    expect(contact(account)).toEqual({ name: 'Marta García', email: 'marta@example.com', phone: '+34699111222' });
    expect(contact(pilar)).toEqual({ name: 'Pilar Sanz', email: null, phone: '+34612345678' });
    expect(contact(ines)).toEqual({ name: 'Inés Vidal', email: 'ines@example.com', phone: null });
    expect(contact(deleted)).toEqual({ name: MSG.deletedClientName, email: null, phone: null });

    // A mark answers the same card, contact included (the page replaces the card with it).
    await server.deps.db.update(appointments).set({ startTime: at(DAY, '08:00'), endTime: at(DAY, '08:45') }).where(eq(appointments.id, pilar));
    const marked = await lucia.session.patch(`/api/agenda/appointments/${pilar}`, { status: 'completed' });
    expect(marked.status).toBe(200);
    expect({ email: marked.body.appointment.clientEmail, phone: marked.body.appointment.clientPhone }).toEqual({ email: null, phone: '+34612345678' });
  });

  it('cannot be pointed at another employee: the agenda is always the session’s own', async () => {
    const res = await lucia.session.get(`/api/agenda?date=${DAY}&employeeId=${carmen.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.invalidInput);
  });

  it('gives an admin their own agenda (empty here), not everyone’s', async () => {
    const res = await rocio.session.get(`/api/agenda?date=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.body.appointments).toEqual([]);
  });

  it('refuses a date that is not a real YYYY-MM-DD', async () => {
    for (const date of ['2026-02-30', '10/06/2026', '', '2026-6-1']) {
      const res = await lucia.session.get(`/api/agenda?date=${encodeURIComponent(date)}`);
      expect(res.status, date).toBe(400);
      expect(res.body.error.message).toBe(MSG.invalidInput);
    }
    expect((await lucia.session.get('/api/agenda')).status).toBe(400);
  });

  it('answers 401 without a session and 403 to a client', async () => {
    const anon = await newSession(server.url).get(`/api/agenda?date=${DAY}`);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(MSG.unauthenticated);
    const client = await marta.session.get(`/api/agenda?date=${DAY}`);
    expect(client.status).toBe(403);
    expect(client.body.error.message).toBe(MSG.forbidden);
  });
});

describe('PATCH /api/agenda/appointments/:id', () => {
  const mark = (who: Who, id: string, status: string) => who.session.patch(`/api/agenda/appointments/${id}`, { status });

  it('lets the employee mark her own started confirmed appointment completed, and announces it live', async () => {
    const id = await appointment(lucia, at(DAY, '11:00'));
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    try {
      const res = await mark(lucia, id, 'completed');
      expect(res.status).toBe(200);
      expect(res.body.appointment).toMatchObject({ id, status: 'completed', employeeId: lucia.id });
      expect(await statusOf(id)).toBe('completed');
      await expect.poll(() => events).toContainEqual({ type: 'appointments', employeeId: lucia.id, dates: [DAY] });
    } finally {
      unsubscribe();
    }
  });

  it('marks no_show, and an appointment that started exactly now counts as started', async () => {
    const id = await appointment(lucia, NOW);
    const res = await mark(lucia, id, 'no_show');
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe('no_show');
  });

  it('answers 404 for another employee’s appointment, exactly as for one that does not exist, and changes nothing', async () => {
    const hers = await appointment(carmen, at(DAY, '10:00'));
    const res = await mark(lucia, hers, 'completed');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: STAFF_MSG.appointmentNotFound });
    expect(await statusOf(hers)).toBe('confirmed');

    const missing = await mark(lucia, '00000000-0000-4000-8000-000000000000', 'completed');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(res.body);
    const malformed = await mark(lucia, 'not-a-uuid', 'completed');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(res.body);
  });

  it('refuses a future appointment (not started yet)', async () => {
    const id = await appointment(lucia, new Date(NOW.getTime() + 60_000));
    const res = await mark(lucia, id, 'completed');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'not_started', message: STAFF_MSG.markNotStarted });
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('refuses to move a cancelled, completed or no_show appointment', async () => {
    for (const from of ['cancelled_by_client', 'cancelled_by_salon', 'completed', 'no_show'] as const) {
      const id = await appointment(lucia, at('2026-06-08', '10:00'), from);
      for (const to of ['completed', 'no_show']) {
        const res = await mark(lucia, id, to);
        expect(res.status, `${from} -> ${to}`).toBe(409);
        expect(res.body.error).toEqual({ code: 'invalid_transition', message: STAFF_MSG.invalidTransition });
      }
      expect(await statusOf(id)).toBe(from);
    }
  });

  it('accepts only completed or no_show as the new status, and no unknown fields', async () => {
    const id = await appointment(lucia, at('2026-06-08', '12:00'));
    for (const status of ['confirmed', 'cancelled_by_salon', 'cancelled_by_client', 'pending', '', 42]) {
      const res = await mark(lucia, id, status as string);
      expect(res.status, String(status)).toBe(400);
      expect(res.body.error.message).toBe(STAFF_MSG.invalidTransition);
    }
    const extra = await lucia.session.patch(`/api/agenda/appointments/${id}`, { status: 'completed', employeeId: lucia.id });
    expect(extra.status).toBe(400);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('lets exactly one of two simultaneous marks win', async () => {
    const id = await appointment(lucia, at('2026-06-08', '16:00'));
    const results = await Promise.all([mark(lucia, id, 'completed'), mark(lucia, id, 'no_show')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(await statusOf(id)).toBe(winner.body.appointment.status);
  });

  it('lets an admin mark any employee’s appointment, under the same rules', async () => {
    const id = await appointment(carmen, at(DAY, '09:00'));
    const res = await mark(rocio, id, 'no_show');
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ id, status: 'no_show', employeeId: carmen.id });
    expect(await statusOf(id)).toBe('no_show');

    const future = await appointment(carmen, at(DAY, '15:00'));
    expect((await mark(rocio, future, 'completed')).status).toBe(409);
    expect((await mark(rocio, id, 'completed')).status).toBe(409);
  });

  it('answers 401 without a session and 403 to a client, even for an appointment of theirs', async () => {
    const id = await appointment(lucia, at('2026-06-08', '17:00'));
    const anon = await newSession(server.url).patch(`/api/agenda/appointments/${id}`, { status: 'completed' });
    expect(anon.status).toBe(401);
    const client = await mark(marta, id, 'completed');
    expect(client.status).toBe(403);
    expect(client.body.error.message).toBe(MSG.forbidden);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('is refused from another site, and accepted from the page’s own origin as a keepalive fetch sends it', async () => {
    const id = await appointment(lucia, at('2026-06-08', '18:00'));
    const cross = await lucia.session.patch(`/api/agenda/appointments/${id}`, { status: 'completed' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await statusOf(id)).toBe('confirmed');
    // What the page sends on pagehide: same Origin, JSON body, Sec-Fetch-Site same-origin.
    const flush = await lucia.session.patch(`/api/agenda/appointments/${id}`, { status: 'completed' }, { 'sec-fetch-site': 'same-origin' });
    expect(flush.status).toBe(200);
    expect(await statusOf(id)).toBe('completed');
  });
});
