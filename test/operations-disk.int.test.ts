import { afterAll, expect, it } from 'vitest';
import { promote, signUp } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// The disk that holds DATA_DIR running short (docs/operations.md, "Qué vigilar"): a warning for the
// admin (GET /api/admin/health, shown by the dashboard and Configuración) and in the log below
// DISK_WARN_FREE_MB; below DISK_MIN_FREE_MB readiness fails too. Thresholds above any real disk
// make "short" here without filling one.

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function serverWith(env: Record<string, string>, lines: string[]) {
  const s = await startTestServer({ env, logLines: lines });
  servers.push(s);
  const admin = await signUp(s.url, { email: 'duena@disco.example', password: 'clave-segura-disco-1' });
  await promote(s.deps, 'duena@disco.example', 'admin');
  return { s, admin };
}

it('below the warning: the admin is told, the log says so, and the server stays ready', { timeout: 120_000 }, async () => {
  const lines: string[] = [];
  const { s, admin } = await serverWith({ DISK_WARN_FREE_MB: '9000000', DISK_MIN_FREE_MB: '0' }, lines);
  const res = await admin.get('/api/admin/health');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/), disk: { level: 'low' } });
  expect(res.body.disk.freeBytes).toBeGreaterThan(0);
  expect(res.body.disk.totalBytes).toBeGreaterThanOrEqual(res.body.disk.freeBytes);
  expect((await fetch(`${s.url}/api/health/ready`)).status).toBe(200);
  for (let i = 0; i < 50 && !lines.some((l) => l.includes('"msg":"low disk space"')); i++) await new Promise((r) => setTimeout(r, 100));
  expect(JSON.parse(lines.find((l) => l.includes('"msg":"low disk space"'))!)).toMatchObject({ level: 40, warnBelowMb: 9000000 });
});

it('below the minimum: readiness answers 503 "disk"', { timeout: 120_000 }, async () => {
  const { s, admin } = await serverWith({ DISK_WARN_FREE_MB: '9000000', DISK_MIN_FREE_MB: '9000000' }, []);
  expect((await admin.get('/api/admin/health')).body.disk.level).toBe('full');
  const ready = await fetch(`${s.url}/api/health/ready`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get('retry-after')).toBe('10');
  expect(((await ready.json()) as { reasons: string[] }).reasons).toEqual(['disk']);
});

it('with room on the disk: no warning', { timeout: 120_000 }, async () => {
  const lines: string[] = [];
  const { admin } = await serverWith({ DISK_WARN_FREE_MB: '0', DISK_MIN_FREE_MB: '0' }, lines);
  expect((await admin.get('/api/admin/health')).body.disk.level).toBe('ok');
  expect(lines.filter((l) => l.includes('low disk space'))).toEqual([]);
});
