import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONO_MSG } from '../../../domain/bonos';
import { DISCOUNT_MSG, discountOverLimit } from '../../../domain/discounts';
import { MONEY_MSG } from '../../../domain/money';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { bonos, bonoSessions, salonSettings } from '../../db/schema';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { arrangeWorld, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Money that adds up to the cent (ADR 052, 053), through the real API: a bono and a gift card for a
// service sold at their price or with a real reason within the owner's staff limit, a payment's
// discount under the same rule, no fraction of a cent in any money field, the employee record's
// name on every money record, a bono sold at the desk covering the visits she already booked, and
// a booking that lost her bono's last session told so. "Now" is Wednesday 2026-01-14 11:00 in Madrid.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let mail: MailCatcher;
let w: World;
let bono390: string;
let oneSession: string;
let seq = 0;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  w = await arrangeWorld(server, 'dinero');
  const made = await w.sessions.admin.post('/api/admin/bono-types', { name: 'Bono 10 láser', serviceIds: [w.serviceId], sessions: 10, price: 390, validityMonths: 12 });
  bono390 = made.body.bonoType.id;
  const one = await w.sessions.admin.post('/api/admin/bono-types', { name: 'Bono una sesión', serviceIds: [w.serviceId], sessions: 1, price: 25, validityMonths: 12 });
  oneSession = one.body.bonoType.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

/** A completed visit of Marta with Lucía before now, each at its own time (30-minute service). */
const done = () => w.appointment({ client: 'client', employee: 'employee', start: new Date(NOW.getTime() - 45 * 60_000 - ++seq * 31 * 60_000), status: 'completed' });
const setLimit = (percent: number) => server.deps.db.update(salonSettings).set({ staffDiscountMaxPercent: percent });
async function phoneRecord(extra: Record<string, unknown> = {}) {
  const res = await w.sessions.admin.post('/api/front-desk/clients', { name: `Rosario Díaz ${++seq}`, phone: `6${String(31_000_000 + seq * 7919).padStart(8, '0')}`, ...extra });
  expect(res.status).toBe(201);
  return res.body.client.id as string;
}
const sell = (clientId: string, body: Record<string, unknown>, who: keyof World['sessions'] = 'employee') =>
  w.sessions[who].post(`/api/bonos/clients/${clientId}`, { bonoTypeId: bono390, paymentMethod: 'efectivo', ...body });
const bonosOf = async (clientId: string) => server.deps.db.select().from(bonos).where(eq(bonos.clientId, clientId));
/** The desk books her a visit of the covered service, on Lucía's agenda. */
async function deskBook(clientId: string, date: string, time: string, extra: Record<string, unknown> = {}) {
  const res = await w.sessions.admin.post('/api/booking/staff', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, date, time, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { appointment: { id: string }; bono: string | null; bonoNote: string | null };
}

describe('a bono is sold at its price; another amount needs a real reason and, for staff, the owner’s limit', () => {
  it('an employee cannot sell a 390 € bono for 0 €, with or without a reason ("x" is none); the admin can, with a real one', async () => {
    await setLimit(0);
    const rec = await phoneRecord();
    expect([(await sell(rec, { amount: 0 })).body.error.message]).toEqual([DISCOUNT_MSG.reasonRequired]);
    expect((await sell(rec, { amount: 0, discountReason: 'x' })).body.error.message).toBe(DISCOUNT_MSG.reasonNotReal);
    const staffTry = await sell(rec, { amount: 0, discountReason: 'Cliente habitual' });
    expect([staffTry.status, staffTry.body.error.message]).toEqual([400, discountOverLimit(0)]);
    expect(await bonosOf(rec)).toHaveLength(0);
    const admin = await sell(rec, { amount: 0, discountReason: 'Invitación de la casa' }, 'admin');
    expect(admin.status).toBe(201);
    expect(admin.body.bono).toMatchObject({ price: 390, amount: 0, discountReason: 'Invitación de la casa' });
    // The price itself needs no reason.
    expect((await sell(rec, {})).status).toBe(201);
  });

  it('within the owner’s limit the staff may discount, a cent more is refused; above the price only the admin', async () => {
    await setLimit(10);
    const rec = await phoneRecord();
    expect((await sell(rec, { amount: 351, discountReason: 'Promoción del salón' })).status).toBe(201);
    const over = await sell(rec, { amount: 350.99, discountReason: 'Promoción del salón' });
    expect([over.status, over.body.error.message]).toEqual([400, discountOverLimit(10)]);
    expect((await sell(rec, { amount: 400, discountReason: 'Precio del año pasado' })).body.error.message).toBe(DISCOUNT_MSG.overPrice);
    expect((await sell(rec, { amount: 400, discountReason: 'Precio del año pasado' }, 'admin')).status).toBe(201);
    await setLimit(0);
  });

  it('a leaver and a client cannot sell at all', async () => {
    const rec = await phoneRecord();
    expect((await sell(rec, {}, 'formerEmployee')).status).toBe(403);
    expect((await sell(rec, {}, 'client')).status).toBe(403);
    expect((await w.sessions.formerEmployee.get('/api/settings/discounts')).status).toBe(403);
    expect((await w.sessions.client.get('/api/settings/discounts')).status).toBe(403);
    expect((await w.sessions.employee.get('/api/settings/discounts')).body).toMatchObject({ staffDiscountMaxPercent: 0, unlimited: false });
    expect((await w.sessions.admin.get('/api/settings/discounts')).body).toMatchObject({ unlimited: true });
  });

  it('a gift card for a service follows the same rule, and the Caja counts what the buyer paid', async () => {
    await setLimit(0);
    const body = { serviceId: w.serviceId, buyerName: 'Carmen Ruiz', saleMethod: 'efectivo' };
    const staffTry = await w.sessions.employee.post('/api/gift-cards', { ...body, saleAmount: 0.01, discountReason: 'x' });
    expect([staffTry.status, staffTry.body.error.message]).toEqual([400, DISCOUNT_MSG.reasonNotReal]);
    expect((await w.sessions.employee.post('/api/gift-cards', { ...body, saleAmount: 20, discountReason: 'Cliente habitual' })).body.error.message).toBe(discountOverLimit(0));
    const sold = await w.sessions.admin.post('/api/gift-cards', { ...body, saleAmount: 20, discountReason: 'Cliente habitual' });
    expect(sold.status).toBe(201);
    expect(sold.body.giftCard).toMatchObject({ amount: 25.5, balance: 25.5, saleAmount: 20, discountReason: 'Cliente habitual' });
    const caja = await w.sessions.admin.get('/api/payments/caja?date=2026-01-14');
    expect(caja.body.giftCardsSold).toContainEqual(expect.objectContaining({ id: sold.body.giftCard.id, amount: 20, discountReason: 'Cliente habitual' }));
  });
});

describe('a payment’s discount: the owner’s reason or a real text, and the same limit', () => {
  it('a visit settled at 0,01 € with the reason "x" is refused; staff beyond the limit are refused with a real reason; the admin may', async () => {
    await setLimit(0);
    const id = await done();
    const x = await w.sessions.employee.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 0.01 }], discountReason: 'x' });
    expect([x.status, x.body.error.message]).toEqual([400, DISCOUNT_MSG.reasonNotReal]);
    const real = await w.sessions.employee.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 0.01 }], discountReason: 'Cliente habitual' });
    expect([real.status, real.body.error.message]).toEqual([400, discountOverLimit(0)]);
    // Nothing was recorded: the visit is still collectable.
    expect((await w.sessions.employee.get(`/api/payments/appointments/${id}`)).body).toMatchObject({ paid: 0, remaining: 25.5, payments: [] });
    // Repeated at once, the same answer each time, and still nothing recorded.
    const again = await Promise.all([1, 2, 3].map(() => w.sessions.employee.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 0.01 }], discountReason: 'x' })));
    expect(again.map((r) => r.status)).toEqual([400, 400, 400]);
    const adminX = await w.sessions.admin.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 0.01 }], discountReason: 'x' });
    expect(adminX.body.error.message).toBe(DISCOUNT_MSG.reasonNotReal);
    const admin = await w.sessions.admin.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 20 }], discountReason: 'Compensación por una incidencia' });
    expect(admin.status).toBe(201);
  });

  it('with a 25 % limit the employee takes 5,50 € off a 25,50 € visit with one of the owner’s reasons', async () => {
    await setLimit(25);
    const id = await done();
    const ok = await w.sessions.employee.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'bizum', amount: 20 }], discountReason: 'Cliente habitual' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ paid: 20, discounted: true, remaining: 0 });
    await setLimit(0);
  });
});

describe('no money field takes a fraction of a cent', () => {
  it('bono types, bono sales, payments, gift cards and service prices refuse it in Spanish; nothing is written', async () => {
    const rec = await phoneRecord();
    const admin = w.sessions.admin;
    const answers = [
      await admin.post('/api/admin/bono-types', { name: 'Bono raro', serviceIds: [w.serviceId], sessions: 5, price: 10.005, validityMonths: 6 }),
      await admin.put(`/api/admin/bono-types/${bono390}`, { name: 'Bono 10 láser', serviceIds: [w.serviceId], sessions: 10, price: 389.999, validityMonths: 12 }),
      await sell(rec, { amount: 0.004, discountReason: 'Invitación de la casa' }, 'admin'),
      await sell(rec, { amount: 99999.995, discountReason: 'Precio especial de feria' }, 'admin'),
      await admin.post(`/api/payments/appointments/${await w.appointment({ client: 'client', employee: 'employee', start: new Date(NOW.getTime() - 30 * 60_000), status: 'completed' })}`, { lines: [{ method: 'efectivo', amount: 25.499 }], discountReason: 'Cliente habitual' }),
      await admin.post('/api/gift-cards', { amount: 10.001, buyerName: 'Carmen Ruiz', saleMethod: 'efectivo' }),
      await admin.post('/api/gift-cards', { serviceId: w.serviceId, saleAmount: 20.005, discountReason: 'Cliente habitual', buyerName: 'Carmen Ruiz', saleMethod: 'efectivo' }),
      await admin.post('/api/admin/services', { name: 'Manicura', duration: 30, price: 15.001 }),
    ];
    expect(answers.map((r) => [r.status, r.body.error?.message])).toEqual(answers.map(() => [400, MONEY_MSG.fractionOfCent]));
    expect(await bonosOf(rec)).toHaveLength(0);
  });
});

describe('money records name the employee record, never a display name she chose', () => {
  it('she cannot rename herself after another staff member; renamed otherwise, her sales and payments still read her record’s name', async () => {
    for (const name of ['Administración', 'sara molina', 'ROSA VIDAL']) {
      const res = await w.sessions.employee.post('/api/auth/update-user', { name });
      expect([res.status, res.body.error?.message], name).toEqual([400, STAFF_MSG.staffNameTaken]);
    }
    // A client's name is hers to choose, even one that is a staff member's.
    expect((await w.sessions.client.post('/api/auth/update-user', { name: 'Lucía Martín' })).status).toBe(200);
    expect((await w.sessions.client.post('/api/auth/update-user', { name: 'Marta García' })).status).toBe(200);
    expect((await w.sessions.employee.post('/api/auth/update-user', { name: 'Lucía, la jefa' })).status).toBe(200);

    const rec = await phoneRecord();
    expect((await sell(rec, {})).body.bono.soldByName).toBe('Lucía Martín');
    const card = await w.sessions.employee.post('/api/gift-cards', { amount: 30, buyerName: 'Carmen Ruiz', saleMethod: 'tarjeta' });
    expect(card.body.giftCard.soldByName).toBe('Lucía Martín');
    const id = await done();
    const paid = await w.sessions.employee.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 25.5 }] });
    expect(paid.body.payments[0].recordedByName).toBe('Lucía Martín');
    const csv = String((await w.sessions.admin.get('/api/payments/caja/csv?date=2026-01-14')).body);
    expect(csv).toContain('Lucía Martín');
    expect(csv).not.toContain('la jefa');
    await w.sessions.employee.post('/api/auth/update-user', { name: 'Lucía Martín' });
  });
});

describe('a bono sold at the desk covers the visits she already booked (ADR 053)', () => {
  const kinds = {
    'an account': async () => {
      // Her record is made by her first booking (the trigger), as in the salon.
      await w.appointment({ client: 'otherClient', employee: 'otherEmployee', start: new Date('2026-01-09T10:00:00Z'), status: 'completed' });
      const day = await w.sessions.admin.get('/api/front-desk/clients?q=Elena');
      return day.body.clients.find((c: { name: string }) => c.name === 'Elena Torres').id as string;
    },
    'a phone-only record': () => phoneRecord(),
    'an email-only record': () => phoneRecord({ email: `sin.cuenta.${seq}@example.com` }),
  };
  it.each(Object.keys(kinds))('%s: the sale offers her booked facial, and the desk’s tick makes it paid with the bono', async (kind) => {
    const rec = await kinds[kind as keyof typeof kinds]();
    const booked = await deskBook(rec, '2026-01-21', `${10 + Object.keys(kinds).indexOf(kind)}:00`, { bonoId: null });
    const offered = await w.sessions.employee.get(`/api/bonos/clients/${rec}/visits?bonoTypeId=${bono390}`);
    expect(offered.status).toBe(200);
    expect(offered.body.visits.map((v: { id: string }) => v.id)).toEqual([booked.appointment.id]);
    const sold = await sell(rec, { appointmentIds: [booked.appointment.id] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.bono).toMatchObject({ reserved: 1, remaining: 9, history: [expect.objectContaining({ appointmentId: booked.appointment.id, state: 'reserved' })] });
    // The desk sees it paid with the bono, and nothing is offered any more.
    const day = await w.sessions.admin.get('/api/front-desk/day?date=2026-01-21');
    expect(day.body.appointments.find((a: { id: string }) => a.id === booked.appointment.id)).toMatchObject({ bono: 'covered' });
    expect((await w.sessions.employee.get(`/api/bonos/clients/${rec}/visits?bonoTypeId=${bono390}`)).body.visits).toEqual([]);
  });

  it('a visit that is not hers, cancelled or already covered refuses the whole sale; two desks attaching one visit at once: one bono, one session', async () => {
    const rec = await phoneRecord();
    const other = await phoneRecord();
    const hers = await deskBook(rec, '2026-01-22', '10:00');
    const notHers = await deskBook(other, '2026-01-22', '11:00');
    const refused = await sell(rec, { appointmentIds: [hers.appointment.id, notHers.appointment.id] });
    expect([refused.status, refused.body.error.message]).toEqual([409, BONO_MSG.attachRefused]);
    expect(await bonosOf(rec)).toHaveLength(0);
    const tooMany = await w.sessions.employee.post(`/api/bonos/clients/${rec}`, { bonoTypeId: oneSession, paymentMethod: 'efectivo', appointmentIds: [hers.appointment.id, (await deskBook(rec, '2026-01-22', '12:00')).appointment.id] });
    expect([tooMany.status, tooMany.body.error.message]).toEqual([409, BONO_MSG.attachTooMany(1)]);

    const both = await Promise.all([sell(rec, { appointmentIds: [hers.appointment.id] }), sell(rec, { appointmentIds: [hers.appointment.id] }, 'admin')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await bonosOf(rec)).toHaveLength(1);
    expect(await server.deps.db.select().from(bonoSessions).where(eq(bonoSessions.appointmentId, hers.appointment.id))).toHaveLength(1);
    expect((await sell(rec, { appointmentIds: [hers.appointment.id] })).status).toBe(409);
    expect((await sell(rec, { appointmentIds: ['no-es-un-id'] })).status).toBe(404);
  });
});

describe('a booking that loses her bono’s last session is told so (ADR 053)', () => {
  it('her own booking and the desk’s at once: one uses the bono, the other is booked, says it is not covered, and so do her email and the day view', async () => {
    const recOfMarta = (await w.sessions.admin.get('/api/front-desk/clients?q=Marta')).body.clients.find((c: { name: string }) => c.name === 'Marta García').id as string;
    expect((await w.sessions.employee.post(`/api/bonos/clients/${recOfMarta}`, { bonoTypeId: oneSession, paymentMethod: 'bizum' })).status).toBe(201);
    const [own, desk] = await Promise.all([
      w.sessions.client.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: '2026-01-23', time: '10:00' }),
      w.sessions.admin.post('/api/booking/staff', { clientId: recOfMarta, serviceId: w.serviceId, professionalId: w.otherEmployeeRecord, date: '2026-01-23', time: '12:00' }),
    ]);
    expect([own.status, desk.status]).toEqual([201, 201]);
    expect([own.body.bono, desk.body.bono].sort()).toEqual(['covered', 'not_covered']);
    const loser = own.body.bono === 'not_covered' ? own : desk;
    expect(loser.body.bonoNote).toBe(loser === own ? BONO_MSG.notCovered : BONO_MSG.notCoveredDesk);
    const day = await w.sessions.admin.get('/api/front-desk/day?date=2026-01-23');
    expect(day.body.appointments.find((a: { id: string }) => a.id === loser.body.appointment.id)).toMatchObject({ bono: 'not_covered' });
    const confirmation = await mail.waitFor(w.email.client, { match: (m) => m.headers['x-auna-message-key']?.startsWith(`confirmation:client:${loser.body.appointment.id}`) ?? false });
    expect(confirmation.text).toContain(BONO_MSG.notCovered);
    const winner = loser === own ? desk : own;
    const covered = await mail.waitFor(w.email.client, { match: (m) => m.headers['x-auna-message-key']?.startsWith(`confirmation:client:${winner.body.appointment.id}`) ?? false });
    expect(covered.text).not.toContain(BONO_MSG.notCovered);
    // A booking without any bono of hers (a leaver books as a client) says nothing of bonos.
    const plain = await w.sessions.formerEmployee.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: '2026-01-23', time: '15:00' });
    expect([plain.status, plain.body.bono, plain.body.bonoNote]).toEqual([201, null, null]);
  });
});
