import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, salonSettings } from '../../db/schema';
import { createLogger } from '../../logger';
import { createRealtime, type RealtimeEvent } from '../../live-events/realtime';
import { appointmentRow, arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Booking through the real HTTP API on a real PostgreSQL (SPEC §5 Booking, Slot generation).
// "Now" is Wednesday 2026-01-14 11:00 in Madrid (10:00Z); 2026-01-15 is a Thursday, 2026-01-18 a Sunday.

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
let server: TestServer;
let salon: Salon;
let marta: Session;
let elena: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  elena = await newClient(server, 'elena@example.com', 'Elena Torres');
  // Marta and Elena book many future slots here; the per-client cap (ADR 025,
  // src/server/features/booking/booking-limits.int.test.ts) is not what this file is about.
  await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', maxFutureAppointmentsPerClient: 50 });
});

afterAll(async () => {
  await server?.close();
});

const slotsOf = async (s: Session, q: { serviceId?: string; professionalId?: string; date: string }) => {
  const params = new URLSearchParams({ serviceId: q.serviceId ?? salon.corte, professionalId: q.professionalId ?? salon.lucia, date: q.date });
  return s.get(`/api/booking/slots?${params.toString()}`);
};
const times = async (date: string, serviceId?: string) => {
  const res = await slotsOf(marta, { date, serviceId });
  expect(res.status).toBe(200);
  return (res.body.slots as { time: string }[]).map((s) => s.time);
};
const bookingBody = (patch: Record<string, unknown> = {}) => ({ serviceId: salon.corte, professionalId: salon.lucia, date: THURSDAY, time: '10:00', ...patch });

describe('catalog', () => {
  it('lists only active services, with price and duration as numbers', async () => {
    const res = await marta.get('/api/catalog/services');
    expect(res.status).toBe(200);
    const names = res.body.services.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Corte y peinado', 'Masaje relajante', 'Tinte completo']);
    expect(res.body.services[0]).toMatchObject({ id: salon.corte, category: 'Cabello', duration: 30, price: 25.5, description: 'Corte a tu medida.' });
  });

  it('needs a session', async () => {
    const res = await newSession(server.url).get('/api/catalog/services');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MSG.unauthenticated);
  });

  it.each([
    ['an inactive service', () => salon.inactive],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'no-es-un-id'],
  ])('answers 404 "Servicio no encontrado." for %s', async (_name, id) => {
    const res = await marta.get(`/api/catalog/services/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MSG.serviceNotFound);
  });

  it('gives one active service', async () => {
    const res = await marta.get(`/api/catalog/services/${salon.corte}`);
    expect(res.status).toBe(200);
    expect(res.body.service).toMatchObject({ name: 'Corte y peinado', duration: 30, price: 25.5 });
  });

  it('lists active professionals offering the service, with or without an account', async () => {
    const res = await marta.get(`/api/catalog/services/${salon.corte}/professionals`);
    expect(res.status).toBe(200);
    expect(res.body.professionals).toEqual([
      { id: salon.lucia, name: 'Lucía Martín', userId: salon.luciaUserId, hasAccount: true },
      { id: salon.noAccount, name: 'Nuria Gil', userId: null, hasAccount: false },
    ]);
    const none = await marta.get(`/api/catalog/services/${salon.unoffered}/professionals`);
    expect(none.body.professionals).toEqual([]);
  });
});

describe('slots', () => {
  it('steps by 30 min from opening, skipping lunch and what does not fit before closing', async () => {
    expect(await times(THURSDAY)).toEqual([
      '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30',
      '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
    ]);
    // a 90 min service must end by 13:00 and by 17:00
    expect(await times(THURSDAY, salon.tinte)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30']);
  });

  it('today only offers what is still ahead of now (11:00)', async () => {
    expect((await times('2026-01-14'))[0]).toBe('11:30');
  });

  it('offers nothing on a Sunday, even to an employee scheduled then, nor in the past', async () => {
    expect(await times('2026-01-18')).toEqual([]);
    expect(await times('2026-01-13')).toEqual([]);
    expect(await times('2026-01-17')).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30']);
  });

  it('follows the salon slot interval setting', async () => {
    await server.deps.db.update(salonSettings).set({ appointmentTimeSlotInterval: 45 });
    try {
      expect(await times('2026-01-17')).toEqual(['10:00', '10:45', '11:30', '12:15', '13:00']);
    } finally {
      await server.deps.db.update(salonSettings).set({ appointmentTimeSlotInterval: 30 });
    }
  });

  type Pick = { serviceId?: () => string; professionalId?: () => string };
  it.each<[string, Pick, number, string]>([
    ['an inactive service', { serviceId: () => salon.inactive }, 404, MSG.serviceNotFoundOrUnavailable],
    ['an inactive professional', { professionalId: () => salon.inactiveEmployee }, 404, STAFF_MSG.employeeInactive],
    ['a professional not offering it', { serviceId: () => salon.unoffered }, 400, STAFF_MSG.serviceNotOffered],
  ])('refuses %s', async (_name, patch, status, message) => {
    const res = await slotsOf(marta, { date: THURSDAY, serviceId: patch.serviceId?.(), professionalId: patch.professionalId?.() });
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
  });

  it('refuses a malformed date with a Spanish message', async () => {
    const res = await slotsOf(marta, { date: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.invalidInput);
  });
});

describe('booking', () => {
  it('books as the session user with the database price and duration, ignoring the body', async () => {
    const martaId = (await marta.get('/api/me')).body.uid;
    const elenaId = (await elena.get('/api/me')).body.uid;
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    const res = await marta.post(
      '/api/booking',
      bookingBody({ time: '09:00', notes: '  Alergia al níquel.  ', price: 0, serviceDuration: 5, duration: 5, clientId: elenaId, clientName: 'Otra', status: 'completed' }),
    );
    expect(res.status).toBe(201);
    const row = await appointmentRow(server, res.body.appointment.id);
    expect(row).toMatchObject({
      clientId: martaId,
      clientName: 'Marta García',
      clientEmail: 'marta@example.com',
      employeeId: salon.luciaUserId,
      employeeName: 'Lucía Martín',
      serviceId: salon.corte,
      serviceName: 'Corte y peinado',
      serviceDuration: 30,
      price: 25.5,
      status: 'confirmed',
      notes_client: 'Alergia al níquel.',
    });
    // 09:00 in Madrid in winter is 08:00Z; the end is start + 30 min
    expect(row!.startTime.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(row!.endTime.toISOString()).toBe('2026-01-15T08:30:00.000Z');
    // the slot is gone for everyone, and open booking screens were told
    expect(await times(THURSDAY)).not.toContain('09:00');
    await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: salon.luciaUserId, dates: [THURSDAY] });
    unsubscribe();
  });

  it('50 simultaneous requests for one slot give exactly one appointment and 49 refusals with the spec text', async () => {
    const clients = [marta, elena, ...(await Promise.all([1, 2, 3].map((i) => newClient(server, `rapida${i}@example.com`))))];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => clients[i % clients.length]!.post('/api/booking', bookingBody({ time: '11:00' }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'slot_taken', message: 'Lo sentimos, este horario acaba de ser reservado. Por favor, elige otro.' });
    }
    const rows = await server.deps.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.employeeId, salon.luciaUserId), eq(appointments.startTime, new Date('2026-01-15T10:00:00Z'))));
    expect(rows).toHaveLength(1);
  });

  it('announces a booking to every instance once it has committed, and a refused one not at all', async () => {
    // A second app instance on the same database: it hears the change through PostgreSQL alone.
    const other = createRealtime(server.dbUrl, createLogger('silent'));
    const heard: RealtimeEvent[] = [];
    const off = other.subscribe((e) => heard.push(e));
    try {
      const friday = '2026-01-16';
      // LISTEN is in place once the other instance hears something; an announcement of its own proves it.
      other.publish({ type: 'appointments', employeeId: 'probe', dates: [] });
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
      heard.length = 0;

      expect((await marta.post('/api/booking', bookingBody({ date: friday, time: '10:00' }))).status).toBe(201);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual([{ type: 'appointments', employeeId: salon.luciaUserId, dates: [friday] }]);

      heard.length = 0;
      const refused = await elena.post('/api/booking', bookingBody({ date: friday, time: '10:00' }));
      expect(refused.status).toBe(409);
      // A later booking (another day) is announced after anything the refused one could have sent.
      expect((await elena.post('/api/booking', bookingBody({ time: '14:30' }))).status).toBe(201);
      await expect.poll(() => heard.length, { timeout: 2000 }).toBeGreaterThan(0);
      expect(heard).toEqual([{ type: 'appointments', employeeId: salon.luciaUserId, dates: [THURSDAY] }]);
    } finally {
      off();
      await other.close();
    }
  });

  it('a booking that loses its race, or any refused statement, keeps its database connection (a refusal is no reason to reconnect)', async () => {
    const pool = server.deps.db.$client;
    let removed = 0;
    const onRemove = () => removed++;
    pool.on('remove', onRemove);
    try {
      expect((await marta.post('/api/booking', bookingBody({ time: '12:00', date: '2026-01-16' }))).status).toBe(201);
      for (let i = 0; i < 5; i++) {
        const lost = await elena.post('/api/booking', bookingBody({ time: '12:00', date: '2026-01-16' }));
        expect(lost.status).toBe(409);
        expect(lost.body.error.message).toBe(MSG.slotTaken);
      }
      // Any statement PostgreSQL refuses through drizzle, not only the booking's.
      await expect(server.deps.db.execute(sql`SELECT 1 / 0`)).rejects.toThrow();
      expect(removed).toBe(0);
    } finally {
      pool.off('remove', onRemove);
    }
  });

  it('refuses a start inside another appointment (16:00 inside 15:00-16:30) with the spec text', async () => {
    const first = await marta.post('/api/booking', bookingBody({ serviceId: salon.tinte, time: '15:00' })); // 15:00-16:30
    expect(first.status).toBe(201);
    const res = await elena.post('/api/booking', bookingBody({ time: '16:00' }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.slotTaken);
    // back to back is fine
    expect((await elena.post('/api/booking', bookingBody({ time: '16:30' }))).status).toBe(201);
  });

  it('lets any signed-in role book for itself', async () => {
    await promote(server.deps, 'lucia@salon.test', 'admin');
    try {
      const res = await salon.luciaSession.post('/api/booking', bookingBody({ time: '12:00' }));
      expect(res.status).toBe(201);
    } finally {
      await promote(server.deps, 'lucia@salon.test', 'employee');
    }
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a time the schedule does not offer (09:10)', { time: '09:10' }, 400, MSG.slotNotOffered],
    ['a time inside the lunch break', { time: '13:00' }, 400, MSG.slotNotOffered],
    ['a time that would end after closing', { time: '16:45' }, 400, MSG.slotNotOffered],
    ['a time before opening', { time: '08:00' }, 400, MSG.slotNotOffered],
    ['a Sunday', { date: '2026-01-18', time: '10:00' }, 400, MSG.slotNotOffered],
    ['a past date', { date: '2026-01-13' }, 400, MSG.slotNotOffered],
    ['a time already past today', { date: '2026-01-14', time: '10:30' }, 400, MSG.slotNotOffered],
    ['an inactive service', { serviceId: '__inactive' }, 404, MSG.serviceNotFoundOrUnavailable],
    ['an unknown service', { serviceId: '00000000-0000-4000-8000-000000000000' }, 404, MSG.serviceNotFoundOrUnavailable],
    ['a professional without an account', { professionalId: '__noAccount' }, 400, MSG.employeeNoAccount],
    ['an inactive professional', { professionalId: '__inactiveEmployee' }, 404, STAFF_MSG.employeeInactive],
    ['a professional not offering the service', { serviceId: '__unoffered' }, 400, STAFF_MSG.serviceNotOffered],
    ['no time', { time: undefined }, 400, MSG.bookingMissingData],
    ['an empty professional', { professionalId: '' }, 400, MSG.bookingMissingData],
    ['a malformed date', { date: '15/01/2026' }, 400, MSG.invalidInput],
    ['a malformed time', { time: '9:00' }, 400, MSG.invalidInput],
    ['a number as time', { time: 900 }, 400, MSG.bookingMissingData],
    ['an unknown field', { colour: 'rojo' }, 400, MSG.invalidInput],
    ['notes that are not text', { notes: 42 }, 400, MSG.invalidInput],
    ['notes with a NUL character', { notes: 'uno\u0000dos' }, 400, MSG.invalidInput],
    ['notes longer than 2000 characters', { notes: 'a'.repeat(2001) }, 400, MSG.invalidInput],
  ])('refuses %s with a 4xx and a Spanish message', async (_name, patch, status, message) => {
    const resolved = Object.fromEntries(
      Object.entries(patch).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('__') ? salon[v.slice(2) as keyof Salon] : v]),
    );
    const res = await elena.post('/api/booking', bookingBody(resolved));
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
  });

  it('her client record is made by her first booking and only read by the next (ADR 094: no rewrite per booking)', async () => {
    const nuria = await newClient(server, 'nuria@example.com', 'Nuria Vidal');
    const record = async () =>
      (await server.deps.db.execute<{ id: string; xmin: string; n: number }>(sql`
        SELECT c.id, c.xmin::text AS xmin, (SELECT count(*)::int FROM client_record_changes x WHERE x.client_id = c.id) AS n
          FROM clients c JOIN "user" u ON u.id = c.user_id WHERE u.email = 'nuria@example.com'`)).rows;
    expect(await record()).toEqual([]);
    expect((await nuria.post('/api/booking', bookingBody({ date: '2026-01-20', time: '10:00' }))).status).toBe(201);
    const [made] = await record();
    expect(made).toMatchObject({ n: 1 });
    expect((await nuria.post('/api/booking', bookingBody({ date: '2026-01-20', time: '11:00' }))).status).toBe(201);
    // The same row version: the second booking wrote nothing to her record.
    expect(await record()).toEqual([made]);
    const mine = await server.deps.db.execute<{ client_record_id: string }>(
      sql`SELECT client_record_id FROM appointments WHERE client_email = 'nuria@example.com' ORDER BY start_time`,
    );
    expect(mine.rows.map((r) => r.client_record_id)).toEqual([made!.id, made!.id]);
  });

  it('refuses a body that is not JSON and a request without a session', async () => {
    const bad = await marta.request('POST', '/api/booking', undefined, { 'content-type': 'application/json' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.error.message).toMatch(/[a-záéíóúñ]/i);
    const anon = await newSession(server.url).post('/api/booking', bookingBody());
    expect(anon.status).toBe(401);
  });
});
