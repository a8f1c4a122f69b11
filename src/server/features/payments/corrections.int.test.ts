import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { giftCards, paymentCorrections } from '../../db/schema';
import { arrangeWorld, setStaffDiscountLimit, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The admin voids or corrects a payment line, with a reason, audited (who, when, before, after,
// why), and the visit is collectable again (ADR 054). Before, a visit settled at 0,01 € with the
// reason "x" could never be paid in full: every later payment was a 409 `already_settled`, and no
// route changed a line. "Now" is Wednesday 2026-01-14 11:00 in Madrid; the service costs 25,50 €.

const NOW = new Date('2026-01-14T10:00:00Z');
const TODAY = '2026-01-14';
let server: TestServer;
let w: World;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'anular');
  // The owner lets her staff discount whatever it takes (ADR 052): these visits are settled low on purpose.
  await setStaffDiscountLimit(server, 100);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const done = () =>
  w.appointment({
    client: 'client',
    employee: 'employee',
    start: new Date(NOW.getTime() - 40 * 60_000 - ++seq * 31 * 60_000),
    status: 'completed',
  });
const pay = (id: string, body: Record<string, unknown>, who: 'employee' | 'admin' = 'employee') =>
  w.sessions[who].post(`/api/payments/appointments/${id}`, body);
/** The appointment's line paid with `method` (lines of one payment share their time: picked by method, not by order). */
const lineOf = async (id: string, method?: string) =>
  ((await w.sessions.admin.get(`/api/payments/appointments/${id}`)).body.payments as { id: string; method: string }[]).find(
    (l) => !method || l.method === method,
  )!.id;
const admin = () => w.sessions.admin;

describe('voiding a line', () => {
  it('a visit settled at 0,01 € by a slip of the finger is collectable again once the admin voids the line, and then paid in full', async () => {
    const id = await done();
    expect((await pay(id, { lines: [{ method: 'efectivo', amount: 0.01 }], discountReason: 'Cliente habitual' })).status).toBe(201);
    const stuck = await pay(id, { lines: [{ method: 'efectivo', amount: 25.49 }] });
    expect([stuck.status, stuck.body.error.code]).toEqual([409, 'already_settled']);

    const line = await lineOf(id);
    const noReason = await admin().post(`/api/payments/lines/${line}/void`, { reason: ' ' });
    expect([noReason.status, noReason.body.error.message]).toEqual([400, CASH_CLOSE_MSG.reasonRequired]);
    const voided = await admin().post(`/api/payments/lines/${line}/void`, { reason: 'Importe mal tecleado' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      paid: 0,
      discounted: false,
      remaining: 25.5,
      payments: [
        {
          id: line,
          amount: 0.01,
          voidedAt: NOW.toISOString(),
          voidKind: 'void',
          voidReason: 'Importe mal tecleado',
          voidedByName: 'Administración',
        },
      ],
    });
    const [audit] = await server.deps.db.select().from(paymentCorrections).where(eq(paymentCorrections.paymentId, line));
    expect(audit).toMatchObject({
      kind: 'void',
      byUserId: w.uid.admin,
      byName: 'Administración',
      before: { method: 'efectivo', amount: 0.01, discountReason: 'Cliente habitual' },
      after: null,
    });

    const paid = await pay(id, { lines: [{ method: 'efectivo', amount: 25.5 }] });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ paid: 25.5, remaining: 0 });
    const twice = await admin().post(`/api/payments/lines/${line}/void`, { reason: 'Importe mal tecleado' });
    expect([twice.status, twice.body.error.message]).toEqual([409, CASH_CLOSE_MSG.lineAlreadyVoided]);
  });

  it('a gift card line gives its amount back to the card, and leaves the card’s history', async () => {
    const { code, giftCard } = (await admin().post('/api/gift-cards', { amount: 20, buyerName: 'Carmen Ruiz', saleMethod: 'tarjeta' }))
      .body;
    const id = await done();
    await pay(id, { lines: [{ method: 'tarjeta_regalo', amount: 20, giftCardCode: code }], discountReason: 'Resto otro día' });
    expect((await admin().post(`/api/payments/lines/${await lineOf(id)}/void`, { reason: 'Era otra tarjeta' })).status).toBe(200);
    const [card] = await server.deps.db.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.id, giftCard.id));
    expect(card!.balance).toBe(20);
    expect((await admin().get(`/api/gift-cards/${giftCard.id}`)).body.redemptions).toEqual([]);
  });

  it('two admins voiding one line at once: one does, the other is told it is done', async () => {
    const id = await done();
    await pay(id, { lines: [{ method: 'bizum', amount: 25.5 }] });
    const line = await lineOf(id);
    const answers = await Promise.all([1, 2, 3].map(() => admin().post(`/api/payments/lines/${line}/void`, { reason: 'Cobro duplicado' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await server.deps.db.select().from(paymentCorrections).where(eq(paymentCorrections.paymentId, line))).toHaveLength(1);
  });
});

describe('correcting a line', () => {
  it('keeps the line, adds the corrected one at the time the money was taken, and moves the Caja’s figures', async () => {
    const id = await done();
    await pay(id, { lines: [{ method: 'tarjeta', amount: 25.5 }] });
    const before = (await admin().get(`/api/payments/caja?date=${TODAY}`)).body;
    const line = await lineOf(id);
    const res = await admin().post(`/api/payments/lines/${line}/correct`, {
      method: 'efectivo',
      amount: 25.5,
      reason: 'Pagó en efectivo, no con tarjeta',
    });
    expect(res.status).toBe(200);
    expect(res.body.paid).toBe(25.5);
    // Both lines at the time the money was taken (their order between them is not kept).
    expect(res.body.payments).toHaveLength(2);
    expect(res.body.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: line, method: 'tarjeta', voidKind: 'correction', voidReason: 'Pagó en efectivo, no con tarjeta' }),
        expect.objectContaining({
          method: 'efectivo',
          amount: 25.5,
          voidedAt: null,
          recordedByName: 'Administración',
          createdAt: NOW.toISOString(),
        }),
      ]),
    );
    const [audit] = await server.deps.db.select().from(paymentCorrections).where(eq(paymentCorrections.paymentId, line));
    expect(audit).toMatchObject({
      kind: 'correction',
      before: { method: 'tarjeta', amount: 25.5 },
      after: { method: 'efectivo', amount: 25.5, discountReason: '' },
    });
    const after = (await admin().get(`/api/payments/caja?date=${TODAY}`)).body;
    const total = (d: { moneyByMethod: { method: string; total: number }[] }, m: string) => d.moneyByMethod.find((x) => x.method === m)?.total ?? 0;
    expect(total(after, 'tarjeta')).toBe(total(before, 'tarjeta') - 25.5);
    expect(total(after, 'efectivo')).toBe(total(before, 'efectivo') + 25.5);
    expect(after.moneyIn).toBe(before.moneyIn);
  });

  it('a lower amount leaves the rest to collect (without a reason), or keeps the discount’s reason', async () => {
    const id = await done();
    await pay(id, { lines: [{ method: 'efectivo', amount: 25.5 }] });
    const res = await admin().post(`/api/payments/lines/${await lineOf(id)}/correct`, {
      method: 'efectivo',
      amount: 20,
      reason: 'Se cobró de más',
    });
    expect(res.body).toMatchObject({ paid: 20, remaining: 5.5, discounted: false });
    const other = await done();
    await pay(other, { lines: [{ method: 'efectivo', amount: 10 }], discountReason: 'Clienta habitual' });
    const kept = await admin().post(`/api/payments/lines/${await lineOf(other)}/correct`, {
      method: 'bizum',
      amount: 12,
      reason: 'Fueron 12 por Bizum',
    });
    expect(kept.body).toMatchObject({ paid: 12, remaining: 0, discounted: true });
  });

  it('is refused above the price, when it changes nothing, on a gift card line, and to anyone but the admin', async () => {
    const id = await done();
    await pay(id, {
      lines: [
        { method: 'efectivo', amount: 20 },
        { method: 'tarjeta', amount: 5.5 },
      ],
    });
    const line = await lineOf(id, 'efectivo');
    const above = await admin().post(`/api/payments/lines/${line}/correct`, {
      method: 'efectivo',
      amount: 21,
      reason: 'Prueba por encima',
    });
    expect([above.status, above.body.error.message]).toEqual([
      400,
      'El cobro supera el precio de la cita: quedan 20,00 € por cobrar. Auna no registra propinas.',
    ]);
    const same = await admin().post(`/api/payments/lines/${line}/correct`, { method: 'efectivo', amount: 20, reason: 'Nada que cambiar' });
    expect([same.status, same.body.error.message]).toEqual([400, CASH_CLOSE_MSG.correctionNoChange]);
    const cents = await admin().post(`/api/payments/lines/${line}/correct`, {
      method: 'efectivo',
      amount: 19.999,
      reason: 'Fracción de céntimo',
    });
    expect([cents.status, cents.body.error.message]).toEqual([400, STAFF_MSG.paymentAmountInvalid]);
    // A float so small it rounds to 0,00 €: it was a 500 (found by the hostile sweep).
    const tiny = await admin().post(`/api/payments/lines/${line}/correct`, {
      method: 'bizum',
      amount: 1.3206971677874157e-71,
      reason: 'Casi nada',
    });
    expect([tiny.status, tiny.body.error.message]).toEqual([400, STAFF_MSG.paymentAmountInvalid]);
    const toCard = await admin().post(`/api/payments/lines/${line}/correct`, {
      method: 'tarjeta_regalo',
      amount: 20,
      reason: 'Con tarjeta regalo',
    });
    expect([toCard.status, toCard.body.error.message]).toEqual([400, CASH_CLOSE_MSG.correctionMethodInvalid]);
    for (const who of ['employee', 'otherEmployee', 'client', 'formerEmployee'] as const) {
      expect(
        (await w.sessions[who].post(`/api/payments/lines/${line}/correct`, { method: 'bizum', amount: 20, reason: 'Fue por Bizum' }))
          .status,
      ).toBe(403);
      expect((await w.sessions[who].post(`/api/payments/lines/${line}/void`, { reason: 'Fue por Bizum' })).status).toBe(403);
    }
    expect((await w.sessions.anonymous.post(`/api/payments/lines/${line}/void`, { reason: 'Fue por Bizum' })).status).toBe(401);
    const unknown = await admin().post('/api/payments/lines/00000000-0000-4000-8000-000000000000/void', { reason: 'No existe esta' });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, CASH_CLOSE_MSG.lineNotFound]);
    expect(await server.deps.db.select().from(paymentCorrections).where(eq(paymentCorrections.paymentId, line))).toEqual([]);

    const { code } = (await admin().post('/api/gift-cards', { amount: 10, buyerName: 'Carmen Ruiz', saleMethod: 'tarjeta' })).body;
    const withCard = await done();
    await pay(withCard, { lines: [{ method: 'tarjeta_regalo', amount: 10, giftCardCode: code }], discountReason: 'Resto otro día' });
    const card = await admin().post(`/api/payments/lines/${await lineOf(withCard)}/correct`, {
      method: 'efectivo',
      amount: 10,
      reason: 'Pagó en efectivo',
    });
    expect([card.status, card.body.error.message]).toEqual([409, CASH_CLOSE_MSG.correctionGiftCard]);
  });
});

describe('on a closed day', () => {
  it('the void shows in the close of that day, in the Caja and in its CSV; the completed visit is unpaid again', async () => {
    const date = '2026-01-12';
    const id = await w.appointment({ client: 'client', employee: 'employee', start: new Date(`${date}T09:00:00Z`), status: 'completed' });
    await server.deps.db
      .execute(sql`INSERT INTO payments (appointment_id, method, amount, discount_reason, recorded_by_user_id, recorded_by_name, created_at)
      VALUES (${id}::uuid, 'efectivo', 0.01, 'x', ${w.uid.employee}, 'Lucía Martín', '2026-01-12T11:00:00Z')`);
    await admin().post(`/api/cash-close/days/${date}/open`, { openingFloat: 100 });
    expect((await admin().post(`/api/cash-close/days/${date}/close`, { counted: 100.01, expected: 100.01 })).status).toBe(201);

    const voided = await admin().post(`/api/payments/lines/${await lineOf(id)}/void`, { reason: 'Importe mal tecleado' });
    expect(voided.status).toBe(200);
    const close = (await admin().get(`/api/cash-close/days/${date}`)).body;
    expect(close.close).toMatchObject({
      expected: 100.01,
      changes: [
        {
          kind: 'anulacion',
          byName: 'Administración',
          amount: 0.01,
          method: 'efectivo',
          reason: 'Importe mal tecleado',
          cashEffect: -0.01,
          at: NOW.toISOString(),
        },
      ],
    });
    expect(close.figures.expected).toBe(100);

    const caja = (await admin().get(`/api/payments/caja?date=${date}`)).body;
    expect(caja.payments).toMatchObject([{ amount: 0.01, voidKind: 'void', voidReason: 'Importe mal tecleado' }]);
    expect(caja.moneyIn).toBe(0);
    expect(caja.completedWithoutPayment).toMatchObject([{ id }]);
    const csv = String((await admin().get(`/api/payments/caja/csv?date=${date}`)).body);
    expect(csv).toContain('12/01/2026;12:00;Cobro;Corte y peinado;Marta García;Lucía Martín;Efectivo;0,01;x;Lucía Martín;Entrada de dinero\r\n');
    expect(csv).toContain(
      '14/01/2026;11:00;Anulación de cobro;Corte y peinado;Marta García;Lucía Martín;Efectivo;-0,01;Importe mal tecleado;Administración;Entrada de dinero\r\n',
    );
  });
});
