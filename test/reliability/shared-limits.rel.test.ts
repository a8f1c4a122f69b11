import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../src/domain/texts/common';
import { SIGN_IN_FREE_FAILURES, SIGN_IN_PAIR_MAX, signInDelayMs } from '../../src/domain/sign-in-throttle';
import { AUTH_RATE_RULES } from '../../src/server/auth/auth';
import { newSession, signUp, type HttpResult } from '../support/http-client';
import { nextIp, startCluster, type Cluster } from '../support/cluster';

// The limits on sign-in, sign-up and password reset live in the database, so two server processes
// behind one address count TOGETHER: an attacker alternating between instances gets no more tries
// than against one. Per address (X-Forwarded-For, trusted here) and per account.

let cluster: Cluster;
let urls: string[] = [];
const PER_ACCOUNT_MAX = 10;

beforeAll(async () => {
  cluster = await startCluster({ processes: 2 });
  urls = cluster.instances.map((i) => i.url);
  await signUp(
    urls[0]!,
    { email: 'objetivo@limites.test', password: 'clave-buena-1' },
    { headers: { 'x-forwarded-for': nextIp('10.80') } },
  );
}, 180_000);

afterAll(async () => {
  await cluster?.close();
});

/** `n` POSTs alternating between the two processes; `ip` fixed or fresh per request. */
async function alternate(n: number, path: string, body: (i: number) => unknown, ip: () => string): Promise<HttpResult[]> {
  const out: HttpResult[] = [];
  for (let i = 0; i < n; i++) out.push(await newSession(urls[i % 2]!, { headers: { 'x-forwarded-for': ip() } }).post(path, body(i)));
  return out;
}

function expectLimitedAfter(results: HttpResult[], allowed: number, label: string) {
  const statuses = results.map((r) => r.status);
  expect(statuses.slice(0, allowed).includes(429), `${label}: ${statuses.join(',')}`).toBe(false);
  expect(statuses[allowed], `${label}: ${statuses.join(',')}`).toBe(429);
  const last = results[allowed]!;
  expect(last.body).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests } });
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  console.log(`limits: ${label}: 429 at attempt ${allowed + 1}, alternating between 2 processes`);
}

it('sign-in from one address: the per-address limit counts both processes together', async () => {
  const ip = nextIp('10.81');
  const max = AUTH_RATE_RULES.signIn.max;
  const r = await alternate(
    max + 1,
    '/api/auth/sign-in/email',
    (i) => ({ email: `nadie${i}@limites.test`, password: 'lo-que-sea' }),
    () => ip,
  );
  expectLimitedAfter(r, max, `sign-in per address (${max}/${AUTH_RATE_RULES.signIn.window} s)`);
});

// Lockout abuse (ADR 025): wrong passwords from many addresses no longer block the owner;
// both processes count the account's failures together into a growing wait, and the hard block is
// on one account from one address.
it('wrong passwords for one account from many addresses: both processes count them into one growing delay; the right password still gets in', async () => {
  const n = SIGN_IN_FREE_FAILURES + 3;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = Date.now();
    const res = await newSession(urls[i % 2]!, { headers: { 'x-forwarded-for': nextIp('10.82') } }).post('/api/auth/sign-in/email', {
      email: 'objetivo@limites.test',
      password: `mala-${i}`,
    });
    times.push(Date.now() - started);
    expect(res.status, `attempt ${i + 1}`).toBe(401);
  }
  // Attempt k (1-based) waits for the k-1 failures before it, whichever process saw them.
  const expected = signInDelayMs(n - 1);
  expect(times[n - 1]!, times.join(',')).toBeGreaterThanOrEqual(expected - 50);
  const started = Date.now();
  const right = await newSession(urls[1]!, { headers: { 'x-forwarded-for': nextIp('10.82') } }).post('/api/auth/sign-in/email', {
    email: 'objetivo@limites.test',
    password: 'clave-buena-1',
  });
  expect(right.status).toBe(200);
  console.log(`limits: failed sign-in per account from ${n} addresses over 2 processes: no block, attempt ${n} waited ${times[n - 1]} ms (rule ${expected} ms), the right password got in after ${Date.now() - started} ms`);
});

it('wrong passwords for one account from one address: the pair is blocked after the limit, counted by both processes together', async () => {
  const ip = nextIp('10.85');
  await signUp(urls[0]!, { email: 'pareja@limites.test', password: 'clave-buena-2' }, { headers: { 'x-forwarded-for': nextIp('10.80') } });
  const r = await alternate(SIGN_IN_PAIR_MAX + 1, '/api/auth/sign-in/email', (i) => ({ email: 'pareja@limites.test', password: `mala-${i}` }), () => ip);
  expectLimitedAfter(r, SIGN_IN_PAIR_MAX, `failed sign-in per account + address (${SIGN_IN_PAIR_MAX}/15 min)`);
});

it('sign-up from one address: the per-address limit counts both processes together', async () => {
  const ip = nextIp('10.83');
  const max = AUTH_RATE_RULES.signUp.max;
  const r = await alternate(
    max + 1,
    '/api/auth/sign-up/email',
    (i) => ({ email: `alta${i}@limites.test`, password: 'clave-nueva-1', name: '' }),
    () => ip,
  );
  expectLimitedAfter(r, max, `sign-up per address (${max}/${AUTH_RATE_RULES.signUp.window} s)`);
});

it('password reset requests: per address and per account, both processes together', async () => {
  const ip = nextIp('10.84');
  const max = AUTH_RATE_RULES.reset.max;
  const byAddress = await alternate(
    max + 1,
    '/api/auth/request-password-reset',
    (i) => ({ email: `olvido${i}@limites.test`, redirectTo: '/reset-password' }),
    () => ip,
  );
  expectLimitedAfter(byAddress, max, `reset request per address (${max}/${AUTH_RATE_RULES.reset.window} s)`);
  const byAccount = await alternate(
    PER_ACCOUNT_MAX + 1,
    '/api/auth/request-password-reset',
    () => ({ email: 'objetivo@limites.test', redirectTo: '/reset-password' }),
    () => nextIp('10.85'),
  );
  expectLimitedAfter(byAccount, PER_ACCOUNT_MAX, `reset request per account (${PER_ACCOUNT_MAX}/15 min)`);
});
