import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelTooLate } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, salonSettings } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { appointmentRow, arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A client's own appointments and cancelling them (SPEC §5 Cancellation by client, §7).
// The server clock is moved per test: `now` starts Monday 2026-01-12 09:00 in Madrid (08:00Z).

const START = new Date('2026-01-12T08:00:00Z');
let now = START;
let server: TestServer;
let salon: Salon;
let marta: Session;
let elena: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => now, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  elena = await newClient(server, 'elena@example.com', 'Elena Torres');
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  now = START;
  await server.deps.db.delete(appointments);
  await server.deps.db.delete(salonSettings);
});

async function book(s: Session, date: string, time: string): Promise<string> {
  const res = await s.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

describe('GET /api/my-appointments', () => {
  it('lists only my own, with what the card shows', async () => {
    const late = await book(marta, '2026-01-15', '16:00');
    await book(elena, '2026-01-14', '10:00');
    const res = await marta.get('/api/my-appointments');
    expect(res.status).toBe(200);
    expect(res.body.appointments.map((a: { id: string }) => a.id)).toEqual([late]);
    expect(res.body.appointments[0]).toMatchObject({
      serviceName: 'Corte y peinado',
      serviceId: salon.corte,
      employeeId: salon.luciaUserId,
      employeeName: 'Lucía Martín',
      serviceDuration: 30,
      price: 25.5,
      status: 'confirmed',
      notes_client: '',
      startTime: '2026-01-15T15:00:00.000Z',
      endTime: '2026-01-15T15:30:00.000Z',
      upcoming: true,
    });
    expect(res.body.appointments[0]).not.toHaveProperty('clientId');
  });

  it('puts "Próximas" first, soonest first, then "Anteriores" newest first; a past confirmed visit is not upcoming (ADR 074)', async () => {
    const cancelledFuture = await book(marta, '2026-01-16', '10:00');
    expect((await marta.post(`/api/my-appointments/${cancelledFuture}/cancel`)).status).toBe(200);
    const pastEarly = await book(marta, '2026-01-13', '09:00');
    const pastLate = await book(marta, '2026-01-13', '16:00');
    const far = await book(marta, '2026-01-20', '10:00');
    const next = await book(marta, '2026-01-15', '16:00');
    now = new Date('2026-01-14T11:00:00Z'); // Wednesday noon: the two on Tuesday are over, not marked by the salon
    const res = await marta.get('/api/my-appointments');
    expect(res.body.appointments.map((a: { id: string; upcoming: boolean; status: string }) => [a.id, a.upcoming, a.status])).toEqual([
      [next, true, 'confirmed'],
      [far, true, 'confirmed'],
      [cancelledFuture, false, 'cancelled_by_client'],
      [pastLate, false, 'confirmed'],
      [pastEarly, false, 'confirmed'],
    ]);
    // The cap as the booking counts it: confirmed and not started.
    expect(res.body.cap).toEqual({ max: 4, futureConfirmed: 2 });
  });

  it("says the salon's cancellation window and phone (national format, a tel: link), or none when unset", async () => {
    expect((await marta.get('/api/my-appointments')).body).toMatchObject({ policyHours: 24, salonPhone: null });
    await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', cancellationPolicyHours: 48, phoneNumber: '+34923401234', maxFutureAppointmentsPerClient: 2 });
    expect((await marta.get('/api/my-appointments')).body).toMatchObject({
      policyHours: 48,
      salonPhone: { text: '923 40 12 34', href: 'tel:+34923401234' },
      cap: { max: 2, futureConfirmed: 0 },
    });
  });

  it('is empty for a new client and needs a session', async () => {
    const nueva = await newClient(server, 'nueva@example.com');
    expect((await nueva.get('/api/my-appointments')).body).toMatchObject({ appointments: [] });
    expect((await newSession(server.url).get('/api/my-appointments')).status).toBe(401);
  });
});

describe('POST /api/my-appointments/:id/cancel', () => {
  it('cancels my confirmed future appointment outside the window, frees the slot and tells open screens', async () => {
    const id = await book(marta, '2026-01-14', '10:00'); // 25 h ahead
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    const res = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.appointment).toEqual({ id, status: 'cancelled_by_client' });
    expect((await appointmentRow(server, id))?.status).toBe('cancelled_by_client');
    await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: salon.luciaUserId, dates: ['2026-01-14'] });
    unsubscribe();
    // the time can be booked again
    await book(elena, '2026-01-14', '10:00');
  });

  it("answers 404 for another client's appointment and leaves it alone", async () => {
    const id = await book(marta, '2026-01-16', '10:00');
    const res = await elena.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(STAFF_MSG.appointmentNotFound);
    expect((await appointmentRow(server, id))?.status).toBe('confirmed');
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'abc'],
  ])('answers 404 for %s', async (_name, id) => {
    const res = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(STAFF_MSG.appointmentNotFound);
  });

  it('refuses inside the default 24 h window with the policy text', async () => {
    const id = await book(marta, '2026-01-13', '09:00'); // 24 h ahead of START
    now = new Date(START.getTime() + 60_000); // one minute later: 23 h 59 min left
    const res = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 24 horas de antelación.');
    expect((await appointmentRow(server, id))?.status).toBe('confirmed');
  });

  it('allows exactly at the window edge', async () => {
    const id = await book(marta, '2026-01-13', '09:00'); // exactly 24 h ahead of now
    expect((await marta.post(`/api/my-appointments/${id}/cancel`)).status).toBe(200);
  });

  it("uses the salon's cancellationPolicyHours", async () => {
    await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', cancellationPolicyHours: 48 });
    const id = await book(marta, '2026-01-13', '16:00'); // 31 h ahead
    const res = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(cancelTooLate(48));
  });

  it('with a 0 h policy allows cancelling until the start, never after', async () => {
    await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', cancellationPolicyHours: 0 });
    const id = await book(marta, '2026-01-12', '10:00');
    now = new Date('2026-01-12T09:00:00Z'); // the start
    const res = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MSG.cancelNotAllowed);
    now = new Date('2026-01-12T08:59:00Z');
    expect((await marta.post(`/api/my-appointments/${id}/cancel`)).status).toBe(200);
  });

  it('refuses an appointment that is no longer confirmed', async () => {
    const id = await book(marta, '2026-01-16', '11:00');
    expect((await marta.post(`/api/my-appointments/${id}/cancel`)).status).toBe(200);
    const again = await marta.post(`/api/my-appointments/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(STAFF_MSG.cancelNotAllowed);
  });

  it('needs a session', async () => {
    const id = await book(marta, '2026-01-16', '12:00');
    expect((await newSession(server.url).post(`/api/my-appointments/${id}/cancel`)).status).toBe(401);
  });
});
