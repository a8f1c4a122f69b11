import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { appointments, clients, employees, employeeServices, payments, salonSettings, services } from '../../db/schema';
import { newClient, userIdOf } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';

// A visit of several services through the real API (ADRs 081-083). "Now" is Wednesday
// 2026-01-14 11:00 in Madrid. Ana and Eva work Mon-Fri 10:00-12:00: at 10:00 and 11:00 a
// manicure and a pedicure (60 min each, both "a la vez") fit in parallel; back to back only at 10:00.

const NOW = new Date('2026-01-14T10:00:00Z');
const MONDAY = '2026-01-19';
let server: TestServer;
let admin: Session;
let ana: string;
let eva: string;
let manicure: string;
let pedicure: string;
let facial: string;
const db = () => server.deps.db;

function shortDays() {
  const s = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) s[d] = { isWorkingDay: true, startTime: '10:00', endTime: '12:00', breaks: [] };
  return s;
}

async function professional(email: string, name: string) {
  await newClient(server, email, name);
  await promote(server.deps, email, 'employee');
  const [e] = await db().insert(employees).values({ name, availability: shortDays(), userId: await userIdOf(server, email) }).returning({ id: employees.id });
  return e!.id;
}

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  await db().insert(salonSettings).values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 60, maxFutureAppointmentsPerClient: 2, bookingHorizonDays: 365, cancellationPolicyHours: 24 });
  admin = await newClient(server, 'duena@salon.test', 'Dueña');
  await promote(server.deps, 'duena@salon.test', 'admin');
  ana = await professional('ana@salon.test', 'Ana Ruiz');
  eva = await professional('eva@salon.test', 'Eva Sanz');
  const rows = await db()
    .insert(services)
    .values([
      { name: 'Manicura', duration: 60, price: 20, parallelAllowed: true },
      { name: 'Pedicura', duration: 60, price: 25, parallelAllowed: true },
      { name: 'Limpieza facial', duration: 60, price: 45 },
    ])
    .returning({ id: services.id });
  [manicure, pedicure, facial] = rows.map((r) => r.id) as [string, string, string];
  await db().insert(employeeServices).values([ana, eva].flatMap((employeeId) => [manicure!, pedicure!, facial!].map((serviceId) => ({ employeeId, serviceId }))));
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const parallelVisit = (date: string, time = '10:00') => ({ parts: [{ serviceId: manicure, professionalId: ana }, { serviceId: pedicure, professionalId: eva }], mode: 'parallel', date, time });
const rowsOn = (date: string) =>
  db()
    .select({ id: appointments.id, visitId: appointments.visitId, employeeName: appointments.employeeName, status: appointments.status, clientId: appointments.clientId, start: appointments.startTime })
    .from(appointments)
    .where(and(eq(appointments.status, 'confirmed'), eq(appointments.startTime, new Date(`${date}T09:00:00Z`))));

describe('the times a visit is offered', () => {
  it('in parallel: both hours; back to back with one professional: only 10:00', async () => {
    const q = (mode: string, pros: string) => `/api/booking/visits/slots?${new URLSearchParams({ services: `${manicure},${pedicure}`, professionals: pros, mode, date: MONDAY }).toString()}`;
    const client = await newClient(server, 'mira@example.com', 'Mira');
    const together = await client.get(q('parallel', `${ana},${eva}`));
    expect(together.status).toBe(200);
    expect(together.body.slots.map((s: { time: string }) => s.time)).toEqual(['10:00', '11:00']);
    const after = await client.get(q('sequence', `${ana},${ana}`));
    expect(after.body.slots).toEqual([{ time: '10:00', start: '2026-01-19T09:00:00.000Z', parts: [{ start: '2026-01-19T09:00:00.000Z', end: '2026-01-19T10:00:00.000Z' }, { start: '2026-01-19T10:00:00.000Z', end: '2026-01-19T11:00:00.000Z' }] }]);
  });

  it('refuses in Spanish what cannot go together', async () => {
    const client = await newClient(server, 'noa@example.com', 'Noa');
    const same = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY), parts: [{ serviceId: manicure, professionalId: ana }, { serviceId: pedicure, professionalId: ana }] });
    expect([same.status, same.body.error.message]).toEqual([400, VISIT_MSG.parallelSameProfessional]);
    // The admin's setting (ADR 082): once the pedicure no longer goes "a la vez", the pair is refused.
    const pedicura = { name: 'Pedicura', description: '', duration: 60, price: 25, category: 'Uñas' };
    expect((await admin.put(`/api/admin/services/${pedicure}`, { ...pedicura, parallelAllowed: false })).status).toBe(200);
    const notNow = await client.post('/api/booking/visits', parallelVisit(MONDAY));
    expect([notNow.status, notNow.body.error.message]).toEqual([400, VISIT_MSG.parallelNotAllowed]);
    expect((await admin.put(`/api/admin/services/${pedicure}`, { ...pedicura, parallelAllowed: true })).status).toBe(200);
    const facialToo = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY), parts: [{ serviceId: facial, professionalId: ana }, { serviceId: pedicure, professionalId: eva }] });
    expect([facialToo.status, facialToo.body.error.message]).toEqual([400, VISIT_MSG.parallelNotAllowed]);
    const one = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY), parts: [{ serviceId: manicure, professionalId: ana }] });
    const four = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY), parts: [manicure, pedicure, facial, manicure].map((serviceId) => ({ serviceId, professionalId: ana })) });
    expect([four.status, four.body.error.message]).toEqual([400, VISIT_MSG.tooMany]);
    expect([one.status, one.body.error.message]).toEqual([400, VISIT_MSG.tooFew]);
    const twice = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY), mode: 'sequence', parts: [{ serviceId: manicure, professionalId: ana }, { serviceId: manicure, professionalId: eva }] });
    expect([twice.status, twice.body.error.message]).toEqual([400, VISIT_MSG.sameServiceTwice]);
    const late = await client.post('/api/booking/visits', { ...parallelVisit(MONDAY, '11:00'), mode: 'sequence', parts: [{ serviceId: manicure, professionalId: ana }, { serviceId: pedicure, professionalId: ana }] });
    expect([late.status, late.body.error.message]).toEqual([400, VISIT_MSG.visitDoesNotFit]);
    expect(await rowsOn(MONDAY)).toEqual([]);
  });
});

describe('booking a visit: all of it or nothing', () => {
  it('two clients racing for the last parallel pair: one visit, and no part of the other', async () => {
    for (const [round, date] of ['2026-01-20', '2026-01-21', '2026-01-22'].entries()) {
      const [a, b] = await Promise.all([newClient(server, `rival${round}a@example.com`, 'Rival A'), newClient(server, `rival${round}b@example.com`, 'Rival B')]);
      const answers = await Promise.all([a.post('/api/booking/visits', parallelVisit(date)), b.post('/api/booking/visits', parallelVisit(date))]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.message).toBe(MSG.slotTaken);
      const rows = await rowsOn(date);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.visitId)).size).toBe(1);
      expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
      expect(rows.map((r) => r.employeeName).sort()).toEqual(['Ana Ruiz', 'Eva Sanz']);
    }
  });

  it('a visit racing a single booking of one of its professionals: the visit whole, or the single booking alone', async () => {
    const date = '2026-01-23';
    const [a, b] = await Promise.all([newClient(server, 'visita@example.com', 'Visita'), newClient(server, 'suelta@example.com', 'Suelta')]);
    const [visit, single] = await Promise.all([a.post('/api/booking/visits', parallelVisit(date)), b.post('/api/booking', { serviceId: pedicure, professionalId: eva, date, time: '10:00' })]);
    const rows = await rowsOn(date);
    if (visit.status === 201) {
      expect(single.status).toBe(409);
      expect(rows).toHaveLength(2);
    } else {
      expect([visit.status, single.status]).toEqual([409, 201]);
      expect(rows.map((r) => [r.employeeName, r.visitId])).toEqual([['Eva Sanz', null]]);
    }
  });
});

describe('a visit counts once, and is cancelled whole', () => {
  let client: Session;
  let visitIds: string[];
  beforeAll(async () => {
    client = await newClient(server, 'lola@example.com', 'Lola');
    const res = await client.post('/api/booking/visits', parallelVisit('2026-01-26'));
    expect(res.status).toBe(201);
    visitIds = res.body.visit.parts.map((p: { appointment: { id: string } }) => p.appointment.id);
  });

  it('the cap of 2 lets one more visit in, then refuses', async () => {
    expect((await client.post('/api/booking', { serviceId: facial, professionalId: ana, date: '2026-01-27', time: '10:00' })).status).toBe(201);
    const third = await client.post('/api/booking', { serviceId: facial, professionalId: ana, date: '2026-01-28', time: '10:00' });
    expect(third.status).toBe(409);
  });

  it('Mis Citas shows both parts with the visit', async () => {
    const mine = await client.get('/api/my-appointments');
    const parts = mine.body.appointments.filter((a: { id: string }) => visitIds.includes(a.id));
    expect(parts).toHaveLength(2);
    expect(new Set(parts.map((p: { visitId: string }) => p.visitId)).size).toBe(1);
  });

  it('cancelling one part cancels both', async () => {
    const res = await client.post(`/api/my-appointments/${visitIds[1]}/cancel`, {});
    expect(res.status).toBe(200);
    const rows = await db().select({ status: appointments.status }).from(appointments).where(eq(appointments.visitId, (await db().select({ v: appointments.visitId }).from(appointments).where(eq(appointments.id, visitIds[0]!)))[0]!.v!));
    expect(rows.map((r) => r.status)).toEqual(['cancelled_by_client', 'cancelled_by_client']);
  });
});

describe('the desk handles a part on its own', () => {
  it('moves one part and cancels another; the rest of the visit stays', async () => {
    const client = await newClient(server, 'rosa@example.com', 'Rosa');
    const res = await client.post('/api/booking/visits', parallelVisit('2026-01-29'));
    expect(res.status).toBe(201);
    const [mani, pedi] = res.body.visit.parts.map((p: { appointment: { id: string } }) => p.appointment.id) as [string, string];
    const moved = await admin.post(`/api/booking/reschedule/${pedi}`, { professionalId: eva, date: '2026-01-29', time: '11:00' });
    expect(moved.status).toBe(200);
    const cancelled = await admin.patch(`/api/admin/appointments/${mani}/status`, { status: 'cancelled_by_salon' });
    expect(cancelled.status).toBe(200);
    const rows = await db().select({ id: appointments.id, status: appointments.status, start: appointments.startTime, visitId: appointments.visitId }).from(appointments).where(isNotNull(appointments.visitId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(mani)!.status).toBe('cancelled_by_salon');
    expect(byId.get(pedi)).toMatchObject({ status: 'confirmed', start: new Date('2026-01-29T10:00:00Z') });
    expect(byId.get(pedi)!.visitId).toBe(byId.get(mani)!.visitId);
  });
});

describe('bonos and payments are per part', () => {
  it("a bono for the manicure covers the manicure part only; each part is paid on its own", async () => {
    const client = await newClient(server, 'bea@example.com', 'Bea');
    // Her client record (ADR 019): made by her first booking.
    const first = await client.post('/api/booking', { serviceId: facial, professionalId: eva, date: '2026-02-02', time: '10:00' });
    expect(first.status).toBe(201);
    const [record] = await db().select({ id: clients.id }).from(clients).where(eq(clients.userId, await userIdOf(server, 'bea@example.com')));
    const type = await admin.post('/api/admin/bono-types', { name: 'Bono manicura', serviceIds: [manicure], sessions: 5, price: 90, validityMonths: 6 });
    expect(type.status).toBe(201);
    expect((await admin.post(`/api/bonos/clients/${record!.id}`, { bonoTypeId: type.body.bonoType.id, paymentMethod: 'bizum' })).status).toBe(201);

    const res = await client.post('/api/booking/visits', parallelVisit('2026-02-03'));
    expect(res.status).toBe(201);
    const parts = res.body.visit.parts as Array<{ appointment: { id: string; serviceName: string }; bono: string | null }>;
    expect(parts.map((p) => [p.appointment.serviceName, p.bono])).toEqual([['Manicura', 'covered'], ['Pedicura', null]]);

    // The visit took place (the salon marks each part done: written here, "now" is fixed before it).
    // The desk charges each part: the pedicure's 25 € on the pedicure; the manicure is the bono's.
    const [mani, pedi] = parts.map((p) => p.appointment.id) as [string, string];
    await db().update(appointments).set({ status: 'completed' }).where(inArray(appointments.id, [mani, pedi]));
    const onBono = await admin.post(`/api/payments/appointments/${mani}`, { lines: [{ method: 'efectivo', amount: 20 }] });
    expect([onBono.status, onBono.body.error.code]).toEqual([409, 'paid_with_bono']);
    const paid = await admin.post(`/api/payments/appointments/${pedi}`, { lines: [{ method: 'efectivo', amount: 25 }] });
    expect(paid.status).toBe(201);
    const rows = await db().select({ appointmentId: payments.appointmentId, amount: payments.amount }).from(payments).where(inArray(payments.appointmentId, parts.map((p) => p.appointment.id)));
    expect(rows).toEqual([{ appointmentId: pedi, amount: 25 }]);
  });
});
