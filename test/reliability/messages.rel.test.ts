import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { spawnServer, waitForHealth } from '../support/child-server';
import { nextIp, OPEN_SCHEDULE, pool, salonDay, startCluster, type Cluster } from '../support/cluster';
import { signUp, type Session } from '../support/http-client';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

// Every acknowledged booking gets exactly ONE confirmation (and one notice to the
// professional), through kill -9 of the servers at random moments and an SMTP server that is
// down for part of the run. Two server processes on one PostgreSQL, both running the queue; the
// mails are counted per idempotency key (X-Auna-Message-Key) at the real SMTP server.
// AUNA_MESSAGES_KILLS / AUNA_MESSAGES_BOOKINGS change the numbers (defaults 10 and 200).

const KILLS = Number(process.env.AUNA_MESSAGES_KILLS ?? 10);
const BOOKINGS = Number(process.env.AUNA_MESSAGES_BOOKINGS ?? 200);
const WORKERS = 3;
const PASSWORD = 'mensajes-clave-1';

let cluster: Cluster | undefined;
let catcher: MailCatcher | undefined;
let proxy: net.Server | undefined;

afterAll(async () => {
  await cluster?.close();
  await catcher?.close();
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
});

/** An SMTP "server" the test can take down: a TCP proxy to the catcher that hangs up while down. */
async function smtpSwitch(target: number) {
  const state = { down: false, refused: 0 };
  const sockets = new Set<net.Socket>();
  proxy = net.createServer((client) => {
    if (state.down) {
      state.refused++;
      client.destroy();
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client);
    client.pipe(upstream).pipe(client);
    const end = () => {
      sockets.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', () => r()));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    setDown(down: boolean) {
      state.down = down;
      // Going down cuts the conversations in progress too.
      if (down) for (const s of sockets) s.destroy();
    },
  };
}

it(
  `one confirmation per acknowledged booking across ${KILLS} kill -9 of two servers and an SMTP outage`,
  { timeout: 900_000 },
  async () => {
    catcher = await startMailCatcher();
    const smtp = await smtpSwitch(catcher.port);
    cluster = await startCluster({ processes: 2, env: { SMTP_URL: smtp.url } });
    const c = cluster;

    // ---- the salon: one service, four professionals, 200 clients ----
    // Taken in turn, so each stays under the booking limits (ADR 025: 20 bookings per account in 10 minutes:
    // 4 000 for a run that makes 1 000-2 000; the cap and horizon are raised below): with six
    // clients the run could never reach 200.
    const clients: Session[] = await pool(Array.from({ length: 200 }, (_, i) => i), 6, (i) =>
      signUp(
        c.instances[0]!.url,
        { email: `m${i}@mensajes.test`, password: PASSWORD, name: `Cliente ${i}` },
        { headers: { 'x-forwarded-for': nextIp('10.80') } },
      ),
    );
    await c.db.query(`INSERT INTO salon_settings (id, name, max_future_appointments_per_client, booking_horizon_days) VALUES (1, 'Auna', 50, 365)
               ON CONFLICT (id) DO UPDATE SET max_future_appointments_per_client = 50, booking_horizon_days = 365`);
    const serviceId = (
      await c.db.query<{ id: string }>(`INSERT INTO services (name, duration, price) VALUES ('Corte', 30, 25.5) RETURNING id`)
    ).rows[0]!.id;
    const slots: Array<{ professionalId: string; date: string; time: string }> = [];
    for (let e = 0; e < 4; e++) {
      const email = `pro${e}@mensajes.test`;
      const u = await signUp(
        c.instances[0]!.url,
        { email, password: PASSWORD, name: `Pro ${e}` },
        { headers: { 'x-forwarded-for': nextIp('10.81') } },
      );
      const userId = (await u.get('/api/me')).body.uid as string;
      await c.db.query(`UPDATE "user" SET role = 'employee' WHERE id = $1`, [userId]);
      const rec = (
        await c.db.query<{ id: string }>(
          `INSERT INTO employees (name, availability, user_id, user_account_email) VALUES ($1, $2, $3, $4) RETURNING id`,
          [`Pro ${e}`, JSON.stringify(OPEN_SCHEDULE), userId, email],
        )
      ).rows[0]!.id;
      await c.db.query(`INSERT INTO employee_services (employee_id, service_id) VALUES ($1, $2)`, [rec, serviceId]);
      for (const date of [...new Set(Array.from({ length: 60 }, (_, i) => salonDay(i + 3)))]) {
        for (let m = 9 * 60; m + 30 <= 20 * 60; m += 30) {
          slots.push({
            professionalId: rec,
            date,
            time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
          });
        }
      }
    }
    slots.sort(() => Math.random() - 0.5);

    // ---- load over both processes ----
    const acked: string[] = [];
    const figures = { attempts: 0, noAnswer: 0, serverErrors: 0, other: 0 };
    const otherSamples: string[] = [];
    let running = false;
    let turn = 0;
    let nextClient = 0;
    const worker = async () => {
      while (running) {
        const slot = slots.pop();
        if (!slot) throw new Error('ran out of free slots');
        const client = clients[nextClient++ % clients.length]!;
        const inst = c.instances[turn++ % c.instances.length]!;
        figures.attempts++;
        try {
          const res = await fetch(`${inst.url}/api/booking`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: inst.url,
              'x-forwarded-for': nextIp('10.82'),
              cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            },
            body: JSON.stringify({ serviceId, ...slot }),
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await res.json().catch(() => null)) as { appointment?: { id: string } } | null;
          if (res.status === 201 && body?.appointment) acked.push(body.appointment.id);
          else if (res.status >= 500) figures.serverErrors++;
          else {
            figures.other++;
            if (otherSamples.length < 5) otherSamples.push(`${res.status} ${JSON.stringify(body)}`);
          }
        } catch {
          figures.noAnswer++;
          await sleep(20);
        }
      }
    };

    // SMTP goes down after the 3rd kill and comes back after the 7th (of 10).
    const downFrom = Math.floor(KILLS * 0.3);
    const downUntil = Math.floor(KILLS * 0.7);
    let downSince = 0;
    /** When a sender was killed or its SMTP conversations cut (see `explained` below). */
    const cuts: number[] = [];
    let downMs = 0;
    const t0 = Date.now();
    // After the kills, load goes on (no more kills) until BOOKINGS are acknowledged; bounded, so a
    // run that cannot book (a 4xx on every attempt) fails with its samples instead of spinning.
    for (let k = 0; (k < KILLS || acked.length < BOOKINGS) && k < KILLS + 100; k++) {
      if (k === downFrom) {
        smtp.setDown(true);
        cuts.push(Date.now());
        downSince = Date.now();
      }
      if (k === downUntil) {
        smtp.setDown(false);
        downMs += Date.now() - downSince;
      }
      running = true;
      const load = Array.from({ length: WORKERS }, worker);
      await sleep(300 + Math.random() * 1_500);
      if (k < KILLS) {
        const i = k % c.instances.length;
        const inst = c.instances[i]!;
        cuts.push(Date.now());
        inst.child.proc.kill('SIGKILL');
        await inst.child.exited;
        running = false;
        await Promise.all(load);
        const port = new URL(inst.url).port;
        inst.child = spawnServer({
          PORT: port,
          HOST: '127.0.0.1',
          PUBLIC_URL: inst.url,
          DATA_DIR: c.dataDir,
          DATABASE_URL: c.dbUrl,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
          SMTP_URL: smtp.url,
        });
        await waitForHealth(inst.url, inst.child, 90_000);
      } else {
        running = false;
        await Promise.all(load);
      }
    }
    if (smtp.state.down) {
      smtp.setDown(false);
      downMs += Date.now() - downSince;
    }
    const loadMs = Date.now() - t0;

    // ---- once SMTP is back: every acknowledged booking's confirmation arrives, once ----
    const keyOf = (m: { headers: Record<string, string> }) => m.headers['x-auna-message-key'] ?? '';
    const want = acked.flatMap((id) => [`confirmation:client:${id}:0`, `confirmation:professional:${id}:0`]);
    const backAt = Date.now();
    const deadline = backAt + 480_000;
    const missing = () => {
      const got = new Set(catcher!.mails.map(keyOf));
      return want.filter((k) => !got.has(k));
    };
    while (missing().length > 0 && Date.now() < deadline) await sleep(1_000);
    const waitedMs = Date.now() - backAt;
    // A duplicate would come from a retry: give the queue time to make one.
    await sleep(5_000);

    const counts = new Map<string, number>();
    for (const m of catcher.mails) counts.set(keyOf(m), (counts.get(keyOf(m)) ?? 0) + 1);
    const duplicates = [...counts].filter(([k, n]) => k !== '' && n > 1);
    // SMTP cannot give exactly once: a mail the server accepted just before its sender was killed
    // (or its connection cut), and before the sender recorded it, is sent again on retry (ADR 021:
    // at least once in that window, same Message-ID). A second copy is explained only when its
    // first copy arrived within that moment of a kill or a cut; any other would be the queue
    // sending twice (two processes, a lost lock), and fails the test.
    const firstAt = (k: string) => Math.min(...catcher!.mails.filter((m) => keyOf(m) === k).map((m) => Date.parse(m.receivedAt)));
    const explained = (k: string) => cuts.some((t) => t - firstAt(k) >= -200 && t - firstAt(k) <= 1_000);
    const unexplained = duplicates.filter(([k]) => !explained(k));
    const stillMissing = missing();
    const committed = Number((await c.db.query<{ n: string }>(`SELECT count(*) AS n FROM appointments`)).rows[0]!.n);
    const confirmationsOfUnacked =
      [...counts.keys()].filter((k) => k.startsWith('confirmation:client:')).length -
      (acked.length - stillMissing.filter((k) => k.startsWith('confirmation:client:')).length);

    console.log(
      [
        `messages: kills: ${KILLS} kill -9 over 2 server processes (both running the queue), ${WORKERS} booking workers, ${Math.round(loadMs / 1000)} s of load`,
        `messages: SMTP down ${Math.round(downMs / 1000)} s (${smtp.state.refused} connections refused), then up`,
        `messages: bookings: ${figures.attempts} attempts, ${acked.length} acknowledged (201), ${figures.noAnswer} without answer, ${figures.serverErrors} × 5xx, ${figures.other} other; ${committed} rows committed`,
        `messages: mails: ${catcher.mails.length} received; confirmations to clients for acknowledged bookings: ${acked.length - stillMissing.filter((k) => k.startsWith('confirmation:client:')).length}/${acked.length}; professional notices: ${acked.length - stillMissing.filter((k) => k.startsWith('confirmation:professional:')).length}/${acked.length}; for bookings committed without an answer: ${confirmationsOfUnacked}`,
        `messages: duplicates (same idempotency key twice): ${duplicates.length}, ${duplicates.length - unexplained.length} of them first sent in the moment of a kill -9 or an SMTP cut (at least once there, ADR 021), ${unexplained.length} otherwise; missing: ${stillMissing.length}; all in ${Math.round(waitedMs / 1000)} s after SMTP and the last restart were back`,
      ].join('\n'),
    );
    expect(otherSamples).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(BOOKINGS);
    expect(stillMissing).toEqual([]);
    expect(unexplained, 'a message sent twice away from any kill or cut').toEqual([]);
  },
);
