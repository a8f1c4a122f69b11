import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { giftCards, payments } from '../../db/schema';
import { arrangeWorld, setStaffDiscountLimit, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Payments (cobros) and the Caja del día through the real API (ADR 039): the lines' rules, the gift
// card redeemed in the payment's transaction (never below zero, even from two tabs at once), who
// may record on which appointment, and the day's totals and CSV. "Now" is Wednesday 2026-01-14
// 11:00 in Madrid; the world's service costs 25,50 €.

const NOW = new Date('2026-01-14T10:00:00Z');
const TODAY = '2026-01-14';
let server: TestServer;
let w: World;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'cobros');
  // The staff may take up to 25 % off here (ADR 052; 0 by default, see payment-discounts.int.test.ts).
  await setStaffDiscountLimit(server, 25);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A completed appointment of Lucía ("employee") before now, each at its own time (30-minute service). */
const done = (employee: 'employee' | 'otherEmployee' = 'employee', status = 'completed') =>
  w.appointment({ client: 'client', employee, start: new Date(NOW.getTime() - 40 * 60_000 - ++seq * 31 * 60_000), status });
const pay = (id: string, body: Record<string, unknown>, who: 'employee' | 'otherEmployee' | 'admin' = 'employee') =>
  w.sessions[who].post(`/api/payments/appointments/${id}`, body);
const cardOf = async (amount: number) => (await w.sessions.admin.post('/api/gift-cards', { amount, buyerName: 'Carmen Ruiz', saleMethod: 'tarjeta' })).body as { code: string; giftCard: { id: string } };

describe('/api/payments/appointments/:id', () => {
  it('records the whole price in cash, audited with who and when', async () => {
    const id = await done();
    const res = await pay(id, { lines: [{ method: 'efectivo', amount: 25.5 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ paid: 25.5, remaining: 0, payments: [{ method: 'efectivo', amount: 25.5, recordedByName: 'Lucía Martín', createdAt: NOW.toISOString() }] });
    const again = await pay(id, { lines: [{ method: 'efectivo', amount: 1 }] });
    expect([again.status, again.body.error.message]).toEqual([400, 'El cobro supera el precio de la cita: quedan 0,00 € por cobrar. Auna no registra propinas.']);
  });

  it('part card, part cash in one go: the card is redeemed in the same transaction', async () => {
    const id = await done();
    const card = await cardOf(20);
    const res = await pay(id, { lines: [{ method: 'tarjeta_regalo', amount: 20, giftCardCode: card.code }, { method: 'efectivo', amount: 5.5 }] });
    expect(res.status).toBe(201);
    expect(res.body.payments.map((p: { method: string; giftCardLast4: string | null }) => [p.method, p.giftCardLast4]).sort()).toEqual([
      ['efectivo', null],
      ['tarjeta_regalo', card.code.replace(/-/g, '').slice(-4)],
    ]);
    const page = await w.sessions.employee.get(`/api/gift-cards/${card.giftCard.id}`);
    expect(page.body.giftCard).toMatchObject({ balance: 0, status: 'gastada' });
    expect(page.body.redemptions).toMatchObject([{ amount: 20, serviceName: 'Corte y peinado', clientName: 'Marta García', recordedByName: 'Lucía Martín' }]);
    // Used up: refused in Spanish.
    const next = await pay(await done(), { lines: [{ method: 'tarjeta_regalo', amount: 5, giftCardCode: card.code }], discountReason: 'Resto pendiente' });
    expect([next.status, next.body.error.message]).toEqual([409, STAFF_MSG.giftCardUsedUp]);
  });

  it('a card redeemed from two desk tabs at once never goes below zero: one pays, the other is a 409', async () => {
    const card = await cardOf(30);
    const [a, b] = [await done(), await done('employee')];
    const body = { lines: [{ method: 'tarjeta_regalo', amount: 20, giftCardCode: card.code }], discountReason: 'Resto en otra visita' };
    const answers = await Promise.all([pay(a, body, 'admin'), pay(b, body, 'employee')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error.message).toBe('La tarjeta regalo solo tiene 10,00 € de saldo. Cobra esa cantidad con ella y el resto con otro método.');
    const [row] = await server.deps.db.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.id, card.giftCard.id));
    expect(row!.balance).toBe(10);
    expect(await server.deps.db.select().from(payments).where(eq(payments.giftCardId, card.giftCard.id))).toHaveLength(1);
  });

  it('the database refuses a balance below zero whatever the code does', async () => {
    const card = await cardOf(5);
    await expect(server.deps.db.update(giftCards).set({ balance: -1 }).where(eq(giftCards.id, card.giftCard.id))).rejects.toThrow();
  });

  it('an expired card is refused, with its last day', async () => {
    const card = await cardOf(40);
    await server.deps.db.update(giftCards).set({ lastDay: '2026-01-13' }).where(eq(giftCards.id, card.giftCard.id));
    const res = await pay(await done(), { lines: [{ method: 'tarjeta_regalo', amount: 25.5, giftCardCode: card.code }] });
    expect([res.status, res.body.error.message]).toEqual([409, 'Esta tarjeta regalo caducó el 13/01/2026: ya no se puede usar.']);
    const [row] = await server.deps.db.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.id, card.giftCard.id));
    expect(row!.balance).toBe(40);
  });

  it('a wrong code is the same 404 as a look-up, and nothing is recorded', async () => {
    const id = await done();
    const res = await pay(id, { lines: [{ method: 'efectivo', amount: 5.5 }, { method: 'tarjeta_regalo', amount: 20, giftCardCode: 'AAAA-AAAA-AA' }] });
    expect([res.status, res.body.error.message]).toEqual([404, STAFF_MSG.giftCardNotFound]);
    expect((await w.sessions.employee.get(`/api/payments/appointments/${id}`)).body).toMatchObject({ paid: 0, remaining: 25.5, payments: [] });
  });

  it('below the price needs a reason, kept with the lines', async () => {
    const id = await done();
    const bare = await pay(id, { lines: [{ method: 'bizum', amount: 20 }] });
    expect([bare.status, bare.body.error.message]).toEqual([400, STAFF_MSG.paymentDiscountReasonRequired]);
    const ok = await pay(id, { lines: [{ method: 'bizum', amount: 20 }], discountReason: 'Primera visita' });
    expect(ok.status).toBe(201);
    expect(ok.body.payments[0]).toMatchObject({ method: 'bizum', discountReason: 'Primera visita' });
    // The discount settles it: nothing left to collect.
    expect(ok.body).toMatchObject({ paid: 20, discounted: true, remaining: 0 });
    const more = await pay(id, { lines: [{ method: 'efectivo', amount: 5.5 }] });
    expect([more.status, more.body.error.message]).toEqual([409, STAFF_MSG.paymentAlreadySettled]);
  });

  it('refuses bad lines in Spanish, never a 500', async () => {
    const id = await done();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lines: [] }, STAFF_MSG.paymentLinesInvalid],
      [{ lines: [{ method: 'bono', amount: 25.5 }] }, STAFF_MSG.paymentMethodInvalid],
      [{ lines: [{ method: 'cheque', amount: 25.5 }] }, STAFF_MSG.paymentMethodInvalid],
      [{ lines: [{ method: 'efectivo', amount: -3 }] }, STAFF_MSG.paymentAmountInvalid],
      [{ lines: [{ method: 'efectivo', amount: '25' }] }, STAFF_MSG.paymentAmountInvalid],
      [{ lines: [{ method: 'tarjeta_regalo', amount: 10 }], discountReason: 'x' }, STAFF_MSG.paymentGiftCardCodeRequired],
      [{ lines: [{ method: 'efectivo', amount: 25.5 }], discountReason: 'x'.repeat(401) }, STAFF_MSG.paymentDiscountReasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await pay(id, body);
      expect([res.status, res.body.error?.message], JSON.stringify(body)).toEqual([400, message]);
    }
  });

  it('only appointments done or under way: not a future, cancelled or missed one', async () => {
    const future = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-20T10:00:00Z') });
    const cancelled = await done('employee', 'cancelled_by_client');
    const noShow = await done('employee', 'no_show');
    for (const id of [future, cancelled, noShow]) {
      const res = await pay(id, { lines: [{ method: 'efectivo', amount: 25.5 }] });
      expect([res.status, res.body.error.message]).toEqual([409, STAFF_MSG.paymentNotPayable]);
    }
    const started = await done('employee', 'confirmed');
    expect((await pay(started, { lines: [{ method: 'efectivo', amount: 25.5 }] })).status).toBe(201);
  });

  it('an employee records only on her own appointments (another one is a 404); the admin on any', async () => {
    const saras = await done('otherEmployee');
    const res = await pay(saras, { lines: [{ method: 'efectivo', amount: 25.5 }] }, 'employee');
    expect([res.status, res.body.error.message]).toEqual([404, STAFF_MSG.appointmentNotFound]);
    expect((await w.sessions.employee.get(`/api/payments/appointments/${saras}`)).status).toBe(404);
    expect((await pay(saras, { lines: [{ method: 'tarjeta', amount: 25.5 }] }, 'admin')).status).toBe(201);
  });

  it('no client reaches it', async () => {
    const id = await done();
    expect((await w.sessions.client.get(`/api/payments/appointments/${id}`)).status).toBe(403);
    expect((await w.sessions.client.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 25.5 }] })).status).toBe(403);
    expect((await w.sessions.client.get(`/api/payments/caja?date=${TODAY}`)).status).toBe(403);
  });
});

describe('/api/payments/caja', () => {
  it("totals the day's payments and gift card sales by method and professional; lists completed appointments without payment", async () => {
    // 10:00 in Madrid today, Sara's: completed, nothing paid.
    const unpaid = await w.appointment({ client: 'client', employee: 'otherEmployee', start: new Date('2026-01-14T09:00:00Z'), status: 'completed' });
    const res = await w.sessions.admin.get(`/api/payments/caja?date=${TODAY}`);
    expect(res.status).toBe(200);
    const methods = Object.fromEntries(res.body.moneyByMethod.map((m: { method: string; total: number }) => [m.method, m.total]));
    expect(methods).toMatchObject({ efectivo: 25.5 + 5.5 + 25.5, bizum: 20 });
    // ADR 052: what a gift card paid is in its own block, not a way money came in.
    expect(methods).not.toHaveProperty('tarjeta_regalo');
    expect(res.body.prepaidByMethod).toEqual([{ method: 'tarjeta_regalo', total: 40, count: 2 }]);
    expect(res.body.prepaid).toBe(40);
    // Sales: every card the tests sold with 'tarjeta' (20 + 30 + 5 + 40 €).
    expect(methods.tarjeta).toBe(25.5 + 95);
    expect(res.body.byProfessional.map((p: { professional: string }) => p.professional)).toEqual(['Lucía Martín', 'Sara Molina']);
    expect(res.body.giftCardsSold).toHaveLength(4);
    expect(res.body.completedWithoutPayment.map((a: { id: string }) => a.id)).toContain(unpaid);
    expect(res.body.moneyIn).toBe(25.5 + 5.5 + 25.5 + 20 + 25.5 + 95);
    expect((await w.sessions.employee.get(`/api/payments/caja?date=${TODAY}`)).status).toBe(403);
    expect((await w.sessions.admin.get('/api/payments/caja?date=2026-02-30')).status).toBe(400);
  });

  it('exports the CSV Spanish Excel opens: BOM, semicolons, decimal comma', async () => {
    const res = await w.sessions.admin.get(`/api/payments/caja/csv?date=${TODAY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="caja-${TODAY}.csv"`);
    // fetch's text() drops a BOM: read the bytes.
    const raw = await fetch(`${server.url}/api/payments/caja/csv?date=${TODAY}`, { headers: { cookie: [...w.sessions.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFFecha;Hora;Tipo;Concepto;Cliente;Profesional;Método;Importe (€);Motivo;Registrado por;Bloque\r\n')).toBe(true);
    expect(text).toContain('14/01/2026;11:00;Cobro;Corte y peinado;Marta García;Lucía Martín;Bizum;20,00;Primera visita;Lucía Martín;Entrada de dinero\r\n');
    expect(text).toMatch(/14\/01\/2026;11:00;Venta de tarjeta regalo;Tarjeta regalo ••••-••\w\w-\w\w;Carmen Ruiz;;Tarjeta;20,00;;Administración;Entrada de dinero\r\n/);
    expect((await w.sessions.employee.get(`/api/payments/caja/csv?date=${TODAY}`)).status).toBe(403);
  });
});
