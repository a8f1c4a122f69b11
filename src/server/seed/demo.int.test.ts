import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data';

// `SEED=demo` on an empty database (docs/rooms/demo.md): the whole salon, its history included, goes in
// under 30 s through the real constraints and triggers, the printed logins work, and today's
// dashboard is full. The seed day is the Monday after the change to summer time, so the history
// crosses both DST changes' months.

const NOW = new Date('2026-03-30T09:45:00Z'); // 11:45 in Madrid
let server: TestServer;
let seconds = 0;

beforeAll(async () => {
  const started = performance.now();
  server = await startTestServer({ now: () => NOW, env: { SEED: 'demo' } });
  seconds = (performance.now() - started) / 1000;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the demo salon', () => {
  it('is seeded in well under 30 s with about six months of history and four weeks ahead, at the rates of a working salon', async () => {
    expect(seconds).toBeLessThan(30);
    const [r] = (
      await server.deps.db.execute<{ n: number; no_show: number; cancelled: number; first_day: string; last_day: string; paid: number }>(sql`
        SELECT count(*)::int AS n,
               avg((status = 'no_show')::int)::float AS no_show,
               avg((status LIKE 'cancelled%')::int)::float AS cancelled,
               min((start_time AT TIME ZONE 'Europe/Madrid')::date)::text AS first_day,
               (SELECT max((start_time AT TIME ZONE 'Europe/Madrid')::date)::text FROM appointments) AS last_day,
               (SELECT count(*)::int FROM payments) AS paid
          FROM appointments WHERE start_time < '2026-03-30T00:00:00+02:00'`)
    ).rows;
    expect(r!.n).toBeGreaterThan(3500);
    expect(r!.no_show).toBeGreaterThan(0.03);
    expect(r!.no_show).toBeLessThan(0.07);
    expect(r!.cancelled).toBeGreaterThan(0.06);
    expect(r!.cancelled).toBeLessThan(0.1);
    expect(r!.first_day <= '2025-10-01').toBe(true);
    expect(r!.last_day >= '2026-04-24').toBe(true);
    expect(r!.paid).toBeGreaterThan(2500);
  });

  it('prints logins that sign in, and shows the admin a full day', async () => {
    for (const a of Object.values(DEMO_ACCOUNTS)) await signIn(server.url, { email: a.email, password: DEMO_PASSWORD }, { headers: { 'x-forwarded-for': '10.25.0.1' } });
    const admin = await signIn(server.url, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD }, { headers: { 'x-forwarded-for': '10.25.0.2' } });
    const res = await admin.get<{ today: string; agenda: { status: string }[] }>('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-03-30');
    // Four professionals' Monday (Irene's day off): about 30 visits, the morning's done, the afternoon's ahead.
    expect(res.body.agenda.length).toBeGreaterThan(20);
    expect(res.body.agenda.some((a) => a.status === 'completed')).toBe(true);
    expect(res.body.agenda.some((a) => a.status === 'confirmed')).toBe(true);
  });
});
