import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * Live updates across every app instance: each instance keeps ONE connection to PostgreSQL that
 * LISTENs on the channel and fans every event out to its own SSE clients, and that announces
 * this instance's changes with NOTIFY once they have committed (docs/decisions/013). No broker,
 * nothing in memory that another instance would need.
 */
export const CHANNEL = 'auna_events';

/**
 * An event's employee when a change reaches every professional's times: a cabin or machine (ADR
 * 036) is shared, so its booking, move or maintenance changes what others can offer.
 */
export const EVERY_EMPLOYEE = '*';

export type AppointmentsChanged = {
  type: 'appointments';
  /** the employee's user id, or EVERY_EMPLOYEE */
  employeeId: string;
  /** salon dates (YYYY-MM-DD) touched by the change */
  dates: string[];
};
export type RealtimeEvent = AppointmentsChanged;

/** A change to one professional's appointments on those days; one that holds a cabin or machine is told to everyone (ADR 036). */
export const appointmentsChanged = (employeeId: string, dates: string[], holdsResources = false): AppointmentsChanged => ({
  type: 'appointments',
  employeeId: holdsResources ? EVERY_EMPLOYEE : employeeId,
  dates,
});

export type Realtime = {
  subscribe: (fn: (e: RealtimeEvent) => void) => () => void;
  /**
   * Announce a change that HAS COMMITTED (call it after the transaction, never inside it). Sent
   * in the background, batched with whatever else this instance changed meanwhile.
   */
  publish: (e: RealtimeEvent) => void;
  close: () => Promise<void>;
  /** `fn` runs when this instance stops (stopStreams): a live stream ends then. */
  onStop: (fn: () => void) => () => void;
  /**
   * The first step of a stop: every live stream (SSE) ends at once, so the HTTP server's close
   * does not wait for connections that never end by themselves. Changes still committing are
   * announced until close().
   */
  stopStreams: () => void;
};

/** At most this many dates in one payload: PostgreSQL refuses a NOTIFY payload over 8000 bytes. */
const DATES_PER_EVENT = 200;
/** Events kept while the connection is down; past that the oldest go (browsers refetch on reconnect). */
const MAX_PENDING = 1000;

/** One event per employee, with the union of their dates, in the order employees first appeared. */
export function coalesce(events: RealtimeEvent[]): RealtimeEvent[] {
  const byEmployee = new Map<string, Set<string>>();
  for (const e of events) {
    const dates = byEmployee.get(e.employeeId) ?? new Set<string>();
    for (const d of e.dates) dates.add(d);
    byEmployee.set(e.employeeId, dates);
  }
  return [...byEmployee].flatMap(([employeeId, set]) => {
    const dates = [...set].sort();
    const out: RealtimeEvent[] = [];
    for (let i = 0; i < dates.length || i === 0; i += DATES_PER_EVENT) {
      out.push({ type: 'appointments', employeeId, dates: dates.slice(i, i + DATES_PER_EVENT) });
    }
    return out;
  });
}

export function createRealtime(url: string, log: Logger): Realtime {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pending: RealtimeEvent[] = [];
  let sending: Promise<void> | null = null;

  /**
   * A NOTIFY inside the writing transaction made PostgreSQL take its global notification lock at
   * that commit and hold it through the WAL flush, so every booking committed alone, one fsync
   * after another (Lock:object waits in docs/benchmarks.md). Sent here instead, after the commit,
   * on this connection whose own commits do not wait for the flush (`synchronous_commit=off`: a
   * notification is not data, a lost one only means browsers refetch on reconnect), one
   * statement at a time with everything queued since the last.
   */
  const send = async () => {
    while (pending.length && client) {
      const c = client;
      const batch = coalesce(pending);
      pending = [];
      try {
        // Named (ADR 097): parsed and planned once on this connection, not on every booking.
        await c.query({
          name: 'auna_notify',
          text: 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload',
          values: [CHANNEL, batch.map((e) => JSON.stringify(e))],
        });
      } catch {
        log.warn({ events: batch.length }, 'realtime: could not announce a change (browsers refetch when they reconnect)');
      }
    }
  };
  const flush = () => {
    if (sending) return;
    sending = send().finally(() => {
      sending = null;
      // Something queued while the last statement finished?
      if (pending.length && client) flush();
    });
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, options: '-c synchronous_commit=off' });
    c.on('notification', (n) => {
      if (!n.payload) return;
      try {
        bus.emit('event', JSON.parse(n.payload) as RealtimeEvent);
      } catch {
        log.warn('ignored a malformed realtime payload');
      }
    });
    c.on('error', () => {
      // The server went away: reconnect and let the browsers refetch on their reconnect.
      c.end().catch(() => undefined);
      if (client === c) client = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      bus.emit('reconnected');
      flush();
    } catch {
      c.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  };
  void connect();

  return {
    subscribe(fn) {
      bus.on('event', fn);
      return () => bus.off('event', fn);
    },
    publish(e) {
      if (closed) return;
      pending.push(e);
      if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
      if (client) flush();
    },
    onStop(fn) {
      bus.once('stop', fn);
      return () => bus.off('stop', fn);
    },
    stopStreams() {
      bus.emit('stop');
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      // What committed before the shutdown is still announced.
      if (pending.length && client) flush();
      await sending;
      await client?.end().catch(() => undefined);
    },
  };
}
