import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_RATE_RULE } from '../../../domain/booking-limits';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, clients, rateLimit, salonSettings } from '../../db/schema';
import { bookingKey } from '../../auth/rate-limit-keys';
import { person } from '../../../../test/support/admin-support';
import { arrangeSalon, newClient, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Booking abuse (ADR 025): a client booking for themselves through POST /api/booking
// meets a cap of future confirmed appointments (salon setting, default 4), a horizon ("reservas
// con hasta N días de antelación", default 90) and a per-account rate limit in the shared store.
// Before: any account could book every free slot of the year.

// "Now" is Wednesday 2026-01-14 11:00 in Madrid.
const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';

let server: TestServer;
let salon: Salon;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server, { interval: 30 });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const body = (date: string, time: string) => ({ serviceId: salon.corte, professionalId: salon.lucia, date, time });

describe('per-client cap of future confirmed appointments', () => {
  let ana: Session;
  beforeAll(async () => {
    ana = await newClient(server, 'ana.cap@example.com', 'Ana Cap');
  });

  it('the fifth future booking is refused in Spanish; a cancelled or past one does not count', async () => {
    for (const time of ['09:00', '09:30', '10:00', '10:30']) {
      expect((await ana.post('/api/booking', body(THURSDAY, time))).status).toBe(201);
    }
    const fifth = await ana.post('/api/booking', body(THURSDAY, '11:00'));
    expect(fifth.status).toBe(409);
    expect(fifth.body.error).toEqual({ code: 'booking_cap_reached', message: 'Ya tienes 4 citas próximas, el máximo. Cancela una en Mis Citas para reservar otra.' });

    // The client cancels one: a place is free again.
    const anaId = await userIdOf(server, 'ana.cap@example.com');
    const [first] = await server.deps.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, anaId)).limit(1);
    await server.deps.db.update(appointments).set({ status: 'cancelled_by_client' }).where(eq(appointments.id, first!.id));
    expect((await ana.post('/api/booking', body(THURSDAY, '11:00'))).status).toBe(201);
    expect((await ana.post('/api/booking', body(THURSDAY, '11:30'))).status).toBe(409);
  });

  it('follows the salon setting', async () => {
    const eva = await newClient(server, 'eva.cap@example.com');
    await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 1 });
    try {
      expect((await eva.post('/api/booking', body(THURSDAY, '15:00'))).status).toBe(201);
      expect((await eva.post('/api/booking', body(THURSDAY, '15:30'))).body.error.message).toBe(STAFF_MSG.bookingCapReachedCount(1, 1));
    } finally {
      await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 4 });
    }
  });
});

describe('the cap holds under concurrency', () => {
  it('12 simultaneous bookings by one client for different times: exactly the cap (4) succeed', async () => {
    const burst = await newClient(server, 'burst.cap@example.com', 'Bea Burst');
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '14:00', '14:30', '15:00', '15:30'];
    const answers = await Promise.all(times.map((time) => burst.post('/api/booking', body('2026-01-22', time))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toEqual({ code: 'booking_cap_reached', message: STAFF_MSG.bookingCapReachedCount(4, 4) });
    const burstId = await userIdOf(server, 'burst.cap@example.com');
    const rows = await server.deps.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, burstId));
    expect(rows).toHaveLength(4);

    // The salon booking for her client record is the salon's calendar: exempt from the cap (ADR 025).
    const admin = await person(server, 'admin.burst@example.com', 'admin');
    const [record] = await server.deps.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, burstId));
    const staff = await admin.post('/api/booking/staff', { clientId: record!.id, serviceId: salon.corte, professionalId: salon.lucia, date: '2026-01-22', time: '16:00' });
    expect(staff.status).toBe(201);
    // And she is still at her cap for her own bookings (now 5 future appointments).
    const own = await burst.post('/api/booking', body('2026-01-22', '16:30'));
    expect(own.body.error).toEqual({ code: 'booking_cap_reached', message: 'Ya tienes 5 citas próximas, y el máximo es 4. Cancela una en Mis Citas para reservar otra.' });
  });
});

describe('booking horizon', () => {
  it('refuses a date past "reservas con hasta 90 días de antelación" and its slot list is empty', async () => {
    const leo = await newClient(server, 'leo.horizon@example.com');
    // 2026-04-14 is today + 90 (a Tuesday); 2026-04-15 is one day further.
    expect((await leo.post('/api/booking', body('2026-04-14', '10:00'))).status).toBe(201);
    const far = await leo.post('/api/booking', body('2026-04-15', '10:00'));
    expect(far.status).toBe(400);
    expect(far.body.error).toEqual({ code: 'beyond_booking_horizon', message: STAFF_MSG.bookingBeyondHorizon });
    const slots = await leo.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${salon.lucia}&date=2026-04-15`);
    expect(slots.status).toBe(200);
    expect(slots.body.slots).toEqual([]);
  });

  it('the booking calendar shows the days past the horizon as not bookable, with the reason', async () => {
    const note = 'Solo se puede reservar con hasta 90 días de antelación.';
    const q = `/api/booking/closed-days?professionalId=${salon.lucia}&from=2026-04-12&to=2026-04-17`;
    const client = await newClient(server, 'cal.horizon@example.com');
    const res = await client.get(q);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      days: ['2026-04-15', '2026-04-16', '2026-04-17'].map((date) => ({ date, label: note })),
      horizonNote: note,
    });
    // A month wholly within the horizon has no note.
    expect((await client.get(`/api/booking/closed-days?professionalId=${salon.lucia}&from=2026-02-01&to=2026-02-28`)).body).toEqual({ days: [], horizonNote: null });
    // Staff booking for themselves on this page meet the same calendar.
    const lucia = salon.luciaSession;
    expect((await lucia.get(q)).body.horizonNote).toBe(note);
  });

  it('the admin widens it in the settings, with validation', async () => {
    const admin = await person(server, 'admin.horizon@example.com', 'admin');
    const current = (await admin.get('/api/admin/settings')).body;
    expect(current).toMatchObject({ maxFutureAppointmentsPerClient: 4, bookingHorizonDays: 90 });
    const { updatedAt: _u, ...form } = current;
    for (const [field, value, message] of [
      ['bookingHorizonDays', 0, STAFF_MSG.bookingHorizonInvalid],
      ['bookingHorizonDays', 731, STAFF_MSG.bookingHorizonInvalid],
      ['bookingHorizonDays', 12.5, STAFF_MSG.bookingHorizonInvalid],
      ['maxFutureAppointmentsPerClient', 0, STAFF_MSG.bookingCapInvalid],
      ['maxFutureAppointmentsPerClient', '4', STAFF_MSG.bookingCapInvalid],
    ] as const) {
      const res = await admin.put('/api/admin/settings', { ...form, [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await admin.put('/api/admin/settings', { ...form, bookingHorizonDays: 120 })).body.bookingHorizonDays).toBe(120);
    const leo = await newClient(server, 'leo2.horizon@example.com');
    expect((await leo.post('/api/booking', body('2026-04-15', '10:00'))).status).toBe(201);
    await admin.put('/api/admin/settings', { ...form, bookingHorizonDays: 90 });
  });
});

describe('rate limit on POST /api/booking', () => {
  it(`after ${BOOKING_RATE_RULE.max} attempts in ${BOOKING_RATE_RULE.window / 60} minutes the account is told to wait, in Spanish`, async () => {
    const taken = body(THURSDAY, '16:00');
    const owner = await newClient(server, 'owner.rate@example.com');
    expect((await owner.post('/api/booking', taken)).status).toBe(201);
    const bot = await newClient(server, 'bot.rate@example.com');
    for (let i = 0; i < BOOKING_RATE_RULE.max; i++) {
      expect((await bot.post('/api/booking', taken)).status).toBe(409);
    }
    const res = await bot.post('/api/booking', body(THURSDAY, '16:30'));
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'too_many_bookings', message: STAFF_MSG.bookingTooFast });
    // Another account is not affected.
    expect((await owner.post('/api/booking', body(THURSDAY, '16:30'))).status).toBe(201);
  });

  it('every attempt counts once, whichever step answers it, and one over the limit writes nothing (ADR 106)', async () => {
    const FRIDAY = '2026-01-16';
    const owner = await newClient(server, 'owner.once@example.com');
    expect((await owner.post('/api/booking', body(FRIDAY, '09:00'))).status).toBe(201);
    const eli = await newClient(server, 'eli.once@example.com');
    const eliId = await userIdOf(server, 'eli.once@example.com');
    const count = async () => (await server.deps.db.select({ count: rateLimit.count }).from(rateLimit).where(eq(rateLimit.key, bookingKey(eliId))))[0]?.count ?? 0;
    const mine = async () => (await server.deps.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, eliId))).length;
    // Booked: counted by the booking statement itself, once (not again by the context read).
    expect((await eli.post('/api/booking', body(FRIDAY, '09:30'))).status).toBe(201);
    expect(await count()).toBe(1);
    // Refused before the booking statement: a time not offered, a day past the horizon, a service that is not there.
    expect((await eli.post('/api/booking', body(FRIDAY, '09:10'))).status).toBe(400);
    expect(await count()).toBe(2);
    expect((await eli.post('/api/booking', body('2026-06-15', '10:00'))).body.error.code).toBe('beyond_booking_horizon');
    expect(await count()).toBe(3);
    expect((await eli.post('/api/booking', { ...body(FRIDAY, '10:00'), serviceId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect(await count()).toBe(4);
    // The statement failed (a lost race, 23P01, rolled back with its count): counted on its own.
    expect((await eli.post('/api/booking', body(FRIDAY, '09:00'))).status).toBe(409);
    expect(await count()).toBe(5);
    // Up to the limit with lost races, then a FREE time: 429, and no appointment written.
    for (let i = 5; i < BOOKING_RATE_RULE.max; i++) expect((await eli.post('/api/booking', body(FRIDAY, '09:00'))).status).toBe(409);
    expect(await count()).toBe(BOOKING_RATE_RULE.max);
    const res = await eli.post('/api/booking', body(FRIDAY, '10:30'));
    expect([res.status, res.body.error]).toEqual([429, { code: 'too_many_bookings', message: STAFF_MSG.bookingTooFast }]);
    expect(await count()).toBe(BOOKING_RATE_RULE.max + 1);
    expect(await mine()).toBe(1);
  });

  it('a visit of two services counts once, in the same count as her single bookings (ADR 097)', async () => {
    const taken = body(THURSDAY, '12:00');
    const owner = await newClient(server, 'owner.visit-rate@example.com');
    expect((await owner.post('/api/booking', taken)).status).toBe(201);
    const bot = await newClient(server, 'bot.visit-rate@example.com');
    for (let i = 0; i < BOOKING_RATE_RULE.max - 1; i++) expect((await bot.post('/api/booking', taken)).status).toBe(409);
    const visit = (time: string) => ({
      parts: [{ serviceId: salon.corte, professionalId: salon.lucia }, { serviceId: salon.tinte, professionalId: salon.lucia }],
      mode: 'sequence',
      date: THURSDAY,
      time,
    });
    // The 20th attempt: a visit of two parts over the taken time, counted once (refused for its time, not for the rate).
    const twentieth = await bot.post('/api/booking/visits', visit('12:00'));
    expect([twentieth.status, twentieth.body.error.code]).toEqual([400, 'slot_not_offered']);
    const [counted] = await server.deps.db.select({ count: rateLimit.count }).from(rateLimit).where(eq(rateLimit.key, bookingKey(await userIdOf(server, 'bot.visit-rate@example.com'))));
    expect(counted?.count).toBe(BOOKING_RATE_RULE.max);
    // The 21st, a single booking: told to wait.
    const res = await bot.post('/api/booking', taken);
    expect([res.status, res.body.error]).toEqual([429, { code: 'too_many_bookings', message: STAFF_MSG.bookingTooFast }]);
  });
});
