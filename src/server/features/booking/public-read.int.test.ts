import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { PUBLIC_READ_RULE } from './public-routes';
import { arrangeSalon, newClient, nextIp, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The public page's free times through the real HTTP API (ADR 079): for someone not signed in,
// the same rule as a signed-in client's, limited per address.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid; Lucía and Nuria (no account) do "Corte y peinado".

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
let server: TestServer;
let salon: Salon;
let marta: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta.publica@example.com', 'Marta García');
}, 60_000);
afterAll(() => server?.close());

const anonymous = () => newSession(server.url, nextIp());

describe('the public free times', () => {
  it('are the signed-in client’s, for one professional and for "Cualquier profesional"', async () => {
    for (const professionalId of [salon.lucia, 'cualquiera']) {
      const q = `serviceId=${salon.corte}&professionalId=${professionalId}&date=${THURSDAY}`;
      const pub = await anonymous().get(`/api/booking/public/slots?${q}`);
      const own = await marta.get(`/api/booking/slots?${q}`);
      expect(pub.status).toBe(200);
      expect(pub.body.slots.length).toBeGreaterThan(0);
      expect(pub.body).toEqual(own.body);
      const m = `serviceId=${salon.corte}&professionalId=${professionalId}&month=2026-01`;
      const pubMonth = await anonymous().get(`/api/booking/public/month?${m}`);
      expect(pubMonth.status).toBe(200);
      expect(pubMonth.body).toEqual((await marta.get(`/api/booking/month?${m}`)).body);
    }
  });

  it('answers a wrong service or professional as the signed-in read does, never a 500', async () => {
    const unknown = await anonymous().get(`/api/booking/public/slots?serviceId=${salon.inactive}&professionalId=${salon.lucia}&date=${THURSDAY}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MSG.serviceNotFoundOrUnavailable);
    const bad = await anonymous().get(`/api/booking/public/month?serviceId=x&professionalId=y&month=2026-13`);
    expect(bad.status).toBe(400);
  });

  it(`is limited to ${PUBLIC_READ_RULE.max} reads a minute per address, in Spanish, and other addresses go on`, async () => {
    const one = newSession(server.url, { headers: { 'x-forwarded-for': '10.77.0.1' } });
    const url = `/api/booking/public/slots?serviceId=${salon.corte}&professionalId=${salon.lucia}&date=${THURSDAY}`;
    // Half through the month read: both count against the same address.
    for (let i = 0; i < PUBLIC_READ_RULE.max; i++) {
      const res = i % 2 ? await one.get(url) : await one.get(`/api/booking/public/month?serviceId=${salon.corte}&professionalId=${salon.lucia}&month=2026-01`);
      expect(res.status).toBe(200);
    }
    const over = await one.get(url);
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({ code: 'too_many_requests', message: MSG.tooManyRequests });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await anonymous().get(url)).status).toBe(200);
  }, 120_000);
});
