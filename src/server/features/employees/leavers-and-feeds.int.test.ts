import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { clients, employees, salonSettings, user } from '../../db/schema';
import { feedTokenHash } from '../../notifications/tokens';
import { newSession, promote, signIn, signUp, type Session } from '../../../../test/support/http-client';
import { freshIp } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Leavers (an inactive employee record closes the staff routes; deactivating, or the admin's
// "Quitar acceso ahora", ends her sessions and her calendar feed), feed tokens kept hashed, and
// control characters kept out of names. docs/decisions/032-leavers-feeds-and-control-characters.md

const NOW = new Date('2026-01-14T10:00:00Z');
const PASSWORD = 'una-clave-de-plantilla-1';
let server: TestServer;
let admin: Session;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  await server.deps.db
    .insert(salonSettings)
    .values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 15, cancellationPolicyHours: 24 })
    .onConflictDoNothing();
  admin = await signUp(server.url, { email: 'jefa@bajas.test', password: PASSWORD, name: 'Jefa' }, freshIp());
  await promote(server.deps, 'jefa@bajas.test', 'admin');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The reset token of the last reset mail to `email` in this server's outbox (no SMTP here): sent after the answer. */
async function resetTokenMailedTo(email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    for (const f of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
      const text = (await readFile(path.join(outbox, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const m = text.includes(email) ? /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text) : null;
      if (m) return m[1]!;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}

type Staffer = { email: string; userId: string; recordId: string; session: Session };

/** An employee with her own account, signed in, linked to an active employee record. */
async function newStaffer(name = `Empleada ${++seq}`): Promise<Staffer> {
  const email = `empleada.${++seq}@bajas.test`;
  const session = await signUp(server.url, { email, password: PASSWORD, name }, freshIp());
  const [u] = await server.deps.db
    .update(user)
    .set({ role: 'employee', emailVerified: true })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  const [rec] = await server.deps.db
    .insert(employees)
    .values({ name, availability: defaultWeeklySchedule(), userId: u!.id, userAccountEmail: email })
    .returning({ id: employees.id });
  return { email, userId: u!.id, recordId: rec!.id, session };
}

const clientRecord = async () =>
  (
    await server.deps.db
      .insert(clients)
      .values({ name: `Cliente ${++seq}`, phone: '+34612345678', notes: 'Alergia al tinte' })
      .returning({ id: clients.id })
  )[0]!.id;
const feedUrlOf = async (s: Session) => {
  const res = await s.post('/api/messages/calendar-feed', {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url as string;
};
const sessionsOf = async (userId: string) =>
  (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM "session" WHERE user_id = ${userId}`)).rows[0]!.n;

describe('leavers', () => {
  it('a deactivated employee who still holds a session reads no client record, day view or feed', async () => {
    const rosa = await newStaffer();
    const record = await clientRecord();
    const feed = await feedUrlOf(rosa.session);
    expect((await rosa.session.get(`/api/front-desk/clients/${record}`)).status).toBe(200);
    // Deactivated behind the admin's back (as before this fix: the row only), her session stays.
    await server.deps.db.update(employees).set({ isActive: false }).where(eq(employees.id, rosa.recordId));
    const read = await rosa.session.get(`/api/front-desk/clients/${record}`);
    expect(read.status).toBe(403);
    expect(read.body.error.message).toBe(MSG.forbidden);
    expect((await rosa.session.get('/api/front-desk/day?date=2026-01-14')).status).toBe(403);
    expect((await rosa.session.get('/api/agenda?date=2026-01-14')).status).toBe(403);
    expect((await fetch(feed)).status).toBe(404);
    // She is a client now: her own things still work.
    expect((await rosa.session.get('/api/me')).body.role).toBe('client');
    expect((await rosa.session.get('/api/my-appointments')).status).toBe(200);
  });

  it('deactivating her from the back office ends her sessions and her calendar feed', async () => {
    const rosa = await newStaffer();
    const feed = await feedUrlOf(rosa.session);
    const other = await signIn(server.url, { email: rosa.email, password: PASSWORD }, freshIp());
    expect(await sessionsOf(rosa.userId)).toBe(2);
    const res = await admin.patch(`/api/admin/employees/${rosa.recordId}/status`, { isActive: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await sessionsOf(rosa.userId)).toBe(0);
    expect((await rosa.session.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    const gone = await fetch(feed);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe(STAFF_MSG.calendarFeedNotFound);
    // Signing in again she is a client: no staff route opens.
    const back = await signIn(server.url, { email: rosa.email, password: PASSWORD }, freshIp());
    expect((await back.get('/api/me')).body.role).toBe('client');
    expect((await back.get(`/api/front-desk/clients/${await clientRecord()}`)).status).toBe(403);
    expect((await back.post('/api/messages/calendar-feed', {})).status).toBe(403);
    // Reactivated, she is staff again at her next request.
    expect((await admin.patch(`/api/admin/employees/${rosa.recordId}/status`, { isActive: true })).status).toBe(200);
    expect((await back.get('/api/me')).body.role).toBe('employee');
  });

  it('deactivating an employee record linked to an admin leaves the admin signed in', async () => {
    const boss = await signUp(server.url, { email: `jefa.${++seq}@bajas.test`, password: PASSWORD, name: 'Otra jefa' }, freshIp());
    const me = (await boss.get('/api/me')).body.uid as string;
    await server.deps.db.update(user).set({ role: 'admin', emailVerified: true }).where(eq(user.id, me));
    const [rec] = await server.deps.db
      .insert(employees)
      .values({ name: 'Otra jefa', availability: defaultWeeklySchedule(), userId: me })
      .returning({ id: employees.id });
    expect((await admin.patch(`/api/admin/employees/${rec!.id}/status`, { isActive: false })).status).toBe(200);
    expect((await boss.get('/api/admin/employees')).status).toBe(200);
  });

  it('"Quitar acceso ahora" ends her sessions and feed and leaves her record active', async () => {
    const rosa = await newStaffer();
    const feed = await feedUrlOf(rosa.session);
    const res = await admin.post(`/api/admin/employees/${rosa.recordId}/revoke-access`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: rosa.recordId, sessionsEnded: 1 });
    expect((await rosa.session.get('/api/me')).status).toBe(401);
    expect((await fetch(feed)).status).toBe(404);
    const [row] = await server.deps.db.select({ isActive: employees.isActive }).from(employees).where(eq(employees.id, rosa.recordId));
    expect(row!.isActive).toBe(true);
    // Twice in a row is harmless: nothing left to end.
    expect((await admin.post(`/api/admin/employees/${rosa.recordId}/revoke-access`, {})).body).toEqual({
      id: rosa.recordId,
      sessionsEnded: 0,
    });
  });

  it('"Quitar acceso ahora" on a record without an account, or an unknown one, says so in Spanish', async () => {
    const [rec] = await server.deps.db
      .insert(employees)
      .values({ name: 'Sin cuenta', availability: defaultWeeklySchedule() })
      .returning({ id: employees.id });
    const none = await admin.post(`/api/admin/employees/${rec!.id}/revoke-access`, {});
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(STAFF_MSG.revokeAccessNoAccount);
    const unknown = await admin.post('/api/admin/employees/00000000-0000-4000-8000-000000000000/revoke-access', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(STAFF_MSG.employeeNotFound);
  });
});

describe('calendar feed tokens', () => {
  it('are stored hashed; the URL is shown once, then only that a feed exists', async () => {
    const rosa = await newStaffer();
    expect((await rosa.session.get('/api/messages/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    const url = await feedUrlOf(rosa.session);
    const token = new URL(url).searchParams.get('token')!;
    const stored = await server.deps.db.execute<{ token_hash: string }>(
      sql`SELECT token_hash FROM calendar_feeds WHERE user_id = ${rosa.userId}`,
    );
    expect(stored.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const after = (await rosa.session.get('/api/messages/calendar-feed')).body;
    expect(after).toEqual({ active: true, createdAt: expect.any(String) });
    expect(JSON.stringify(after)).not.toContain(token);
    expect((await fetch(url)).status).toBe(200);
    // What the table holds is no key to the feed.
    expect((await fetch(`${server.url}/api/messages/calendar.ics?token=${stored.rows[0]!.token_hash}`)).status).toBe(404);
  });

  it('migration 0010 hashes a token made before exactly as the server checks it (old URLs keep working)', async () => {
    // The migration's own statements, run on a copy of the old table shape.
    const file = readFileSync(new URL('../../db/migrations/0010_feed_token_hash.sql', import.meta.url), 'utf8');
    await server.deps.db.execute(sql.raw(`CREATE TABLE "calendar_feeds_probe" ("user_id" text PRIMARY KEY, "token" text NOT NULL UNIQUE)`));
    const old = 'k3JcR0kq0WJ3Zr6nq0b7m3m5v2Jc8xYt1tqVv0cQ2aE';
    await server.deps.db.execute(sql`INSERT INTO calendar_feeds_probe VALUES ('u1', ${old})`);
    for (const statement of file.split('--> statement-breakpoint')) {
      await server.deps.db.execute(sql.raw(statement.replaceAll('calendar_feeds', 'calendar_feeds_probe')));
    }
    const rows = await server.deps.db.execute<{ token_hash: string }>(sql`SELECT token_hash FROM calendar_feeds_probe`);
    expect(rows.rows).toEqual([{ token_hash: feedTokenHash(old) }]);
  });

  it('a password reset revokes the feed', async () => {
    const rosa = await newStaffer();
    const url = await feedUrlOf(rosa.session);
    expect(
      (
        await newSession(server.url, freshIp()).post('/api/auth/request-password-reset', {
          email: rosa.email,
          redirectTo: '/reset-password',
        })
      ).status,
    ).toBe(200);
    // The database keeps only a hash of the token (ADR 051): the token is the mail's.
    const token = await resetTokenMailedTo(rosa.email);
    const reset = await newSession(server.url, freshIp()).post('/api/auth/reset-password', {
      newPassword: 'otra-clave-de-plantilla-2',
      token,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });

  it('the feed name cannot carry extra lines, even one stored before names were checked', async () => {
    const rosa = await newStaffer();
    const url = await feedUrlOf(rosa.session);
    await server.deps.db.update(user).set({ name: 'Rosa\r\nX-INJECTED:empleada;a,b\\' }).where(eq(user.id, rosa.userId));
    await server.deps.db.update(salonSettings).set({ name: 'Auna\nX-SALON:1' });
    try {
      const text = await (await fetch(url)).text();
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n'); // unfolded (RFC 5545 §3.1)
      expect(lines.filter((l) => /^X-(INJECTED|SALON)/.test(l))).toEqual([]);
      expect(lines).toContain('X-WR-CALNAME:Auna\\nX-SALON:1: citas de Rosa\\nX-INJECTED:empleada\\;a\\,b\\\\');
      expect(lines).toContain('NAME:Auna\\nX-SALON:1: citas de Rosa\\nX-INJECTED:empleada\\;a\\,b\\\\');
    } finally {
      await server.deps.db.update(salonSettings).set({ name: 'Auna' });
    }
  });
});

describe('control characters in names', () => {
  const EVIL = 'Rosa\r\nBcc: todos@ejemplo.com';
  const refused = (res: { status: number; body: { error?: { message?: string } } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error?.message).toBe(STAFF_MSG.textControlCharacters);
  };

  it('are refused in a service, an employee and the salon settings', async () => {
    refused(await admin.post('/api/admin/services', { name: EVIL, description: '', duration: 30, price: 10, category: '' }));
    refused(
      await admin.post('/api/admin/services', { name: 'Corte', description: '', duration: 30, price: 10, category: 'Pelo\u001b[2J' }),
    );
    refused(await admin.post('/api/admin/employees', { name: EVIL, servicesOffered: [], userId: null }));
    refused(await admin.post('/api/admin/employees', { name: 'Rosa', phoneNumber: '600\n000', servicesOffered: [], userId: null }));
    const settings = {
      name: 'Auna',
      address: '',
      phoneNumber: '',
      appointmentTimeSlotInterval: 15,
      cancellationPolicyHours: 24,
      openingHours: defaultWeeklySchedule(),
    };
    refused(await admin.put('/api/admin/settings', { ...settings, name: 'Auna\r\nX: 1' }));
    refused(await admin.put('/api/admin/settings', { ...settings, address: 'Calle Mayor\t1' }));
    // A description is a multi-line text: line breaks stay allowed.
    expect(
      (
        await admin.post('/api/admin/services', {
          name: 'Corte',
          description: 'Lavado\nCorte\r\nPeinado',
          duration: 30,
          price: 10,
          category: '',
        })
      ).status,
    ).toBe(201);
  });

  it('are refused in a client record, whose notes keep their line breaks', async () => {
    const rosa = await newStaffer();
    for (const s of [rosa.session, admin]) {
      refused(await s.post('/api/front-desk/clients', { name: EVIL, phone: '612 34 56 78', email: null, notes: '' }));
      refused(await s.post('/api/front-desk/clients', { name: 'Ana', phone: '612 34 56 78', email: null, notes: 'Alergia\u0007' }));
      const ok = await s.post('/api/front-desk/clients', {
        name: 'Ana',
        phone: '612 34 56 78',
        email: null,
        notes: 'Alergia al tinte\nPrefiere mañanas',
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      refused(
        await s.put(`/api/front-desk/clients/${ok.body.client.id}`, { name: 'Ana\nB', phone: '612 34 56 78', email: null, notes: '' }),
      );
    }
  });

  it('are refused in the name of a new account and of a profile, JSON or form-encoded', async () => {
    const anon = newSession(server.url, freshIp());
    refused(await anon.post('/api/auth/sign-up/email', { email: `nueva.${++seq}@bajas.test`, password: PASSWORD, name: EVIL }));
    const form = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(server.url).origin, ...freshIp().headers },
      body: new URLSearchParams({ email: `nueva.${++seq}@bajas.test`, password: PASSWORD, name: EVIL }).toString(),
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    const n = await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM "user" WHERE name LIKE ${'%Bcc%'}`);
    expect(n.rows[0]!.n).toBe(0);
    const marta = await signUp(server.url, { email: `marta.${++seq}@bajas.test`, password: PASSWORD, name: 'Marta' }, freshIp());
    refused(await marta.post('/api/auth/update-user', { name: 'Marta\u0085' }));
    expect((await marta.post('/api/auth/update-user', { name: 'Marta López' })).status).toBe(200);
  });
});
