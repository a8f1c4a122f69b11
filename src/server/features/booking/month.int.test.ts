import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { appointments, employees, employeeServices, employeeTimeOff, salonExceptions, salonSettings } from '../../db/schema';
import { arrangeSalon, newClient, testSchedule, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The calendar's month and "Cualquier profesional" (ADRs 061, 062) through the real HTTP API.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid. Lucía Martín and Ana Pérez both do "Corte y
// peinado" (30 minutes) Monday to Friday 09:00-17:00 (lunch 13:00-14:00) and Saturday 10:00-14:00;
// Nuria Gil does it too but has no account, so she cannot be booked.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let ana: string;
let anaUserId: string;
let marta: Session;
let elena: Session;

const month = (s: Session, professionalId: string, m = '2026-01') =>
  s.get(`/api/booking/month?serviceId=${salon.corte}&professionalId=${professionalId}&month=${m}`);
const stateOf = (body: { days: Array<{ date: string; state: string; reason?: string }> }, date: string) => {
  const d = body.days.find((x) => x.date === date)!;
  return d.state === 'closed' ? d.reason : d.state;
};
const slotTimes = async (s: Session, professionalId: string, date: string) =>
  (
    (await s.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${professionalId}&date=${date}`)).body.slots as Array<{
      time: string;
    }>
  ).map((x) => x.time);
const book = (s: Session, professionalId: string, date: string, time: string) =>
  s.post('/api/booking', { serviceId: salon.corte, professionalId, date, time });
const whoHas = async (id: string) =>
  (await server.deps.db.select({ employeeId: appointments.employeeId }).from(appointments).where(eq(appointments.id, id)))[0]!.employeeId;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  const { db } = server.deps;
  await db.insert(salonSettings).values({ id: 1, name: 'Auna', maxFutureAppointmentsPerClient: 50 });
  await newClient(server, 'ana@salon.test', 'Ana Pérez');
  await promote(server.deps, 'ana@salon.test', 'employee');
  anaUserId = await userIdOf(server, 'ana@salon.test');
  const [row] = await db
    .insert(employees)
    .values({ name: 'Ana Pérez', availability: testSchedule(), userId: anaUserId, userAccountEmail: 'ana@salon.test' })
    .returning({ id: employees.id });
  ana = row!.id;
  await db.insert(employeeServices).values({ employeeId: ana, serviceId: salon.corte });
  marta = await newClient(server, 'marta.mes@example.com', 'Marta García');
  elena = await newClient(server, 'elena.mes@example.com', 'Elena Torres');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the month (ADR 061)', () => {
  it('marks every day: past, free, Sunday, a closure, her time off, beyond the horizon', async () => {
    const { db } = server.deps;
    await db.insert(salonExceptions).values({ kind: 'closed', startDate: '2026-01-16', endDate: '2026-01-16', reason: 'Fiestas' });
    await db.insert(employeeTimeOff).values({ employeeId: salon.lucia, startDate: '2026-01-15', endDate: '2026-01-15', reason: 'Médico' });
    const res = await month(marta, salon.lucia);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(31);
    expect(['2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-17', '2026-01-18'].map((d) => stateOf(res.body, d))).toEqual([
      'past',
      'free',
      'time_off',
      'salon_closed',
      'free',
      'sunday',
    ]);
    expect(res.body.first).toMatchObject({ date: '2026-01-14' });
    expect(res.body.first.label).toMatch(/^hoy \d\d:\d\d$/);
    // Anyone: Ana works Thursday, so it is free for "Cualquier profesional".
    const anyone = await month(marta, 'cualquiera');
    expect(stateOf(anyone.body, '2026-01-15')).toBe('free');
    expect(stateOf(anyone.body, '2026-01-16')).toBe('salon_closed');
    // April is past the 90-day horizon from the 14th of January after the 14th.
    const april = await month(marta, salon.lucia, '2026-04');
    expect(stateOf(april.body, '2026-04-14')).toBe('free');
    expect(stateOf(april.body, '2026-04-15')).toBe('horizon');
    // A month without a free time (December, past) points to the first one after it.
    const december = await month(marta, salon.lucia, '2025-12');
    expect(december.body.first).toMatchObject({ date: '2026-01-14' });
  });

  it('says a day is free exactly when the slot list has a time (one rule)', async () => {
    const res = await month(marta, salon.lucia);
    for (const d of res.body.days as Array<{ date: string; state: string }>) {
      const times = await slotTimes(marta, salon.lucia, d.date);
      expect([d.date, d.state === 'free'], d.date).toEqual([d.date, times.length > 0]);
    }
  });

  it.each([
    [
      'an unknown service',
      () => `serviceId=00000000-0000-4000-8000-000000000000&professionalId=${salon.lucia}&month=2026-01`,
      404,
      MSG.serviceNotFoundOrUnavailable,
    ],
    ['a month that is not one', () => `serviceId=${salon.corte}&professionalId=${salon.lucia}&month=2026-13`, 400, undefined],
  ])('%s is refused in Spanish', async (_what, query, status, message) => {
    const res = await marta.get(`/api/booking/month?${query()}`);
    expect(res.status).toBe(status);
    expect(typeof res.body.error.message).toBe('string');
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('a professional without an account has no free day (ADR 084: the page says why before asking)', async () => {
    const res = await marta.get(`/api/booking/month?serviceId=${salon.corte}&professionalId=${salon.noAccount}&month=2026-01`);
    expect(res.status).toBe(200);
    expect(res.body.first).toBeNull();
    expect((res.body.days as { state: string }[]).filter((d) => d.state === 'free')).toEqual([]);
  });
});

describe('"Cualquier profesional" (ADR 062)', () => {
  it("offers the union of everyone's free times", async () => {
    expect((await book(marta, salon.lucia, '2026-01-19', '10:00')).status).toBe(201);
    expect(await slotTimes(marta, salon.lucia, '2026-01-19')).not.toContain('10:00');
    expect(await slotTimes(marta, 'cualquiera', '2026-01-19')).toContain('10:00');
  });

  it("gives the time to the least booked that day, then by the list's order", async () => {
    // Tuesday 20th: nobody is booked, Ana comes first in the list.
    const first = await book(elena, 'cualquiera', '2026-01-20', '11:00');
    expect(first.status).toBe(201);
    expect(await whoHas(first.body.appointment.id)).toBe(anaUserId);
    // Now Ana has one and Lucía none: Lucía.
    const second = await book(elena, 'cualquiera', '2026-01-20', '12:00');
    expect(await whoHas(second.body.appointment.id)).toBe(salon.luciaUserId);
    // Lucía is busy at 10:00 on the 19th: Ana, whoever is less booked.
    const third = await book(elena, 'cualquiera', '2026-01-19', '10:00');
    expect(third.status).toBe(201);
    expect(await whoHas(third.body.appointment.id)).toBe(anaUserId);
  });

  it('a time nobody offers is refused as never offered', async () => {
    const res = await book(elena, 'cualquiera', '2026-01-18', '10:00');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('slot_not_offered');
  });

  it('clients racing for the last free time: at most one booking per professional, nothing double-booked', async () => {
    // Thursday 22nd opens only 16:00-16:30: one time left with each of the two.
    await server.deps.db
      .insert(salonExceptions)
      .values({
        kind: 'special_hours',
        startDate: '2026-01-22',
        endDate: '2026-01-22',
        startTime: '16:00',
        endTime: '16:30',
        reason: 'Inventario',
      });
    expect(await slotTimes(marta, 'cualquiera', '2026-01-22')).toEqual(['16:00']);
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => newClient(server, `racer${i}.mes@example.com`, `Cliente ${i}`)));
    const answers = await Promise.all(racers.map((s) => book(s, 'cualquiera', '2026-01-22', '16:00')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
    const held = await server.deps.db
      .select({ employeeId: appointments.employeeId })
      .from(appointments)
      .where(and(eq(appointments.status, 'confirmed'), sql`${appointments.startTime} = '2026-01-22T15:00:00Z'::timestamptz`));
    expect(held.map((h) => h.employeeId).sort()).toEqual([anaUserId, salon.luciaUserId].sort());
    expect((await month(marta, 'cualquiera')).body.days.find((d: { date: string }) => d.date === '2026-01-22').state).toBe('full');
    // A latecomer whose page still offered 16:00 finds everyone taken: the spec's conflict, not "not offered".
    const late = await book(await newClient(server, 'racer-late.mes@example.com', 'Cliente tarde'), 'cualquiera', '2026-01-22', '16:00');
    expect([late.status, late.body.error]).toEqual([409, { code: 'slot_taken', message: MSG.slotTaken }]);
  });
});
