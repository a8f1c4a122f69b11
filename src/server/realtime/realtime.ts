import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * Live updates across every app instance: a change is announced with PostgreSQL NOTIFY (inside
 * the writing transaction, so it is sent only if the change commits), each instance LISTENs on
 * one connection and fans the event out to its own SSE clients. No broker, nothing in memory
 * that another instance would need.
 */
export const CHANNEL = 'auna_events';

export type AppointmentsChanged = {
  type: 'appointments';
  /** the employee's user id */
  employeeId: string;
  /** salon dates (YYYY-MM-DD) touched by the change */
  dates: string[];
};
export type RealtimeEvent = AppointmentsChanged;

export type Realtime = {
  subscribe: (fn: (e: RealtimeEvent) => void) => () => void;
  close: () => Promise<void>;
};

export function createRealtime(url: string, log: Logger): Realtime {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
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
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
