import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database';
import { newSession, signIn, signUp, type Session } from '../support/http-client';
import { REPO_ROOT, removeChildServer, spawnServer, waitForHealth, type ChildServer } from '../support/child-server';
import { pool as inParallel } from '../support/cluster';

// Back up and restore with the real commands (ADR 048), on the embedded default and on a
// DATABASE_URL server: bookings run in a burst while `npm run backup` runs; the salon's data is
// wiped and `npm run restore` brings it back; every booking acknowledged before the backup started
// is there, and the salon works: sign-in, a gift card found by its code, the mailed consent and
// stop-reminders links.

const KEY = 'clave-de-prueba-de-las-copias';
const PASSWORD = 'copia-clave-1';
const CLIENTS = 20;
const run = promisify(execFile);

/** An npm script as a person runs it; its output and exit code. */
function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let ipSeq = 0;
const ip = () => ({ headers: { 'x-forwarded-for': `10.44.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });

/** The links of the mails in DATA_DIR/outbox (quoted-printable undone). */
async function mailedLinks(dataDir: string, to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const links: string[] = [];
  for (const f of await readdir(dir).catch(() => [] as string[])) {
    const text = (await readFile(path.join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (text.includes(`To: ${to}`) || text.includes(`<${to}>`)) links.push(...(text.match(/https?:\/\/[^\s"<>]+/g) ?? []));
  }
  return links;
}

type Booking = { id: string; ackAt: number };

async function freeTimes(s: Session, serviceId: string, professionalId: string, date: string): Promise<string[]> {
  const res = await s.get(`/api/booking/slots?serviceId=${serviceId}&professionalId=${professionalId}&date=${date}`);
  // The times the schedule offers; some are held by the demo's appointments (a 409 then).
  return res.status === 200 ? (res.body.slots as { time: string }[]).map((x) => x.time) : [];
}

const salonDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

async function roundTrip(kind: 'embedded' | 'external', external?: FreshDatabase) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `auna-backup-${kind}-`));
  const backupDir = await mkdtemp(path.join(os.tmpdir(), `auna-backups-${kind}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    BACKUP_TIME: 'off',
    BACKUP_DIR: backupDir,
    BACKUP_PASSPHRASE: KEY,
    ...(external ? { DATABASE_URL: external.url } : { EMBEDDED_PG_PORT: String(await freePort()) }),
  };
  let server: ChildServer | undefined = spawnServer({ ...env, SEED: 'demo' }, { entry: 'dist/server/main.js' });
  try {
    await waitForHealth(url, server, 240_000);
    const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { dbPassword: string };
    const dbUrl = external?.url ?? `postgres://postgres:${encodeURIComponent(secrets.dbPassword)}@127.0.0.1:${env.EMBEDDED_PG_PORT}/auna`;
    const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
    // The demo's active professionals and what they offer; a service that asks for a signed consent.
    const offers = (
      await db.query<{ service: string; employee: string; consent: boolean }>(
        `SELECT es.service_id AS service, es.employee_id AS employee,
                EXISTS (SELECT 1 FROM service_consent_templates t WHERE t.service_id = es.service_id) AS consent
           FROM employee_services es JOIN employees e ON e.id = es.employee_id JOIN services s ON s.id = es.service_id
          WHERE e.is_active AND s.is_active AND e.user_id IS NOT NULL ORDER BY consent DESC, s.duration, es.employee_id`,
      )
    ).rows;
    await db.end();
    const consentOffer = offers.find((o) => o.consent)!;
    expect(consentOffer).toBeDefined();

    // Before the backup: a gift card sold, and a client's booking that asks for her consent.
    const admin = await signIn(url, { email: 'admin@auna.demo', password: 'auna-demo' }, ip());
    const sale = await admin.post('/api/gift-cards', { amount: 50, buyerName: 'Marta Copia', saleMethod: 'tarjeta' });
    expect(sale.status).toBe(201);
    const giftCode = sale.body.code as string;
    const marta = await signUp(url, { email: 'marta@copia.test', password: PASSWORD, name: 'Marta Copia' }, ip());
    let consentBooking: { status: number; body: { id: string } } | undefined;
    for (let d = 2; d < 30 && consentBooking?.status !== 201; d++) {
      const [time] = await freeTimes(marta, consentOffer.service, consentOffer.employee, salonDate(d));
      if (time)
        consentBooking = await marta.post('/api/booking', {
          serviceId: consentOffer.service,
          professionalId: consentOffer.employee,
          date: salonDate(d),
          time,
        });
    }
    expect(consentBooking?.status).toBe(201);
    let links: string[] = [];
    await expect
      .poll(async () => (links = await mailedLinks(dataDir, 'marta@copia.test')).some((l) => l.includes('/firma/')), { timeout: 30_000 })
      .toBe(true);
    const consentLink = links.find((l) => l.includes('/firma/'))!;
    const stopLink = links.find((l) => /recordatorios|reminders/.test(l) && !l.includes('/firma/'))!;
    expect(stopLink).toBeDefined();

    // The burst: clients book free times while `npm run backup` runs beside them.
    const clients = await inParallel(
      Array.from({ length: CLIENTS }, (_, i) => i),
      4,
      (i) => signUp(url, { email: `c${i}@copia.test`, password: PASSWORD, name: `Cliente ${i}` }, ip()),
    );
    const plans: { s: Session; service: string; employee: string; date: string; time: string }[] = [];
    for (let d = 3; plans.length < CLIENTS * 2 && d < 40; d++) {
      for (const o of offers.slice(0, 8)) {
        for (const time of (await freeTimes(clients[0]!, o.service, o.employee, salonDate(d))).slice(0, 2)) {
          if (plans.length < CLIENTS * 2)
            plans.push({ s: clients[plans.length % CLIENTS]!, service: o.service, employee: o.employee, date: salonDate(d), time });
        }
      }
    }
    const acked: Booking[] = [];
    let backupStartedAt = 0;
    let backup: Promise<{ code: number | null; stdout: string; stderr: string }> | undefined;
    // The backup starts once some bookings are acknowledged, and the burst goes on while it runs.
    await inParallel(plans, 4, async (p) => {
      const res = await p.s.post('/api/booking', { serviceId: p.service, professionalId: p.employee, date: p.date, time: p.time });
      if (res.status === 201) acked.push({ id: res.body.appointment.id as string, ackAt: Date.now() });
      if (acked.length >= 8 && !backup) {
        backupStartedAt = Date.now();
        backup = npm(['backup'], env);
      }
    });
    const made = await backup!;
    expect(made.code, made.stderr).toBe(0);
    const file = made.stdout.trim().split('\n').at(-1)!;
    expect(path.dirname(file)).toBe(backupDir);
    const before = acked.filter((b) => b.ackAt <= backupStartedAt);
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.every((b) => typeof b.id === 'string')).toBe(true);
    expect(acked.length).toBeGreaterThan(before.length); // some were acknowledged while it ran

    // An age file (age-encryption.org/v1): the owner can open it without Auna (docs/operations.md).
    expect((await readFile(file)).subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');

    // Everything wiped: the salon's folder and its database.
    server.proc.kill('SIGTERM');
    await server.exited;
    server = undefined;
    await rm(dataDir, { recursive: true, force: true });
    if (external) {
      await external.drop();
      const again = new pg.Client({ connectionString: new URL('/postgres', external.url).toString() });
      await again.connect();
      await again.query(`CREATE DATABASE ${new URL(external.url).pathname.slice(1)}`);
      await again.end();
    }

    const restored = await npm(['restore', '--', file], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restaurada: \d+ tablas/);
    // A second restore onto the restored salon is refused, and says why.
    const again = await npm(['restore', '--', file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      external ? /La base de datos de DATABASE_URL no está vacía/ : /no está vacía: ya tiene pg y secrets\.json/,
    );

    server = spawnServer(env, { entry: 'dist/server/main.js' });
    await waitForHealth(url, server, 240_000);
    const check = new pg.Pool({ connectionString: external?.url ?? dbUrl, max: 2 });
    const found = await check.query<{ id: string }>(`SELECT id FROM appointments WHERE id = ANY($1::uuid[])`, [before.map((b) => b.id)]);
    await check.end();
    expect(found.rows.length).toBe(before.length);

    const client = await signIn(url, { email: 'c1@copia.test', password: PASSWORD }, ip());
    expect((await client.get('/api/me')).status).toBe(200);
    const staff = await signIn(url, { email: 'admin@auna.demo', password: 'auna-demo' }, ip());
    const lookup = await staff.post('/api/gift-cards/lookup', { code: giftCode });
    expect(lookup.status).toBe(200);
    const token = consentLink.split('/firma/')[1]!;
    // The mailed link trades its token for a cookie (ADR 051), and the form opens with it.
    const visitor = newSession(url);
    expect((await visitor.get(`/firma/${token}`)).status).toBe(303);
    const form = await visitor.get('/api/consents/link');
    expect(form.status).toBe(200);
    const stop = await fetch(stopLink.replace(/^https?:\/\/[^/]+/, url));
    expect(stop.status).toBe(200);
    console.log(
      `backup round trip (${kind}): ${plans.length} bookings tried in the burst, ${acked.length} acknowledged, ${before.length} before the backup started: all restored; ${made.stdout.trim().split('\n')[0]}`,
    );
  } finally {
    await removeChildServer(server, dataDir);
    await rm(backupDir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  // `npm run backup` and `npm run restore` run the built commands, as on a salon's server.
  await run(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });
}, 120_000);

describe('backup and restore with the real commands', () => {
  it('embedded PostgreSQL: a backup during a burst of bookings, the data folder wiped, restored, the salon works', async () => {
    await roundTrip('embedded');
  });

  let external: FreshDatabase | undefined;
  afterAll(async () => {
    await external?.drop().catch(() => undefined);
  });
  it('DATABASE_URL: the same round trip on a PostgreSQL server of its own', async () => {
    external = await freshDatabase('backup');
    await roundTrip('external', external);
  });
});
