import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { calendarFeeds, session } from '../db/schema';

// Ending a staff member's access (ADR 032): every session of the account and its calendar feed,
// which opens her appointments without a session. Used when an employee is deactivated, by the
// admin's "Quitar acceso ahora", and (the feed only) after a password reset.

type Executor = Db | Tx;

/** The feed stops answering at once; the staff member makes a new one when she needs it. */
export async function revokeCalendarFeed(db: Executor, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Signs the account out everywhere and revokes its feed; how many sessions were ended. */
export async function endStaffAccess(db: Executor, userId: string): Promise<{ sessionsEnded: number }> {
  const ended = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  await revokeCalendarFeed(db, userId);
  return { sessionsEnded: ended.length };
}
