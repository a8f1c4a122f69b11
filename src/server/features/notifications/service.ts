import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import type { Deps, SessionUser } from '../../http/env';
import { feedIcs } from '../../notifications/ics';
import { feedTokenHash, newFeedToken, verifyStopRemindersToken, type StopRemindersSubject } from '../../notifications/tokens';
import { sql } from 'drizzle-orm';
import { feedAppointments, feedOwner, feedStatusOf, readReminders, replaceFeedToken, stopRecordReminders, stopSubjectExists, writeReminders } from './queries';
import { isId } from '../../http/params';

type Ctx = Pick<Deps, 'db' | 'now' | 'config' | 'messageSecret'>;

export const remindersOf = (ctx: Ctx, user: SessionUser) => readReminders(ctx.db, user.id);

export async function setReminders(ctx: Ctx, user: SessionUser, reminders: boolean): Promise<boolean> {
  await writeReminders(ctx.db, user.id, reminders, ctx.now());
  return reminders;
}

/** Whom a stop-reminders token names, if it is ours and that account or record still exists. */
export async function stopRemindersSubject(ctx: Ctx, token: string): Promise<StopRemindersSubject | null> {
  const who = verifyStopRemindersToken(ctx.messageSecret, token);
  if (!who || ('record' in who && !isId(who.record))) return null;
  return (await stopSubjectExists(ctx.db, who)) ? who : null;
}

/**
 * The POST of the link (the page's button, or the mail provider's RFC 8058 one-click POST): true
 * when the token was ours and reminders are now off, on the account or on the client record.
 */
export async function stopRemindersByToken(ctx: Ctx, token: string): Promise<StopRemindersSubject | null> {
  const who = verifyStopRemindersToken(ctx.messageSecret, token);
  if (!who) return null;
  if ('account' in who) return (await writeReminders(ctx.db, who.account, false, ctx.now())) ? who : null;
  return isId(who.record) && (await stopRecordReminders(ctx.db, who.record, ctx.now())) ? who : null;
}

const feedUrl = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/api/messages/calendar.ics?token=${token}`;

/** Whether there is a feed; its URL was shown once, when it was made (ADR 032). */
export const calendarFeedStatus = (ctx: Ctx, user: SessionUser) => feedStatusOf(ctx.db, user.id);

/** A new secret URL, shown this once; the old one stops working with this commit. */
export async function regenerateCalendarFeed(ctx: Ctx, user: SessionUser): Promise<string> {
  const token = newFeedToken();
  await replaceFeedToken(ctx.db, user.id, feedTokenHash(token));
  return feedUrl(ctx, token);
}

/** The .ics of the token's owner, or null (unknown token, or the owner is no longer active staff). */
export async function calendarFeed(ctx: Ctx, token: string): Promise<string | null> {
  const owner = await feedOwner(ctx.db, feedTokenHash(token));
  if (!owner) return null;
  const now = ctx.now();
  const rows = await feedAppointments(ctx.db, owner, new Date(now.getTime() - 7 * 86_400_000));
  const salon = await ctx.db.execute<{ name: string; address: string }>(sql`SELECT name, address FROM salon_settings WHERE id = 1`);
  const s = salon.rows[0];
  const salonName = s?.name || DEFAULT_SALON_NAME;
  return feedIcs(
    owner.role === 'admin' ? `${salonName}: todas las citas` : `${salonName}: citas de ${owner.name}`,
    rows.map((r) => ({
      id: r.id,
      start: new Date(r.start_time),
      end: new Date(r.end_time),
      summary:
        owner.role === 'admin' ? `${r.service_name} · ${r.client_name} (${r.employee_name})` : `${r.service_name} · ${r.client_name}`,
      description: `Cliente: ${r.client_name}\nServicio: ${r.service_name}\nProfesional: ${r.employee_name}`,
      location: [salonName, s?.address ?? ''].filter(Boolean).join(', '),
      sequence: r.message_sequence,
    })),
    now,
  );
}
