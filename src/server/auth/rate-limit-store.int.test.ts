import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// The shared rate-limit store (rate-limit-store.ts) counts in one statement. Its FIRST request of a
// key inserts; simultaneous first requests must all be counted, none answered with an error (a
// unique violation on the `id` column, which the ON CONFLICT (key) arbiter did not absorb, reached
// a resend burst as a 500).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('simultaneous first requests of a key are all counted, and none fails', async () => {
  const rule = { window: 60, max: 3 };
  for (let round = 0; round < 200; round++) {
    const key = `burst:${round}`;
    const decisions = await Promise.all(Array.from({ length: 16 }, () => server.deps.rateLimit.consume(key, rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    expect(await server.deps.rateLimit.count(key, rule)).toBe(16);
  }
});
