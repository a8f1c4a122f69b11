import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWeeklySchedule } from '../../../domain/weekly-schedule';
import { salonSettings } from '../../db/schema';
import { arrangeSalon, nextIp, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The salon's public page through the real HTTP API (ADR 078): its profile, for someone not
// signed in. Its free times are the booking room's (booking/public-read.int.test.ts).
// "Now" is Wednesday 2026-01-14 11:00 in Madrid; Lucía and Nuria (no account) do "Corte y peinado".

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
}, 60_000);
afterAll(() => server?.close());

const anonymous = () => newSession(server.url, nextIp());

describe('GET /api/public-page', () => {
  it('shows the active services by category with their professionals, and the team, to someone not signed in', async () => {
    const res = await anonymous().get('/api/public-page');
    expect(res.status).toBe(200);
    const cats = res.body.categories as Array<{ name: string; services: Array<{ id: string; name: string; price: number; duration: number; professionalIds: string[] }> }>;
    expect(cats.map((c) => [c.name, c.services.map((s) => s.name)])).toEqual([
      ['Bienestar', ['Masaje relajante']],
      ['Cabello', ['Corte y peinado', 'Tinte completo']],
    ]);
    const corte = cats[1]!.services[0]!;
    expect([corte.price, corte.duration]).toEqual([25.5, 30]);
    expect(corte.professionalIds.sort()).toEqual([salon.lucia, salon.noAccount].sort());
    // The inactive professional is not in the team; nothing names an account.
    expect((res.body.team as Array<{ name: string }>).map((p) => p.name)).toEqual(['Lucía Martín', 'Nuria Gil']);
    expect(JSON.stringify(res.body)).not.toMatch(/userId|lucia@salon\.test/);
    // Whether a client can book her (an account) and whether a service may go side by side: a yes or no each (ADR 105).
    expect((res.body.team as Array<{ name: string; bookable: boolean }>).map((p) => [p.name, p.bookable])).toEqual([
      ['Lucía Martín', true],
      ['Nuria Gil', false],
    ]);
    expect(corte).toHaveProperty('parallelAllowed', false);
  });

  it('says the salon: name, address with a map link, phone with WhatsApp; hours only once set', async () => {
    const before = await anonymous().get('/api/public-page');
    expect(before.body.hours).toBeNull();
    expect(before.body.salon.whatsappUrl).toBeNull();
    const week = emptyWeeklySchedule();
    week.monday = { isWorkingDay: true, startTime: '10:00', endTime: '19:00', breaks: [{ start: '14:00', end: '15:00' }] };
    await server.deps.db
      .insert(salonSettings)
      .values({ id: 1, name: 'Auna Estética', address: 'Calle Mayor 3, Tomelloso', phoneNumber: '926 12 34 56', openingHours: week })
      .onConflictDoUpdate({ target: salonSettings.id, set: { name: 'Auna Estética', address: 'Calle Mayor 3, Tomelloso', phoneNumber: '926 12 34 56', openingHours: week } });
    const res = await anonymous().get('/api/public-page');
    expect(res.body.salon).toEqual({
      name: 'Auna Estética',
      address: 'Calle Mayor 3, Tomelloso',
      mapUrl: 'https://www.openstreetmap.org/search?query=Calle%20Mayor%203%2C%20Tomelloso',
      phone: '+34926123456',
      phoneText: '926 12 34 56',
      whatsappUrl: `https://wa.me/34926123456?text=${encodeURIComponent('Hola, quería pedir una cita.')}`,
    });
    expect(res.body.hours[0]).toEqual({ day: 'monday', label: 'Lunes', hours: '10:00–14:00, 15:00–19:00' });
    expect(res.body.hours[1]).toEqual({ day: 'tuesday', label: 'Martes', hours: null });
    await server.deps.db.update(salonSettings).set({ openingHours: {} });
  });
});
