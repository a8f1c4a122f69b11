import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIdentifier } from '../../auth/verification-identifier';
import { user, verification } from '../../db/schema';
import { newSession, signIn, signUp } from '../../../../test/support/http-client';
import { firstLink, startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Password-reset tokens are stored hashed (ADR 051, better-auth's verification.storeIdentifier
// 'hashed'): a copy of the database, a backup or a read-only SQL account cannot reset anyone's
// password. The token of a real reset mail is searched for in every text column of every table.

let server: TestServer;
let mail: MailCatcher;
let ipSeq = 0;
const from = () => ({ headers: { 'x-forwarded-for': `10.61.0.${++ipSeq}` } });

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

/** Every table and text-like column of the database, and whether any holds `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const cols = await server.deps.db.execute<{ table_name: string; column_name: string }>(
    sql`SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
  );
  const hits: string[] = [];
  for (const c of cols.rows) {
    const q = sql`SELECT 1 FROM ${sql.identifier(c.table_name)} WHERE position(${needle} in ${sql.identifier(c.column_name)}::text) > 0 LIMIT 1`;
    if ((await server.deps.db.execute(q)).rows.length > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}

describe('a password reset token', () => {
  it('is never in the database while it is live: only its hash is, and the mailed token still resets the password', async () => {
    const email = 'olvido@reset.test';
    await signUp(server.url, { email, password: 'clave-de-antes-1' }, from());
    expect(
      (await newSession(server.url, from()).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const m = await mail.waitFor(email, { timeout: 10_000, match: (x) => /contraseña/i.test(x.subject) });
    const token = new URL(firstLink(m.text)!).pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThanOrEqual(20);

    // Live: nowhere in the database, whole or as the identifier better-auth used to write.
    expect(await tablesHolding(token)).toEqual([]);
    const rows = await server.deps.db.select({ identifier: verification.identifier }).from(verification);
    expect(rows.map((r) => r.identifier)).toContain(resetTokenIdentifier(token));
    expect(rows.some((r) => r.identifier.startsWith('reset-password:'))).toBe(false);

    // And it works: the mailed token resets the password, once.
    expect(
      (await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'clave-de-despues-2', token })).status,
    ).toBe(200);
    await signIn(server.url, { email, password: 'clave-de-despues-2' }, from());
    expect((await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'otra-clave-mas-3', token })).status).toBe(
      400,
    );
  });

  it('a token stored in clear before this version is hashed by the migration, and still works', async () => {
    const email = 'antigua@reset.test';
    await signUp(server.url, { email, password: 'clave-de-antes-1' }, from());
    const [{ id: userId }] = (await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email))) as [{ id: string }];
    const token = randomBytes(18).toString('base64url');
    // As better-auth wrote it before: in clear.
    await server.deps.db.insert(verification).values({
      id: randomBytes(8).toString('hex'),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    // The migration's statement, run again over that row.
    const file = readFileSync(new URL('../../db/migrations/0019_health_need_to_know.sql', import.meta.url), 'utf8');
    const update = file.split('--> statement-breakpoint').find((st) => st.includes('UPDATE "verification"'))!;
    await server.deps.db.execute(sql.raw(update.trim().replace(/;$/, ` WHERE "identifier" = 'reset-password:${token}';`)));
    expect(await tablesHolding(token)).toEqual([]);
    expect(
      (await newSession(server.url, from()).post('/api/auth/reset-password', { newPassword: 'clave-de-despues-2', token })).status,
    ).toBe(200);
  });
});
