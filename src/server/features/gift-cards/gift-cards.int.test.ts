import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_ALPHABET } from '../../../domain/gift-cards';
import { MONEY_MSG } from '../../../domain/money';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { clients, giftCards, rateLimit } from '../../db/schema';
import { arrangeWorld, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Gift cards through the real API (ADR 038): selling for an amount or a service, the code's shape,
// look-ups (404 for any wrong code, rate limited), the card's page, and who may do any of it.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'regalo');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const sell = (body: Record<string, unknown>, who: 'admin' | 'employee' = 'employee') =>
  w.sessions[who].post('/api/gift-cards', { buyerName: 'Carmen Ruiz', saleMethod: 'efectivo', ...body });

describe('/api/gift-cards', () => {
  it('sells a card for an amount: its code once, twelve months of validity, who sold it', async () => {
    const res = await sell({ amount: 50, recipientName: 'Lola Ruiz' });
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(new RegExp(`^[${GIFT_CARD_ALPHABET}]{4}-[${GIFT_CARD_ALPHABET}]{4}-[${GIFT_CARD_ALPHABET}]{2}$`));
    expect(res.body.giftCard).toMatchObject({
      amount: 50,
      balance: 50,
      buyerName: 'Carmen Ruiz',
      recipientName: 'Lola Ruiz',
      lastDay: '2027-01-13',
      saleMethod: 'efectivo',
      soldByName: 'Lucía Martín',
      status: 'activa',
      serviceName: null,
      codeLast4: res.body.code.replace(/-/g, '').slice(-4),
    });
    // The database holds no code: only its keyed hash and the last four symbols.
    const [row] = await server.deps.db.select().from(giftCards).where(eq(giftCards.id, res.body.giftCard.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(res.body.code.replace(/-/g, ''));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Never in a list or a page.
    const list = await w.sessions.admin.get('/api/gift-cards');
    expect(JSON.stringify(list.body)).not.toContain(res.body.code.replace(/-/g, ''));
    expect(list.body.giftCards[0]).toMatchObject({ id: res.body.giftCard.id });
  });

  it('sells a card for a service at its price, naming it', async () => {
    const res = await sell({ serviceId: w.serviceId, saleMethod: 'bizum' }, 'admin');
    expect(res.status).toBe(201);
    expect(res.body.giftCard).toMatchObject({ amount: 25.5, balance: 25.5, serviceName: 'Corte y peinado', saleMethod: 'bizum' });
  });

  it('links the buyer and the recipient to their client records when the desk picks them', async () => {
    const [record] = await server.deps.db.insert(clients).values({ name: 'Lola Ruiz', phone: '+34612345678' }).returning({ id: clients.id });
    const res = await sell({ amount: 15, recipientName: 'Lola Ruiz', recipientClientId: record!.id, buyerClientId: null });
    expect(res.status).toBe(201);
    const [row] = await server.deps.db.select({ r: giftCards.recipientClientId, b: giftCards.buyerClientId }).from(giftCards).where(eq(giftCards.id, res.body.giftCard.id));
    expect(row).toEqual({ r: record!.id, b: null });
  });

  it('codes are random: 40 sales, 40 different codes over the whole alphabet', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) codes.add((await sell({ amount: 10 })).body.code);
    expect(codes.size).toBe(40);
    const symbols = new Set([...codes].join('').replace(/-/g, ''));
    expect(symbols.size).toBeGreaterThan(25);
    for (const ch of '01OIL') expect(symbols.has(ch)).toBe(false);
  });

  it('refuses bad sales in Spanish, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 0 }, STAFF_MSG.giftCardAmountInvalid],
      [{ amount: 1000.5 }, STAFF_MSG.giftCardAmountInvalid],
      [{ amount: 10.001 }, MONEY_MSG.fractionOfCent],
      [{}, STAFF_MSG.giftCardKindInvalid],
      [{ amount: 10, serviceId: w.serviceId }, STAFF_MSG.giftCardKindInvalid],
      [{ serviceId: '00000000-0000-4000-8000-000000000000' }, STAFF_MSG.giftCardServiceNotFound],
      [{ amount: 10, buyerName: '   ' }, STAFF_MSG.giftCardBuyerRequired],
      [{ amount: 10, buyerName: 'Ana\nLópez' }, STAFF_MSG.textControlCharacters],
      [{ amount: 10, saleMethod: 'tarjeta_regalo' }, STAFF_MSG.saleMethodInvalid],
      [{ amount: 10, saleMethod: 'bono' }, STAFF_MSG.saleMethodInvalid],
      [{ amount: 10, buyerClientId: '00000000-0000-4000-8000-000000000000' }, STAFF_MSG.clientNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await sell(body);
      expect([res.status, res.body.error?.message], JSON.stringify(body)).toEqual([400, message]);
    }
  });

  it('looks a card up by its code, in any case and grouping; any wrong code is the same 404', async () => {
    const sold = await sell({ amount: 30 });
    const code: string = sold.body.code;
    const found = await w.sessions.employee.post('/api/gift-cards/lookup', { code: code.toLowerCase().replace(/-/g, ' ') });
    expect(found.status).toBe(200);
    expect(found.body.giftCard).toMatchObject({ id: sold.body.giftCard.id, balance: 30 });
    // One symbol changed, too short, outside the alphabet: indistinguishable answers.
    const last = code.at(-1) === 'Z' ? 'Y' : 'Z';
    const answers = await Promise.all(
      [code.slice(0, -1) + last, code.slice(0, -2), code.slice(0, -1) + '0', 'x'].map((c) => w.sessions.employee.post('/api/gift-cards/lookup', { code: c })),
    );
    for (const a of answers) expect([a.status, a.body]).toEqual([404, { error: { code: 'not_found', message: STAFF_MSG.giftCardNotFound } }]);
  });

  it('limits look-ups per staff member: the 61st code in 15 minutes is refused', async () => {
    await server.deps.db.delete(rateLimit);
    const tries = [];
    for (let i = 0; i < 60; i++) tries.push((await w.sessions.otherEmployee.post('/api/gift-cards/lookup', { code: 'AAAA-AAAA-AA' })).status);
    expect(new Set(tries)).toEqual(new Set([404]));
    const over = await w.sessions.otherEmployee.post('/api/gift-cards/lookup', { code: 'AAAA-AAAA-AA' });
    expect([over.status, over.body.error.message]).toEqual([429, STAFF_MSG.giftCardLookupTooFast]);
    // Another staff member is not held back by her.
    expect((await w.sessions.admin.post('/api/gift-cards/lookup', { code: 'AAAA-AAAA-AA' })).status).toBe(404);
  });

  it('its page: the card and its (empty) history; an unknown id is a 404', async () => {
    const sold = await sell({ amount: 20 });
    const page = await w.sessions.employee.get(`/api/gift-cards/${sold.body.giftCard.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ giftCard: { id: sold.body.giftCard.id, balance: 20 }, redemptions: [] });
    expect((await w.sessions.employee.get('/api/gift-cards/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await w.sessions.employee.get('/api/gift-cards/nope')).status).toBe(404);
  });

  it('no client reaches any of it', async () => {
    for (const who of ['client', 'anonymous'] as const) {
      const s = w.sessions[who];
      const want = who === 'client' ? 403 : 401;
      expect((await s.get('/api/gift-cards')).status).toBe(want);
      expect((await s.post('/api/gift-cards', { amount: 10, buyerName: 'Yo', saleMethod: 'efectivo' })).status).toBe(want);
      expect((await s.post('/api/gift-cards/lookup', { code: 'AAAA-AAAA-AA' })).status).toBe(want);
    }
  });
});
