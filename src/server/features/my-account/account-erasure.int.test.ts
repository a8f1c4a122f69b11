import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { clients, giftCards, payments, rateLimit, session, user } from '../../db/schema';
import { PASSWORD, person } from '../../../../test/support/admin-support';
import { arrangeSalon, nextIp, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { newSession, signIn, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';

// Account deletion and the data export (RGPD art. 15, 17 and 20; ADR 026 and 033): erasure leaves
// nothing in the database or the logs that names the person, touches no one else's counters,
// needs the password or a fresh sign-in; the export holds everything the salon keeps about her.

// "Now" is Wednesday 2026-01-14 11:00 in Madrid.
const NOW = new Date('2026-01-14T10:00:00Z');
const MONDAY = '2026-01-19';
let server: TestServer;
let mail: MailCatcher;
let salon: Salon;
const logLines: string[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url }, logLines });
  salon = await arrangeSalon(server, { interval: 30 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

/** Backdates every session of the account: its sign-in is no longer recent. */
async function signedInLongAgo(email: string) {
  const id = await userIdOf(server, email);
  await server.deps.db
    .update(session)
    .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
    .where(eq(session.userId, id));
}

/** Every text, varchar and json column of every table (ours and the message queue's) holding `needle`. */
async function columnsHolding(needle: string): Promise<string[]> {
  const cols = await server.deps.db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
    SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'character')`);
  expect(cols.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const c of cols.rows) {
    const q = `SELECT count(*)::int AS n FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text ILIKE '%' || $1 || '%'`;
    const { rows } = await server.deps.db.$client.query<{ n: number }>(q, [needle]);
    if (rows[0]!.n > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

async function book(s: Session, time: string) {
  const res = await s.post('/api/booking', {
    serviceId: salon.corte,
    professionalId: salon.lucia,
    date: MONDAY,
    time,
    notes: 'Piel sensible.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

describe('deleting an account', () => {
  it('clears its own sign-in counters and not those of an email that contains it', async () => {
    const a = await person(server, 'a@gmail.test', 'client', 'Amparo Corta');
    await person(server, 'xa@gmail.test', 'client', 'Xavier Largo');
    // Two failed sign-ins on each account.
    for (const email of ['a@gmail.test', 'xa@gmail.test']) {
      for (let i = 0; i < 2; i++) {
        const res = await newSession(server.url, nextIp()).post('/api/auth/sign-in/email', { email, password: 'no-es-la-clave-1' });
        expect(res.status).toBe(401);
      }
    }
    const xaKeysBefore = (await server.deps.db.select({ key: rateLimit.key }).from(rateLimit)).filter((r) =>
      r.key.includes('xa@gmail.test'),
    );
    expect(xaKeysBefore.length).toBeGreaterThan(0);

    expect((await a.post('/api/my-account/delete', { confirm: 'ELIMINAR' })).status).toBe(200);

    const keys = (await server.deps.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key);
    expect(keys.filter((k) => k.includes('xa@gmail.test')).sort()).toEqual(xaKeysBefore.map((r) => r.key).sort());
    expect(keys.filter((k) => k.split(':').includes('a@gmail.test'))).toEqual([]);
  });

  it('a stolen session cannot guess the password: after 5 wrong ones even the right one waits', async () => {
    const s = await person(server, 'adivina.borrar@example.com', 'client', 'Ada Adivina');
    await signedInLongAgo('adivina.borrar@example.com');
    for (let i = 0; i < 5; i++) expect((await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: `mala-clave-${i}` })).status).toBe(403);
    const sixth = await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(MSG.tooManyRequests);
    expect((await s.get('/api/me')).status).toBe(200);
  });

  it('needs the password, or a sign-in in the last five minutes', async () => {
    const s = await person(server, 'clave.borrar@example.com', 'client', 'Clara Clave');
    await signedInLongAgo('clave.borrar@example.com');
    for (const body of [{ confirm: 'ELIMINAR' }, { confirm: 'ELIMINAR', password: 'otra-clave-9' }]) {
      const res = await s.post('/api/my-account/delete', body);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'reauthenticate', message: ACCOUNT_MSG.accountDeleteReauth });
    }
    // Form-encoded bodies are refused like any non-JSON body, without a 500.
    const form = await s.post('/api/my-account/delete', 'confirm=ELIMINAR', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect((await s.get('/api/me')).status).toBe(200);

    // Her password is enough.
    expect((await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: PASSWORD })).status).toBe(200);
  });

  it('a sign-in in the last five minutes is enough on its own', async () => {
    await person(server, 'reciente.borrar@example.com', 'client', 'Rebeca Reciente');
    await signedInLongAgo('reciente.borrar@example.com');
    const fresh = await signIn(server.url, { email: 'reciente.borrar@example.com', password: PASSWORD }, nextIp());
    expect((await fresh.post('/api/my-account/delete', { confirm: 'ELIMINAR' })).status).toBe(200);
  });

  it('a Google-only account (no password) needs a recent sign-in', async () => {
    const s = await person(server, 'solo.google@example.com', 'client', 'Gala Google');
    const id = await userIdOf(server, 'solo.google@example.com');
    await server.deps.db.execute(
      sql`UPDATE account SET provider_id = 'google', account_id = 'g-1234', password = NULL WHERE user_id = ${id}`,
    );
    await signedInLongAgo('solo.google@example.com');
    const res = await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(ACCOUNT_MSG.accountDeleteReauth);
    await server.deps.db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, id));
    expect((await s.post('/api/my-account/delete', { confirm: 'ELIMINAR' })).status).toBe(200);
  });

  it('leaves no table and no log line holding her email or name', async () => {
    const EMAIL = 'ximena.olvido@example.com';
    const NAME = 'Ximena Olvidadiza';
    const s = await person(server, EMAIL, 'client', NAME);
    await server.deps.db.execute(sql`UPDATE "user" SET email_verified = true WHERE email = ${EMAIL}`);
    // Her mobile and channel (ADR 057) go with her too.
    expect((await s.put('/api/my-account/contact', { phone: '699 88 77 66', messageChannel: 'email' })).status).toBe(200);
    const id = await book(s, '10:00');
    const ids = [id, await book(s, '12:00')];
    // She moves one herself (the audit names who moved it), and the staff add her phone.
    const moved = await s.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: MONDAY, time: '15:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await mail.waitFor(EMAIL, { match: (m) => m.headers['x-auna-message-key']?.startsWith('confirmation:client:') ?? false });
    await expect.poll(async () => (await columnsHolding(EMAIL)).includes('public.sent_messages.sent_to'), { timeout: 10_000 }).toBe(true);
    // ADR 038, 039: a gift card the desk sold her (linked to her record) and a payment of an appointment of hers.
    const [record] = await server.deps.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, await userIdOf(server, EMAIL)));
    await server.deps.db.insert(giftCards).values({
      codeHash: 'f'.repeat(64),
      codeLast4: 'XP2H',
      amount: 40,
      saleAmount: 40,
      balance: 30,
      buyerName: NAME,
      recipientName: NAME,
      buyerClientId: record!.id,
      recipientClientId: record!.id,
      lastDay: '2026-12-31',
      saleMethod: 'efectivo',
      soldByName: 'Lucía Martín',
    });
    await server.deps.db.insert(payments).values({ appointmentId: ids[1]!, method: 'efectivo', amount: 10, discountReason: 'Señal', recordedByName: 'Lucía Martín' });

    const res = await s.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
    expect(res.status).toBe(200);
    // The cancellations the deletion queued are handled (her copy finds no address any more).
    const handled = sql`SELECT count(*)::int AS n FROM sent_messages WHERE key LIKE 'cancellation:%' AND appointment_id IN (${sql.join(
      ids.map((x) => sql`${x}::uuid`),
      sql`, `,
    )})`;
    await expect.poll(async () => (await server.deps.db.execute<{ n: number }>(handled)).rows[0]!.n, { timeout: 10_000 }).toBe(4);

    expect(await columnsHolding(EMAIL)).toEqual([]);
    expect(await columnsHolding(NAME)).toEqual([]);
    expect(await columnsHolding('ximena.olvido')).toEqual([]);
    expect(await columnsHolding('699887766')).toEqual([]);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((l) => l.includes('ximena') || l.includes('Ximena'))).toEqual([]);
    // The salon's books still count her appointments.
    const kept = await server.deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM appointments WHERE client_name = ${MSG.deletedClientName}`,
    );
    expect(kept.rows[0]!.n).toBeGreaterThanOrEqual(2);
    // The money records stay, without her name.
    expect(await server.deps.db.select({ amount: payments.amount }).from(payments).where(eq(payments.appointmentId, ids[1]!))).toEqual([{ amount: 10 }]);
    expect(await server.deps.db.select({ b: giftCards.buyerName, r: giftCards.recipientName, balance: giftCards.balance }).from(giftCards).where(eq(giftCards.codeLast4, 'XP2H'))).toEqual([
      { b: MSG.deletedClientName, r: MSG.deletedClientName, balance: 30 },
    ]);
    expect(await server.deps.db.select().from(user).where(eq(user.email, EMAIL))).toEqual([]);
  });
});

describe('downloading my data', () => {
  it('holds her client record, reminder choice, messages sent, the audit of her appointments and her sessions without tokens', async () => {
    const EMAIL = 'paula.datos@example.com';
    const s = await person(server, EMAIL, 'client', 'Paula Datos');
    const uid = await userIdOf(server, EMAIL);
    const id = await book(s, '11:00');
    await server.deps.db.execute(sql`UPDATE clients SET phone = '+34612345678' WHERE user_id = ${uid}`);
    expect((await s.put('/api/messages/preferences', { reminders: false })).status).toBeLessThan(300);
    const moved = await s.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: MONDAY, time: '16:00' });
    expect(moved.status).toBe(200);
    // Her confirmation and the move's message are two jobs the queue's two workers may run in
    // either order: the export is read once the confirmation it must hold was sent.
    await expect
      .poll(async () => {
        const sent = await server.deps.db.execute(sql`SELECT 1 FROM sent_messages WHERE appointment_id = ${id} AND sent_to = ${EMAIL} AND kind = 'confirmation'`);
        return sent.rows.length;
      }, { timeout: 10_000 })
      .toBeGreaterThan(0);

    const [record] = await server.deps.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, uid));
    await server.deps.db.insert(giftCards).values({
      codeHash: 'e'.repeat(64),
      codeLast4: 'K7MR',
      amount: 50,
      saleAmount: 50,
      balance: 50,
      buyerName: 'Su madre',
      recipientName: 'Paula Datos',
      recipientClientId: record!.id,
      lastDay: '2026-12-31',
      saleMethod: 'tarjeta',
      soldByName: 'Lucía Martín',
    });
    await server.deps.db.insert(payments).values({ appointmentId: id, method: 'bizum', amount: 20, recordedByName: 'Lucía Martín' });

    const res = await s.get('/api/my-account/export');
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual([expect.objectContaining({ appointmentId: id, method: 'bizum', amount: 20 })]);
    expect(res.body.giftCards).toEqual([
      expect.objectContaining({ amount: 50, balance: 50, buyerName: 'Su madre', recipientName: 'Paula Datos', boughtByHer: false, receivedByHer: true }),
    ]);
    expect(res.body.clientRecord).toMatchObject({ name: 'Paula Datos', phone: '+34612345678', email: EMAIL });
    expect(res.body.clientRecord).not.toHaveProperty('notes');
    expect(res.body.messagePreferences).toEqual({ reminders: false });
    expect(res.body.messagesSent).toContainEqual(
      expect.objectContaining({ appointmentId: id, kind: 'confirmation', sentTo: EMAIL, outcome: 'sent' }),
    );
    expect(res.body.appointmentChanges).toContainEqual(
      expect.objectContaining({ appointmentId: id, action: 'rescheduled', changedByName: 'Paula Datos' }),
    );
    expect(res.body.sessions.length).toBeGreaterThan(0);
    expect(res.body.sessions[0]).toHaveProperty('createdAt');
    const tokens = (
      await server.deps.db.select({ token: session.token, id: session.id }).from(session).where(eq(session.userId, uid))
    ).flatMap((r) => [r.token, r.id]);
    for (const t of tokens) expect(JSON.stringify(res.body)).not.toContain(t);
  });
});
