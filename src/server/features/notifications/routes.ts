import { Hono } from 'hono';
import { z } from 'zod';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { AGENDA_ROLES } from '../../../domain/roles';
import { requireRole, requireUser } from '../../http/guards';
import { validate } from '../../http/validate';
import { failedMessages, refusedMessages } from './queries';
import {
  calendarFeed,
  calendarFeedStatus,
  regenerateCalendarFeed,
  remindersOf,
  setReminders,
  stopRemindersByToken,
  stopRemindersSubject,
} from './service';
import { stopRemindersAskPage, stopRemindersDonePage } from './stop-reminders-page';

const TokenQuery = z.strictObject({ token: z.string().min(1).max(400) });
const PreferencesBody = z.strictObject({ reminders: z.boolean() });

/** /api/messages (ADR 021, 022): reminder preference, the one-click stop link, failed messages, calendar feeds. */
export const notificationsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'config' | 'messageSecret'>) =>
  new Hono<AppEnv>()
    .get('/preferences', requireUser(), async (c) => c.json({ reminders: await remindersOf(deps, c.get('user')) }))
    .put('/preferences', requireUser(), validate('json', PreferencesBody), async (c) =>
      c.json({ reminders: await setReminders(deps, c.get('user'), c.req.valid('json').reminders) }),
    )
    // The emails' link: its GET only shows a page with a button (a mail scanner following links
    // must not stop anything, ADR 029) ...
    .get('/stop-reminders', validate('query', TokenQuery), async (c) => {
      if (!(await stopRemindersSubject(deps, c.req.valid('query').token)))
        throw badRequest(STAFF_MSG.stopRemindersInvalidLink, 'invalid_link');
      return c.html(stopRemindersAskPage());
    })
    // ... and its POST stops them: the page's button, or the mail provider's RFC 8058 one-click
    // POST (body List-Unsubscribe=One-Click, no cookie: the signed token is the credential, so the
    // body is not read). A browser gets the confirmation page, anything else JSON.
    .post('/stop-reminders', validate('query', TokenQuery), async (c) => {
      const who = await stopRemindersByToken(deps, c.req.valid('query').token);
      if (!who) throw badRequest(STAFF_MSG.stopRemindersInvalidLink, 'invalid_link');
      if (!c.req.header('accept')?.includes('text/html')) return c.json({ reminders: false });
      return c.html(
        'account' in who
          ? stopRemindersDonePage(STAFF_MSG.stopRemindersDone, true)
          : stopRemindersDonePage(STAFF_MSG.stopRemindersDoneNoAccount, false),
      );
    })
    .get('/failed', requireRole('admin'), async (c) => c.json({ messages: await failedMessages(deps.db), refused: await refusedMessages(deps.db) }))
    .get('/calendar-feed', requireRole(...AGENDA_ROLES), async (c) =>
      c.json(await calendarFeedStatus(deps, c.get('user'))),
    )
    .post('/calendar-feed', requireRole(...AGENDA_ROLES), async (c) =>
      c.json({ url: await regenerateCalendarFeed(deps, c.get('user')) }),
    )
    // The token is in the query string: request logs never hold it.
    .get('/calendar.ics', validate('query', TokenQuery), async (c) => {
      const ics = await calendarFeed(deps, c.req.valid('query').token);
      if (!ics) throw notFound(STAFF_MSG.calendarFeedNotFound);
      return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    });
