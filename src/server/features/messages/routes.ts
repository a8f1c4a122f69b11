import { Hono } from 'hono';
import { z } from 'zod';
import { STAFF_MSG } from '../../../domain/staff-messages';
import type { AppEnv, Deps, SessionUser } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { requireRole, requireUser } from '../../http/guards';
import { validate } from '../../http/validate';
import { failedMessages } from './queries';
import { calendarFeed, calendarFeedStatus, regenerateCalendarFeed, remindersOf, setReminders, stopRemindersByToken } from './service';

const TokenQuery = z.strictObject({ token: z.string().min(1).max(400) });
const PreferencesBody = z.strictObject({ reminders: z.boolean() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of its own for the link opened from an email: no login, no app bundle. */
const donePage = (text: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Auna</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#2b2b2b"><p>${escapeHtml(text)}</p><p><a href="/my-appointments">Mis Citas</a></p></body></html>`;

/** /api/messages — issue 14: reminder preference, the one-click stop link, failed messages, calendar feeds. */
export const messagesRoutes = (deps: Pick<Deps, 'db' | 'now' | 'config' | 'messageSecret'>) =>
  new Hono<AppEnv>()
    .get('/preferences', requireUser(), async (c) => c.json({ reminders: await remindersOf(deps, c.get('user') as SessionUser) }))
    .put('/preferences', requireUser(), validate('json', PreferencesBody), async (c) =>
      c.json({ reminders: await setReminders(deps, c.get('user') as SessionUser, c.req.valid('json').reminders) }),
    )
    // One click from the email (a GET, signed link, no login) ...
    .get('/stop-reminders', validate('query', TokenQuery), async (c) => {
      if (!(await stopRemindersByToken(deps, c.req.valid('query').token))) throw badRequest(STAFF_MSG.stopRemindersInvalidLink, 'invalid_link');
      return c.html(donePage(STAFF_MSG.stopRemindersDone));
    })
    // ... and RFC 8058 List-Unsubscribe-Post from the mail client.
    .post('/stop-reminders', validate('query', TokenQuery), async (c) => {
      if (!(await stopRemindersByToken(deps, c.req.valid('query').token))) throw badRequest(STAFF_MSG.stopRemindersInvalidLink, 'invalid_link');
      return c.json({ reminders: false });
    })
    .get('/failed', requireRole('admin'), async (c) => c.json({ messages: await failedMessages(deps.db) }))
    .get('/calendar-feed', requireRole('employee', 'admin'), async (c) =>
      c.json(await calendarFeedStatus(deps, c.get('user') as SessionUser)),
    )
    .post('/calendar-feed', requireRole('employee', 'admin'), async (c) =>
      c.json({ url: await regenerateCalendarFeed(deps, c.get('user') as SessionUser) }),
    )
    // The token is in the query string: request logs never hold it.
    .get('/calendar.ics', validate('query', TokenQuery), async (c) => {
      const ics = await calendarFeed(deps, c.req.valid('query').token);
      if (!ics) throw notFound(STAFF_MSG.calendarFeedNotFound);
      return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    });
