import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { employeeServices, salonSettings, services } from '../../db/schema';
import { newClient, nextIp } from '../../../../test/support/booking-fixtures';
import { newSession, type Session } from '../../../../test/support/http-client';
import { arrangeVisitSalon } from '../../../../test/support/visit-salon';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { PUBLIC_READ_RULE } from './public-routes';

// A visit's free times for someone not signed in (ADR 105): GET /api/booking/public/visits/slots,
// the signed-in visit read's answer (visitSlotList), limited per address with the public reads.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid. Ana and Eva work Mon-Fri 10:00-12:00 (the visit
// tests' salon); a manicure and a pedicure (60 min each, both "a la vez") fit side by side at 10:00 and 11:00.

const NOW = new Date('2026-01-14T10:00:00Z');
const MONDAY = '2026-01-19';
let server: TestServer;
let marta: Session;
let ana: string;
let eva: string;
let manicure: string;
let pedicure: string;
let facial: string;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  // A 30-day horizon, so a day past it can be asked.
  await db()
    .insert(salonSettings)
    .values({
      id: 1,
      name: 'Auna',
      appointmentTimeSlotInterval: 60,
      maxFutureAppointmentsPerClient: 4,
      bookingHorizonDays: 30,
      cancellationPolicyHours: 24,
    });
  ({ ana, eva, manicure, pedicure } = await arrangeVisitSalon(server));
  // A facial both do, which may not go side by side with anything.
  const [row] = await db().insert(services).values({ name: 'Limpieza facial', duration: 60, price: 45 }).returning({ id: services.id });
  facial = row!.id;
  await db()
    .insert(employeeServices)
    .values([ana, eva].map((employeeId) => ({ employeeId, serviceId: facial })));
  marta = await newClient(server, 'marta.visita@example.com', 'Marta García');
}, 90_000);
afterAll(() => server?.close());

const anonymous = () => newSession(server.url, nextIp());
const query = (svcs: string[], pros: string[], mode: string, date = MONDAY) =>
  `services=${svcs.join(',')}&professionals=${pros.join(',')}&mode=${mode}&date=${date}`;

describe('GET /api/booking/public/visits/slots', () => {
  it('answers someone not signed in exactly as the signed-in visit read, side by side and back to back', async () => {
    for (const [mode, pros, times] of [
      ['parallel', [ana, eva], ['10:00', '11:00']],
      ['sequence', [ana, ana], ['10:00']],
    ] as const) {
      const q = query([manicure, pedicure], [...pros], mode);
      const pub = await anonymous().get(`/api/booking/public/visits/slots?${q}`);
      expect(pub.status).toBe(200);
      expect(pub.body.slots.map((s: { time: string }) => s.time)).toEqual(times);
      expect(pub.body).toEqual((await marta.get(`/api/booking/visits/slots?${q}`)).body);
    }
  });

  it('carries times only: nothing of a client who booked, and her booking takes its time away', async () => {
    const booked = await marta.post('/api/booking', {
      serviceId: facial,
      professionalId: ana,
      date: MONDAY,
      time: '11:00',
      notes: 'Piel sensible',
    });
    expect(booked.status).toBe(201);
    const res = await anonymous().get(`/api/booking/public/visits/slots?${query([manicure, pedicure], [ana, eva], 'parallel')}`);
    expect(res.status).toBe(200);
    expect(res.body.slots.map((s: { time: string }) => s.time)).toEqual(['10:00']);
    expect(Object.keys(res.body).sort()).toEqual(['date', 'slots']);
    for (const slot of res.body.slots) {
      expect(Object.keys(slot).sort()).toEqual(['parts', 'start', 'time']);
      for (const part of slot.parts) expect(Object.keys(part).sort()).toEqual(['end', 'start']);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/Marta|marta\.visita|Piel sensible|Ana Ruiz|clientId|userId/);
  });

  it('offers nothing past the salon\u2019s horizon or on a past day', async () => {
    for (const date of ['2026-03-02', '2026-01-12']) {
      const res = await anonymous().get(`/api/booking/public/visits/slots?${query([manicure, pedicure], [ana, eva], 'parallel', date)}`);
      expect(res.status).toBe(200);
      expect(res.body.slots).toEqual([]);
    }
  });

  it('refuses a bad question with a 4xx in Spanish, never a 500', async () => {
    const cases: Array<[string, number, string]> = [
      [query([manicure], [ana], 'sequence'), 400, VISIT_MSG.tooFew],
      [query([manicure, pedicure, facial, manicure], [ana, eva, ana, eva], 'sequence'), 400, VISIT_MSG.tooMany],
      [query([manicure, facial], [ana, eva], 'parallel'), 400, VISIT_MSG.parallelNotAllowed],
      [query([manicure, pedicure], [ana, ana], 'parallel'), 400, VISIT_MSG.parallelSameProfessional],
      [query([manicure, pedicure], [ana], 'sequence'), 400, MSG.bookingMissingData],
      [query([manicure, pedicure], [ana, eva], 'a-la-vez'), 400, MSG.invalidInput],
      [query([manicure, pedicure], [ana, eva], 'parallel', '2026-02-30'), 400, MSG.invalidInput],
    ];
    for (const [q, status, message] of cases) {
      const res = await anonymous().get(`/api/booking/public/visits/slots?${q}`);
      expect([q, res.status]).toEqual([q, status]);
      expect(res.body.error.message).toBe(message);
    }
    const unknown = await anonymous().get(`/api/booking/public/visits/slots?${query(['no-existe', pedicure], [ana, eva], 'parallel')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MSG.serviceNotFoundOrUnavailable);
  });

  it(`counts against the same ${PUBLIC_READ_RULE.max} public reads a minute per address`, async () => {
    const one = newSession(server.url, { headers: { 'x-forwarded-for': '10.78.0.1' } });
    const url = `/api/booking/public/visits/slots?${query([manicure, pedicure], [ana, eva], 'parallel')}`;
    for (let i = 0; i < PUBLIC_READ_RULE.max; i++) {
      const res =
        i % 2 ? await one.get(url) : await one.get(`/api/booking/public/slots?serviceId=${manicure}&professionalId=${ana}&date=${MONDAY}`);
      expect(res.status).toBe(200);
    }
    const over = await one.get(url);
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({ code: 'too_many_requests', message: MSG.tooManyRequests });
    expect((await anonymous().get(url)).status).toBe(200);
  }, 120_000);
});
