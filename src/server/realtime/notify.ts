import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CHANNEL, type RealtimeEvent } from './realtime';

type Executor = Pick<Db, 'execute'>;

/** Queue an event; inside a transaction PostgreSQL delivers it only when that transaction commits. */
export async function notify(tx: Executor, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}
