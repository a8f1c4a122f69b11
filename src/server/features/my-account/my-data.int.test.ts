import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, clients, session, user } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { person } from '../../../../test/support/admin-support';
import { appointmentRow, arrangeSalon, newClient, PASSWORD, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Privacy (RGPD / LOPDGDD, ADR 026): a client downloads their data as JSON and deletes
// their account; future appointments are cancelled (the salon is told), past ones stay in the
// salon's books as 'Cliente eliminado'; sessions end. Before: no such routes (404), and the
// appointments' restrict foreign key made deleting a client with appointments impossible.

// "Now" is Wednesday 2026-01-14 11:00 in Madrid.
const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server, { interval: 30 });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function appointment(clientEmail: string, start: string, status: 'confirmed' | 'completed' = 'confirmed', notes = '') {
  const clientId = await userIdOf(server, clientEmail);
  const [u] = await server.deps.db.select().from(user).where(eq(user.id, clientId));
  const startTime = new Date(start);
  const [row] = await server.deps.db
    .insert(appointments)
    .values({
      clientId,
      clientName: u!.name,
      clientEmail: u!.email,
      employeeId: salon.luciaUserId,
      employeeName: 'Lucía Martín',
      serviceId: salon.corte,
      serviceName: 'Corte y peinado',
      serviceDuration: 30,
      price: 25.5,
      startTime,
      endTime: new Date(startTime.getTime() + 30 * 60_000),
      status,
      notes_client: notes,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

describe('download my data', () => {
  it('gives the account, sign-in methods and every appointment with the notes the client wrote, as a JSON file', async () => {
    const marta = await newClient(server, 'marta.datos@example.com', 'Marta García');
    await appointment('marta.datos@example.com', '2026-01-09T09:00:00Z', 'completed', 'Primera vez.');
    await appointment('marta.datos@example.com', '2026-01-20T09:00:00Z', 'confirmed', 'Alergia al níquel.');
    await appointment('otra.datos@example.com', '2026-01-21T09:00:00Z').catch(() => undefined);
    const res = await marta.get('/api/my-account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mis-datos-auna-2026-01-14\.json"$/);
    expect(res.body.account).toMatchObject({ email: 'marta.datos@example.com', displayName: 'Marta García', role: 'client', signInMethods: [{ provider: 'email' }] });
    expect(res.body.appointments.map((a: { notes: string }) => a.notes)).toEqual(['Primera vez.', 'Alergia al níquel.']);
    expect(res.body.appointments[0]).toMatchObject({ serviceName: 'Corte y peinado', employeeName: 'Lucía Martín', status: 'completed', price: 25.5 });
    // Nothing of the password.
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
  });

  it('is only ever one’s own, and needs a session', async () => {
    expect((await newSession(server.url).get('/api/my-account/export')).status).toBe(401);
    const elena = await newClient(server, 'elena.datos@example.com');
    const res = await elena.get('/api/my-account/export');
    expect(res.body.appointments).toEqual([]);
  });
});

describe('delete my account', () => {
  let ana: Session;
  let pastId: string;
  let futureId: string;
  let cancelledId: string;

  beforeAll(async () => {
    ana = await newClient(server, 'ana.borrar@example.com', 'Ana Borrar');
    pastId = await appointment('ana.borrar@example.com', '2026-01-12T09:00:00Z', 'completed', 'Mi secreto.');
    futureId = await appointment('ana.borrar@example.com', '2026-01-14T15:00:00Z', 'confirmed', 'Llego tarde.'); // today, within the 24 h window
    cancelledId = await appointment('ana.borrar@example.com', '2026-01-22T09:00:00Z', 'confirmed');
  });

  it('asks for the word ELIMINAR', async () => {
    for (const body of [{}, { confirm: 'eliminar' }, { confirm: 'ELIMINAR', extra: 1 }]) {
      const res = await ana.post('/api/my-account/delete', body);
      expect(res.status).toBe(400);
    }
    expect((await ana.post('/api/my-account/delete', {})).body.error.message).toBe(MSG.accountDeleteConfirm);
    expect((await ana.get('/api/me')).status).toBe(200);
  });

  it('is refused for a staff account, in Spanish', async () => {
    const res = await salon.luciaSession.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'staff_account', message: STAFF_MSG.accountDeleteStaff });
    expect((await salon.luciaSession.get('/api/me')).status).toBe(200);
  });

  it('cancels the future, keeps the past as "Cliente eliminado", ends every session, and tells the salon', async () => {
    const other = newSession(server.url, { headers: { 'x-forwarded-for': '10.77.0.1' } });
    expect((await other.post('/api/auth/sign-in/email', { email: 'ana.borrar@example.com', password: PASSWORD })).status).toBe(200);
    const anaId = await userIdOf(server, 'ana.borrar@example.com');
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));

    const res = await ana.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, cancelled: 2, kept: 3 });

    // Sessions: both browsers are out, and the password no longer signs in.
    expect((await ana.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    expect(await server.deps.db.select().from(session).where(eq(session.userId, anaId))).toHaveLength(0);
    expect((await newSession(server.url, { headers: { 'x-forwarded-for': '10.77.0.2' } }).post('/api/auth/sign-in/email', { email: 'ana.borrar@example.com', password: PASSWORD })).status).toBe(401);
    expect(await server.deps.db.select().from(user).where(eq(user.id, anaId))).toHaveLength(0);

    // The salon's books.
    const past = await appointmentRow(server, pastId);
    expect(past).toMatchObject({ clientId: null, clientName: 'Cliente eliminado', clientEmail: 'Cliente eliminado', notes_client: '', status: 'completed', price: 25.5 });
    for (const id of [futureId, cancelledId]) {
      expect(await appointmentRow(server, id)).toMatchObject({ clientId: null, clientName: 'Cliente eliminado', status: 'cancelled_by_client' });
    }
    // The salon is told: the professional's open agenda hears of both days.
    await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: salon.luciaUserId, dates: ['2026-01-14', '2026-01-22'] });
    unsubscribe();
    // …and by email like any cancellation, queued with the deletion (in the outbox, a job, or already handled).
    const key = `cancellation:professional:${futureId}:0`;
    const queued = await server.deps.db.execute(sql`SELECT 1 FROM message_outbox WHERE job_key = ${key} UNION ALL SELECT 1 FROM graphile_worker._private_jobs WHERE key = ${key} UNION ALL SELECT 1 FROM sent_messages WHERE key = ${key}`);
    expect(queued.rows.length, key).toBeGreaterThan(0);

    // The salon's client record of Ana (ADR 019) keeps the visits it counts, not who she was.
    const records = await server.deps.db.select().from(clients).where(eq(clients.name, 'Cliente eliminado'));
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r).toMatchObject({ email: null, phone: null, notes: '', userId: null });
    expect(JSON.stringify(await server.deps.db.select().from(clients))).not.toContain('ana.borrar@example.com');

    // The agenda and the admin list still read those rows.
    const agenda = await salon.luciaSession.get('/api/agenda?date=2026-01-12');
    expect(agenda.status).toBe(200);
    expect(JSON.stringify(agenda.body)).toContain('Cliente eliminado');
    const admin = await person(server, 'admin.borrar@example.com', 'admin');
    const list = await admin.get('/api/admin/appointments?from=2026-01-01&to=2026-01-31');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('ana.borrar@example.com');
  });

  it('the same email can register again, as a new account with nothing of the old one', async () => {
    const again = await newClient(server, 'ana.borrar@example.com');
    expect((await again.get('/api/my-appointments')).body.appointments).toEqual([]);
  });
});

describe('privacy notice facts', () => {
  it('are public: the salon name and contact from the settings', async () => {
    const res = await newSession(server.url).get('/api/privacy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ salonName: 'Auna', address: '', phoneNumber: '' });
  });
});
