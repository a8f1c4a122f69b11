import { eq } from 'drizzle-orm';
import { user } from '../../src/server/db/schema';
import type { Role } from '../../src/domain/roles';
import { promote, signIn, signUp, type Session } from './http-client';
import type { TestServer } from './test-server';

// Arranging people for the back-office tests (admin-*.int.test.ts). Every sign-up comes from its
// own address (these servers trust X-Forwarded-For) so better-auth's per-address sign-up limit
// does not throttle the arrangement.

// Long enough for staff (12): a client linked as an employee signs in again with it (ADR 030).
export const PASSWORD = 'secreto-largo-1';
export const TRUST_PROXY_ENV = { TRUST_PROXY: 'true' };

let ipSeq = 0;
const nextIp = () => ({ headers: { 'x-forwarded-for': `10.55.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });

/**
 * Signs up `email` (a client) and, when asked, gives it another role; returns its session. Its
 * email is marked verified (as the verification link would), since only a verified account can be
 * linked to an employee (ADR 025); `verified: false` leaves it unverified.
 */
export async function person(server: TestServer, email: string, role: Role = 'client', name = '', opts: { verified?: boolean } = {}): Promise<Session> {
  const s = await signUp(server.url, { email, password: PASSWORD, name }, nextIp());
  if (opts.verified !== false) await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email.toLowerCase()));
  if (role !== 'client') await promote(server.deps, email, role);
  return s;
}

/** Signs `email` in again (from a fresh address): a client linked as an employee has lost her sessions (ADR 030). */
export async function signInAgain(server: TestServer, email: string): Promise<Session> {
  return signIn(server.url, { email, password: PASSWORD }, nextIp());
}

export async function userRow(server: TestServer, email: string) {
  const [row] = await server.deps.db.select().from(user).where(eq(user.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}
