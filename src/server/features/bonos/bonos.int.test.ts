import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONO_MSG, sessionAfter, type BonoSessionState, type SessionEvent } from '../../../domain/bonos';
import type { AppointmentStatus } from '../../../domain/appointment-status';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, bonos, bonoSessions, clients, salonSettings } from '../../db/schema';
import { arrangeSalon, newClient, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { attachClientRecords } from '../../accounts/client-records';
import { user } from '../../db/schema';

// Bonos (ADR 037) through the real API and database: types, sales, "Mis bonos", who may do what,
// the session reserved by the booking statements and spent or released by the trigger, and the
// races. "Now" is Wednesday 2026-01-14 11:00 in Madrid; a sale then expires 12 months later.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;
let employee: Session;
let marta: Session;
let ana: Session;
let laserType: string;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server, { interval: 30, cancellationPolicyHours: 24 });
  await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
  admin = await newClient(server, 'admin@salon.test', 'Dueña');
  await promote(server.deps, 'admin@salon.test', 'admin');
  employee = salon.luciaSession;
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  ana = await newClient(server, 'ana@example.com', 'Ana Ruiz');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

let phoneSeq = 0;
const phone = () => `6${String(20_000_000 + ++phoneSeq * 7919).padStart(8, '0')}`;
async function record(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/front-desk/clients', { name: 'Carmen Vidal', phone: phone(), ...body });
  expect(res.status).toBe(201);
  return res.body.client.id as string;
}
/** The record of an account, as her first booking would make it. */
async function recordOf(email: string) {
  const userId = await userIdOf(server, email);
  const [row] = await server.deps.db.insert(clients).values({ name: email, email, userId }).onConflictDoUpdate({ target: clients.userId, set: { userId } }).returning({ id: clients.id });
  return row!.id;
}
async function sell(clientId: string, typeId = laserType, by = employee) {
  const res = await by.post(`/api/bonos/clients/${clientId}`, { bonoTypeId: typeId, paymentMethod: 'bizum' });
  expect(res.status).toBe(201);
  return res.body.bono.id as string;
}
const bonoRow = async (id: string) => (await server.deps.db.select().from(bonos).where(eq(bonos.id, id)))[0]!;
const sessionOf = async (appointmentId: string) => (await server.deps.db.select().from(bonoSessions).where(eq(bonoSessions.appointmentId, appointmentId)))[0];
async function staffBook(clientId: string, date: string, time: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/booking/staff', { clientId, serviceId: salon.corte, professionalId: salon.lucia, date, time, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

describe('bono types (admin only)', () => {
  it('the admin creates, lists, edits and deactivates a type; bad input is a Spanish 400', async () => {
    const made = await admin.post('/api/admin/bono-types', { name: ' Bono 6 sesiones corte ', serviceIds: [salon.corte], sessions: 6, price: 120, validityMonths: 12 });
    expect(made.status).toBe(201);
    expect(made.body.bonoType).toMatchObject({ name: 'Bono 6 sesiones corte', sessions: 6, price: 120, validityMonths: 12, isActive: true, serviceIds: [salon.corte] });
    laserType = made.body.bonoType.id;
    const other = await admin.post('/api/admin/bono-types', { name: 'Bono tinte', serviceIds: [salon.tinte], sessions: 5, price: 200, validityMonths: 6 });
    const edited = await admin.put(`/api/admin/bono-types/${other.body.bonoType.id}`, { name: 'Bono 5 tintes', serviceIds: [salon.tinte, salon.corte], sessions: 5, price: 210, validityMonths: 6 });
    expect(edited.body.bonoType).toMatchObject({ name: 'Bono 5 tintes', price: 210 });
    expect(edited.body.bonoType.serviceIds).toHaveLength(2);
    const off = await admin.patch(`/api/admin/bono-types/${other.body.bonoType.id}/status`, { isActive: false });
    expect(off.body.bonoType.isActive).toBe(false);
    expect((await admin.get('/api/admin/bono-types')).body.bonoTypes).toHaveLength(2);
    // The sale form lists only the active ones.
    expect((await employee.get('/api/bonos/types')).body.bonoTypes.map((t: { name: string }) => t.name)).toEqual(['Bono 6 sesiones corte']);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', serviceIds: [salon.corte], sessions: 6, price: 1, validityMonths: 1 }, BONO_MSG.nameRequired],
      [{ name: 'X', serviceIds: [], sessions: 6, price: 1, validityMonths: 1 }, BONO_MSG.servicesRequired],
      [{ name: 'X', serviceIds: ['00000000-0000-0000-0000-000000000000'], sessions: 6, price: 1, validityMonths: 1 }, BONO_MSG.serviceUnknown],
      [{ name: 'X', serviceIds: [salon.corte], sessions: 0, price: 1, validityMonths: 1 }, BONO_MSG.sessionsRange],
      // Caught by the route's zod schema, not the domain: its Spanish text still reaches the caller.
      [{ name: 'X', serviceIds: [salon.corte], sessions: 1.5, price: 1, validityMonths: 1 }, BONO_MSG.sessionsRange],
      [{ name: 'X', serviceIds: [salon.corte], sessions: 2, price: 1, validityMonths: 'seis' }, BONO_MSG.validityRange],
      [{ name: 'X', serviceIds: [salon.corte], sessions: 2, price: -5, validityMonths: 1 }, BONO_MSG.priceRange],
      [{ name: 'X', serviceIds: [salon.corte], sessions: 2, price: 5, validityMonths: 61 }, BONO_MSG.validityRange],
    ];
    for (const [body, message] of bad) {
      const res = await admin.post('/api/admin/bono-types', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // Selling an inactive type is refused.
    const rec = await record();
    const inactive = await employee.post(`/api/bonos/clients/${rec}`, { bonoTypeId: other.body.bonoType.id, paymentMethod: 'efectivo' });
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.message).toBe(BONO_MSG.typeInactive);
  });

  it('an employee or a client cannot manage types', async () => {
    for (const s of [employee, marta]) {
      expect((await s.get('/api/admin/bono-types')).status).toBe(403);
      expect((await s.post('/api/admin/bono-types', { name: 'X', serviceIds: [salon.corte], sessions: 1, price: 1, validityMonths: 1 })).status).toBe(403);
    }
  });
});

describe('selling a bono and seeing it', () => {
  it('an employee sells to a phone-only record, to a record with an email and no account, and to an account; the price is the default amount', async () => {
    for (const rec of [await record(), await record({ email: 'sin-cuenta@example.com' }), await recordOf('marta@example.com')]) {
      const res = await employee.post(`/api/bonos/clients/${rec}`, { bonoTypeId: laserType, paymentMethod: 'bizum' });
      expect(res.status).toBe(201);
      expect(res.body.bono).toMatchObject({ name: 'Bono 6 sesiones corte', sessions: 6, used: 0, reserved: 0, remaining: 6, expiresOn: '2027-01-14', paymentMethod: 'bizum', amount: 120, soldByName: 'Lucía Martín' });
    }
    const rec = await record();
    // Another amount needs a reason (ADR 052); the admin is not bound by the staff's limit.
    const discounted = await admin.post(`/api/bonos/clients/${rec}`, { bonoTypeId: laserType, paymentMethod: 'efectivo', amount: 100, discountReason: 'Promoción del salón' });
    expect(discounted.body.bono).toMatchObject({ amount: 100, discountReason: 'Promoción del salón' });
    const bad = await admin.post(`/api/bonos/clients/${rec}`, { bonoTypeId: laserType, paymentMethod: 'bono' });
    expect(bad.status).toBe(400);
    expect((await admin.post('/api/bonos/clients/00000000-0000-0000-0000-000000000000', { bonoTypeId: laserType, paymentMethod: 'efectivo' })).status).toBe(404);
  });

  it('"Mis bonos" shows her own bonos only; a client cannot see another record\'s bonos or sell herself one', async () => {
    const mine = await marta.get('/api/my-bonos');
    expect(mine.status).toBe(200);
    expect(mine.body.bonos).toHaveLength(1);
    expect(mine.body.bonos[0]).toMatchObject({ remaining: 6, expiresOn: '2027-01-14', history: [] });
    expect(mine.body.bonos[0]).not.toHaveProperty('soldByName');
    expect((await ana.get('/api/my-bonos')).body.bonos).toEqual([]);
    const martaRecord = await recordOf('marta@example.com');
    expect((await ana.get(`/api/bonos/clients/${martaRecord}`)).status).toBe(403);
    expect((await marta.get(`/api/bonos/clients/${martaRecord}`)).status).toBe(403);
    expect((await marta.post(`/api/bonos/clients/${martaRecord}`, { bonoTypeId: laserType, paymentMethod: 'efectivo' })).status).toBe(403);
    expect((await newSession(server.url).get('/api/my-bonos')).status).toBe(401);
  });
});

describe('a record with an email and no account becomes hers when she confirms that email', () => {
  it('its bono follows, also when her own record (made by a booking) is merged into it', async () => {
    const phoneRecord = await record({ email: 'pili@example.com' });
    const id = await sell(phoneRecord);
    const pili = await newClient(server, 'pili@example.com', 'Pili Sanz');
    // Her first online booking made a record of her own before she confirmed her email.
    const own = await pili.post('/api/booking', { serviceId: salon.tinte, professionalId: salon.lucia, date: '2026-02-03', time: '09:00' });
    expect(own.status).toBe(201);
    expect((await pili.get('/api/my-bonos')).body.bonos).toEqual([]);
    const userId = await userIdOf(server, 'pili@example.com');
    await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    expect(await attachClientRecords(server.deps.db, userId)).toBe(1);
    expect((await pili.get('/api/my-bonos')).body.bonos).toMatchObject([{ id, remaining: 6 }]);
    // Her next booking of a covered service uses it.
    const next = await pili.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: '2026-02-03', time: '12:00' });
    expect((await sessionOf(next.body.appointment.id))?.bonoId).toBe(id);
  });
});

describe('extend and refund (admin only, audited)', () => {
  it('the admin extends an expiry and refunds with a reason; the employee and the client cannot', async () => {
    const rec = await record();
    const id = await sell(rec);
    const appt = await staffBook(rec, '2026-01-21', '09:00');
    expect((await sessionOf(appt))?.state).toBe('reserved');
    for (const s of [employee, marta]) {
      expect((await s.post(`/api/bonos/${id}/extend`, { expiresOn: '2027-06-30', reason: 'Lesión' })).status).toBe(403);
      expect((await s.post(`/api/bonos/${id}/refund`, { reason: 'Se muda' })).status).toBe(403);
    }
    expect((await admin.post(`/api/bonos/${id}/extend`, { expiresOn: '2027-06-30', reason: ' ' })).body.error.message).toBe(BONO_MSG.reasonRequired);
    expect((await admin.post(`/api/bonos/${id}/extend`, { expiresOn: '2026-06-30', reason: 'Antes' })).body.error.message).toBe(BONO_MSG.expiryNotLater);
    const extended = await admin.post(`/api/bonos/${id}/extend`, { expiresOn: '2027-06-30', reason: 'Lesión de tobillo' });
    expect(extended.status).toBe(200);
    expect(extended.body.bono).toMatchObject({ expiresOn: '2027-06-30', reserved: 1, remaining: 5 });
    const refunded = await admin.post(`/api/bonos/${id}/refund`, { reason: 'Se muda de ciudad' });
    expect(refunded.body.bono).toMatchObject({ refunded: true, refundReason: 'Se muda de ciudad', reserved: 0 });
    expect(refunded.body.bono.changes).toMatchObject([
      { action: 'extended', reason: 'Lesión de tobillo', changedByName: 'Dueña', before: { expiresOn: '2027-01-14' }, after: { expiresOn: '2027-06-30' } },
      { action: 'refunded', reason: 'Se muda de ciudad', changedByName: 'Dueña' },
    ]);
    // Its reserved session was given back: that visit is paid normally.
    expect((await sessionOf(appt))?.state).toBe('released');
    expect((await bonoRow(id)).sessionsHeld).toBe(0);
    expect((await admin.post(`/api/bonos/${id}/refund`, { reason: 'Otra vez' })).status).toBe(409);
  });
});

describe('sessions follow the appointment (domain/bonos.ts sessionAfter, applied by the database)', () => {
  const events: Array<[AppointmentStatus, boolean]> = [
    ['completed', true],
    ['no_show', true],
    ['no_show', false],
    ['cancelled_by_client', true],
    ['cancelled_by_salon', true],
  ];
  let slot = 0;
  it.each(events)('%s (no-show spends: %s) gives what the domain table says', async (to, noShowSpends) => {
    await server.deps.db.update(salonSettings).set({ noShowSpendsSession: noShowSpends });
    const rec = await record();
    const id = await sell(rec);
    const appt = await staffBook(rec, '2026-01-22', ['09:00', '10:00', '11:00', '12:00', '14:00'][slot++]!);
    await server.deps.db.update(appointments).set({ status: to }).where(eq(appointments.id, appt));
    const expected: BonoSessionState = sessionAfter('reserved', { kind: 'status', to } satisfies SessionEvent, noShowSpends);
    expect((await sessionOf(appt))?.state).toBe(expected);
    expect((await bonoRow(id)).sessionsHeld).toBe(expected === 'spent' ? 1 : 0);
    await server.deps.db.update(salonSettings).set({ noShowSpendsSession: true });
  });

  it('two bonos of different expiry: the booking reserves the one that expires first; the staff may choose the other or none', async () => {
    const rec = await record();
    const late = await sell(rec);
    const soon = await sell(rec);
    await server.deps.db.update(bonos).set({ expiresOn: '2026-03-31' }).where(eq(bonos.id, soon));
    expect((await sessionOf(await staffBook(rec, '2026-01-23', '09:00')))?.bonoId).toBe(soon);
    expect((await sessionOf(await staffBook(rec, '2026-01-23', '10:00', { bonoId: late })))?.bonoId).toBe(late);
    expect(await sessionOf(await staffBook(rec, '2026-01-23', '11:00', { bonoId: null }))).toBeUndefined();
    // A bono of another record is refused.
    const other = await sell(await record());
    const refused = await admin.post('/api/booking/staff', { clientId: rec, serviceId: salon.corte, professionalId: salon.lucia, date: '2026-01-23', time: '12:00', bonoId: other });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(BONO_MSG.bonoNotUsable);
    // Another service is not covered.
    const tinte = await admin.post('/api/booking/staff', { clientId: rec, serviceId: salon.tinte, professionalId: salon.lucia, date: '2026-01-26', time: '09:00' });
    expect(await sessionOf(tinte.body.appointment.id)).toBeUndefined();
  });

  it('expiry between booking and visit: a visit after the expiry takes no session; a move past the expiry releases it and takes another valid bono, or none', async () => {
    const rec = await record();
    const soon = await sell(rec);
    await server.deps.db.update(bonos).set({ expiresOn: '2026-01-27' }).where(eq(bonos.id, soon));
    expect(await sessionOf(await staffBook(rec, '2026-01-28', '09:00'))).toBeUndefined();
    const appt = await staffBook(rec, '2026-01-27', '09:00');
    expect((await sessionOf(appt))?.bonoId).toBe(soon);
    // Moved within the expiry: kept.
    expect((await admin.post(`/api/booking/reschedule/${appt}`, { professionalId: salon.lucia, date: '2026-01-27', time: '10:00' })).status).toBe(200);
    expect((await sessionOf(appt))?.state).toBe('reserved');
    // Moved past it with no other bono: released.
    expect((await admin.post(`/api/booking/reschedule/${appt}`, { professionalId: salon.lucia, date: '2026-01-29', time: '10:00' })).status).toBe(200);
    expect((await sessionOf(appt))?.state).toBe('released');
    expect((await bonoRow(soon)).sessionsHeld).toBe(0);
    // With another valid bono, a move past the first's expiry takes it.
    const appt2 = await staffBook(rec, '2026-01-27', '11:00');
    const late = await sell(rec);
    expect((await admin.post(`/api/booking/reschedule/${appt2}`, { professionalId: salon.lucia, date: '2026-01-29', time: '11:00' })).status).toBe(200);
    expect(await sessionOf(appt2)).toMatchObject({ state: 'reserved', bonoId: late });
    expect((await bonoRow(soon)).sessionsHeld).toBe(0);
    expect((await bonoRow(late)).sessionsHeld).toBe(1);
  });

  it("her cancellation within the policy gives it back; her account's deletion keeps the bono with the record anonymised", async () => {
    const rosa = await newClient(server, 'rosa@example.com', 'Rosa Pérez');
    const rec = await recordOf('rosa@example.com');
    const id = await sell(rec);
    const booked = await rosa.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: '2026-02-02', time: '09:00' });
    expect(booked.status).toBe(201);
    const appt = booked.body.appointment.id as string;
    expect((await sessionOf(appt))?.bonoId).toBe(id);
    expect((await rosa.get('/api/my-bonos')).body.bonos[0]).toMatchObject({ reserved: 1, remaining: 5, history: [{ appointmentId: appt, state: 'reserved' }] });
    expect((await rosa.post(`/api/my-appointments/${appt}/cancel`, {})).status).toBe(200);
    expect((await sessionOf(appt))?.state).toBe('released');
    // Her export lists the bono.
    const again = await rosa.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: '2026-02-02', time: '10:00' });
    const exported = await rosa.get('/api/my-account/export');
    expect(exported.body.bonos).toMatchObject([{ id, name: 'Bono 6 sesiones corte', sessions: 6 }]);
    const deleted = await rosa.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: 'secreto-1' });
    expect(deleted.status).toBe(200);
    // The bono stays with her anonymised record; the future visit was cancelled and its session given back.
    const kept = await bonoRow(id);
    expect(kept.clientId).toBe(rec);
    expect((await server.deps.db.select().from(clients).where(eq(clients.id, rec)))[0]).toMatchObject({ email: null, phone: null });
    expect((await sessionOf(again.body.appointment.id))?.state).toBe('released');
    expect(kept.sessionsHeld).toBe(0);
  });
});

describe('the Caja del día (ADR 037, 039)', () => {
  it('lists the bono sold by Bizum and the session a completed visit spent; that visit is paid, the desk takes nothing for it', async () => {
    const rec = await record();
    const id = await sell(rec);
    const appt = await staffBook(rec, '2026-02-12', '09:00');
    expect((await admin.patch(`/api/admin/appointments/${appt}/status`, { status: 'completed' })).status).toBe(200);
    // The sale and the spending are dated by the database's clock: the Caja of those days shows them.
    const soldDay = salonDateOf((await bonoRow(id)).soldAt, SALON_TIME_ZONE);
    const spentDay = salonDateOf((await sessionOf(appt))!.spentAt!, SALON_TIME_ZONE);
    const sold = await admin.get(`/api/payments/caja?date=${soldDay}`);
    expect(sold.status).toBe(200);
    expect(sold.body.bonosSold).toContainEqual(expect.objectContaining({ id, name: 'Bono 6 sesiones corte', paymentMethod: 'bizum', amount: 120 }));
    const spent = await admin.get(`/api/payments/caja?date=${spentDay}`);
    expect(spent.body.bonoSessions).toContainEqual(expect.objectContaining({ appointmentId: appt, bonoName: 'Bono 6 sesiones corte', price: 25.5 }));
    expect(spent.body.completedWithoutPayment.map((a: { id: string }) => a.id)).not.toContain(appt);
    // ADR 052: a bono's session is in the block of what was paid before, never among the money that came in.
    expect(spent.body.prepaidByMethod.find((m: { method: string }) => m.method === 'bono')).toMatchObject({ count: expect.any(Number) });
    expect(spent.body.moneyByMethod.map((m: { method: string }) => m.method)).not.toContain('bono');
    const csv = await admin.get(`/api/payments/caja/csv?date=${spentDay}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Sesión de bono');
    // The desk: nothing to collect, and a payment is refused in Spanish.
    const summary = await admin.get(`/api/payments/appointments/${appt}`);
    expect(summary.body).toMatchObject({ remaining: 0, bono: { name: 'Bono 6 sesiones corte', spent: true } });
    const pay = await admin.post(`/api/payments/appointments/${appt}`, { lines: [{ method: 'efectivo', amount: 25.5 }] });
    expect(pay.status).toBe(409);
    expect(pay.body.error).toEqual({ code: 'paid_with_bono', message: STAFF_MSG.paymentWithBono });
  });
});

describe('races', () => {
  it('20 simultaneous bookings of a client with a one-session bono: all get their appointment, exactly one reserves the session', async () => {
    const lola = await newClient(server, 'lola@example.com', 'Lola Vega');
    const rec = await recordOf('lola@example.com');
    const one = await admin.post('/api/admin/bono-types', { name: 'Bono 1 corte', serviceIds: [salon.corte], sessions: 1, price: 20, validityMonths: 3 });
    const id = await sell(rec, one.body.bonoType.id);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '14:00', '14:30'];
    const requests = ['2026-02-09', '2026-02-10'].flatMap((date) => times.map((time) => ({ serviceId: salon.corte, professionalId: salon.lucia, date, time })));
    const answers = await Promise.all(requests.map((r) => lola.post('/api/booking', r)));
    expect(answers.map((a) => a.status)).toEqual(requests.map(() => 201));
    const held = await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM bono_sessions WHERE bono_id = ${id}::uuid`);
    expect(held.rows[0]!.n).toBe(1);
    expect((await bonoRow(id)).sessionsHeld).toBe(1);
    expect((await lola.get('/api/my-bonos')).body.bonos[0]).toMatchObject({ reserved: 1, remaining: 0 });
  });

  it('completing the same appointment twice at once spends its session once', async () => {
    const rec = await record();
    const id = await sell(rec);
    const appt = await staffBook(rec, '2026-02-11', '09:00');
    const answers = await Promise.all([0, 1].map(() => admin.patch(`/api/admin/appointments/${appt}/status`, { status: 'completed' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await sessionOf(appt))?.state).toBe('spent');
    expect((await bonoRow(id)).sessionsHeld).toBe(1);
    expect((await admin.get(`/api/bonos/clients/${rec}`)).body.bonos[0]).toMatchObject({ used: 1, reserved: 0, remaining: 5 });
  });

  it('the database refuses a bono spent beyond its sessions whatever the code does', async () => {
    const rec = await record();
    const id = await sell(rec);
    await expect(server.deps.db.update(bonos).set({ sessionsHeld: 7 }).where(eq(bonos.id, id))).rejects.toThrow();
  });
});

it('a missing record is a Spanish 404', async () => {
  const res = await admin.get('/api/bonos/clients/00000000-0000-0000-0000-000000000000');
  expect(res.status).toBe(404);
  expect(res.body.error.message).toBe(STAFF_MSG.clientNotFound);
});
