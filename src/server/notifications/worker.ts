import { sql } from 'drizzle-orm';
import {
  Logger as WorkerLogger,
  makeWorkerUtils,
  run,
  runMigrations as runQueueMigrations,
  type Runner,
  type WorkerEvents,
} from 'graphile-worker';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { deliverMessage, type DeliverDeps } from './deliver';
import { JOB_KINDS, MESSAGE_TASK, type JobPayload } from './enqueue';
import { CONSENT_PURGE_TASK, purgeExpiredConsents } from '../db/consent-retention';
import { startOutboxRelay } from './relay';
import { isTimeFreedPayload, type TimeFreedPayload } from './time-freed';

// The queue runs inside the server process (ADR 021): no extra process for the embedded
// default. With WEB_CONCURRENCY or several instances each process runs one; graphile-worker
// locks a job (FOR UPDATE SKIP LOCKED) so each runs in one of them at a time.

const HEARTBEAT_MS = 5_000;
/** A worker silent this long is dead (kill -9): its locked jobs are released to the others. */
const STALE_SECONDS = 30;

function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = { scope: { label: scope.label, jobId: scope.jobId, task: scope.taskIdentifier }, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.debug(fields, message);
  });
}

/** graphile-worker's own schema (graphile_worker.*), created or upgraded; before any add_job. */
export async function migrateQueue(pool: pg.Pool, log: Logger): Promise<void> {
  await runQueueMigrations({ pgPool: pool, logger: workerLogger(log) });
}

function isPayload(p: unknown): p is JobPayload {
  const o = p as Partial<JobPayload> | null;
  return (
    !!o &&
    typeof o.appointmentId === 'string' &&
    (JOB_KINDS as readonly unknown[]).includes(o.kind) &&
    (o.recipient === 'client' || o.recipient === 'professional') &&
    Number.isInteger(o.version) &&
    (o.via === undefined || o.via === 'whatsapp' || o.via === 'sms' || o.via === 'email')
  );
}

/** How long the queue waits before starting again after its runner stopped on a database error. */
const RESTART_MS = 2_000;

export type MessageQueue = { stop: () => Promise<void> };

export async function startMessageQueue(opts: {
  pool: pg.Pool;
  db: Db;
  log: Logger;
  deliver: DeliverDeps;
  concurrency?: number;
  /** What a freed time sets going (the waiting list's offers, ADR 071); composed in start.ts. */
  timeFreed?: (payload: TimeFreedPayload) => Promise<void>;
  /** Other scheduled work on the same runner and cron (the nightly backup, ADR 048) */
  scheduled?: { identifier: string; crontab: string; run: () => Promise<void> }[];
}): Promise<MessageQueue> {
  const { db, log } = opts;
  const workerIds = new Set<string>();
  // When SMTP accepts a mail again after an outage, the messages waiting on graphile-worker's
  // exponential backoff (minutes after a few failures) are retried at once, not hours later.
  let smtpAnsweredAt = 0;
  let retriedAt = 0;
  // Given to run() so the workers it creates while starting are seen too.
  const events = new EventEmitter() as WorkerEvents;
  events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId);
  });
  events.on('worker:release', ({ worker }) => {
    workerIds.delete(worker.workerId);
  });
  const runOptions: Parameters<typeof run>[0] = {
    pgPool: opts.pool,
    concurrency: opts.concurrency ?? 2,
    noHandleSignals: true,
    events,
    pollInterval: 2_000,
    logger: workerLogger(log),
    taskList: {
      [MESSAGE_TASK]: async (payload) => {
        // A time freed (ADR 071) rides the same outbox and queue; the waiting list's job matches it.
        if (isTimeFreedPayload(payload)) {
          if (opts.timeFreed) await opts.timeFreed(payload);
          return;
        }
        if (!isPayload(payload)) {
          log.error({ payload }, 'message job with an unknown payload: dropped');
          return;
        }
        const outcome = await deliverMessage(opts.deliver, payload);
        if (outcome === 'sent') smtpAnsweredAt = Date.now();
        log.debug({ ...payload, outcome }, 'message job done');
      },
      // ADR 041: signed consents past their retention, deleted once a day.
      [CONSENT_PURGE_TASK]: async () => {
        const deleted = await purgeExpiredConsents(db, opts.deliver.now());
        if (deleted > 0) log.info({ deleted }, 'signed consents past their retention deleted');
      },
      ...Object.fromEntries((opts.scheduled ?? []).map((t) => [t.identifier, () => t.run()])),
    },
    crontab: [`30 3 * * * ${CONSENT_PURGE_TASK}`, ...(opts.scheduled ?? []).map((t) => t.crontab)].join('\n'),
  };
  // graphile-worker ends its runner with a rejected promise when it cannot write a job's outcome
  // (PostgreSQL killed or restarting). Unhandled, that rejection ended the whole server: a database
  // restart took the app down (test/reliability/crash.rel.test.ts). The queue is supervised instead:
  // logged, and started again once the database answers; the HTTP server never goes with it.
  let runner: Runner | null = null;
  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const supervise = (r: Runner) => {
    r.promise.catch((err: unknown) => {
      if (stopped) return;
      // Its workers are gone: the heartbeat stops vouching for them, so their jobs are released.
      workerIds.clear();
      log.error({ err }, 'message queue stopped: starting it again');
      restartSoon();
    });
  };
  const restartSoon = () => {
    restartTimer = setTimeout(() => {
      run(runOptions).then(
        (r) => {
          if (stopped) return void r.stop().catch(() => undefined);
          runner = r;
          supervise(r);
          log.warn('message queue running again');
        },
        (err: unknown) => {
          log.warn({ err }, 'message queue cannot start yet');
          restartSoon();
        },
      );
    }, RESTART_MS);
    restartTimer.unref();
  };
  // graphile-worker 0.17 also leaves one write unawaited (failing a job while PostgreSQL is down
  // rejects in batchFailJobs with nobody listening). Such a rejection is logged, not fatal: the job
  // stays locked until the heartbeat releases it. Any other unhandled rejection is thrown again,
  // so Node still ends the process for every other bug.
  const onUnhandled = (reason: unknown) => {
    if (reason instanceof Error && reason.stack?.includes('graphile-worker')) {
      log.error({ err: reason }, 'message queue: a database error graphile-worker left unhandled (the job is retried later)');
      return;
    }
    throw reason;
  };
  process.on('unhandledRejection', onUnhandled);
  runner = await run(runOptions);
  supervise(runner);
  const relay = startOutboxRelay(db, log);
  const utils = await makeWorkerUtils({ pgPool: opts.pool, logger: workerLogger(log) });

  // Heartbeat of this process's workers, and release of the jobs of workers that stopped
  // beating: graphile-worker itself only frees a crashed worker's jobs after 4 hours.
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    const ids = [...workerIds];
    if (ids.length > 0) {
      // One text parameter: drizzle expands a JS array into a tuple ($1, $2), which no cast makes an array.
      await db.execute(sql`INSERT INTO message_workers (worker_id, seen_at)
        SELECT unnest(string_to_array(${ids.join(',')}, ',')), now() ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`);
    }
    const stale = await db.execute<{ id: string }>(sql`
      SELECT worker_id AS id FROM message_workers WHERE seen_at < now() - make_interval(secs => ${STALE_SECONDS})
      UNION
      SELECT DISTINCT locked_by FROM graphile_worker.jobs
      WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => ${STALE_SECONDS * 2})
        AND NOT EXISTS (SELECT 1 FROM message_workers w WHERE w.worker_id = locked_by)`);
    const dead = stale.rows.map((r) => r.id).filter((id) => !workerIds.has(id));
    if (dead.length > 0) {
      await utils.forceUnlockWorkers(dead);
      await db.execute(sql`DELETE FROM message_workers WHERE worker_id = ANY(string_to_array(${dead.join(',')}, ','))`);
      log.warn({ workers: dead }, 'released the jobs of message workers that stopped');
    }
  };
  const retryBackedOff = async () => {
    if (smtpAnsweredAt <= retriedAt) return;
    retriedAt = Date.now();
    const waiting = await db.execute<{ id: string }>(sql`
      SELECT id::text AS id FROM graphile_worker.jobs
      WHERE task_identifier = ${MESSAGE_TASK} AND last_error IS NOT NULL AND locked_at IS NULL
        AND attempts < max_attempts AND run_at > now() + interval '10 seconds'`);
    const ids = waiting.rows.map((r) => r.id);
    if (ids.length > 0) {
      await utils.rescheduleJobs(ids, { runAt: new Date() });
      log.info({ jobs: ids.length }, 'SMTP answers again: retrying the messages that were waiting');
    }
  };
  const timer = setInterval(() => {
    beating = beat()
      .then(retryBackedOff)
      .catch((err: unknown) => log.warn({ err }, 'message worker heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  beating = beat().catch((err: unknown) => log.warn({ err }, 'message worker heartbeat failed'));

  return {
    async stop() {
      stopped = true;
      process.off('unhandledRejection', onUnhandled);
      clearTimeout(restartTimer);
      clearInterval(timer);
      await relay.stop();
      await beating;
      await runner?.stop().catch(() => undefined);
      const ids = [...workerIds];
      if (ids.length > 0) await db.execute(sql`DELETE FROM message_workers WHERE worker_id = ANY(string_to_array(${ids.join(',')}, ','))`).catch(() => undefined);
      await utils.release();
    },
  };
}
