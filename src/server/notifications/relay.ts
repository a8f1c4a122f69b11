import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { runPrepared } from '../db/prepared';
import type { Logger } from '../logger';
import { MESSAGE_MAX_ATTEMPTS, MESSAGE_TASK } from './enqueue';

// The relay from message_outbox to graphile-worker (ADR 028). Changes write their messages as
// plain rows; graphile-worker's add_job NOTIFYs, and a NOTIFY in a booking's transaction made every
// booking commit wait for the one before it. Here the rows become jobs in batches, outside the
// bookings' transactions, oldest first (the SQL function relay_message_outbox, migration 0006).

/** How often each process looks for new rows; a message waits this long at most before its job exists. */
export const RELAY_EVERY_MS = 250;
const BATCH = 500;

/** Moves every waiting row (batch after batch); false when another process's relay holds the lock. */
export async function relayOutbox(db: Db): Promise<boolean> {
  for (;;) {
    const rows = await runPrepared<{ n: number }>(
      db,
      'auna_relay_outbox',
      sql`SELECT relay_message_outbox(${MESSAGE_TASK}, ${MESSAGE_MAX_ATTEMPTS}::int, ${BATCH}::int) AS n`,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n < 0) return false;
    if (n < BATCH) return true;
  }
}

export type OutboxRelay = { stop: () => Promise<void> };

/** Runs `relayOutbox` every RELAY_EVERY_MS in this process, one run at a time. */
export function startOutboxRelay(db: Db, log: Logger): OutboxRelay {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = relayOutbox(db)
      // PostgreSQL restarting, a killed connection: the rows wait for the next tick.
      .catch((err: unknown) => log.warn({ err }, 'message outbox relay failed; trying again'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, RELAY_EVERY_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      // What committed before the stop still becomes a job now (or at the next start).
      await relayOutbox(db).catch(() => undefined);
    },
  };
}
