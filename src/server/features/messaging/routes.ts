import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { STAFF_ROLES } from '../../../domain/roles';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { IdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { errorJson } from '../../http/errors';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import type { ReplyAction } from '../../notifications/tokens';
import { appointmentWhatsapp, clientWhatsapp, markReminderSent, tomorrowReminders } from './desk-service';
import { answerByLink, visitOfLink } from './link-service';
import { visitAnswerPage, visitAskPage, visitInvalidPage } from './visit-page';

// A signed token is some 100 characters; anything much longer is not one of ours.
const TokenQuery = z.strictObject({ token: z.string().min(1).max(400) });
const staff = () => requireRole(...STAFF_ROLES);

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'config' | 'messageSecret'>;

/** A browser gets the page; anything else (a test, a script) the JSON. */
const wantsHtml = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('text/html');

/**
 * /api/messaging (ADR 057): the confirm/cancel page an SMS or the desk's WhatsApp links to (no
 * sign-in: the signed link names one visit), and the desk's WhatsApp reminders (staff).
 */
export const messagingRoutes = (deps: Ctx) => {
  const answer = async (c: Context<AppEnv>, action: ReplyAction) => {
    const done = await answerByLink(deps, c.req.query('token') ?? '', action);
    if (!done) return wantsHtml(c) ? c.html(visitInvalidPage(), 404) : errorJson(c, 404, 'invalid_link', MESSAGING_MSG.visitLinkInvalid);
    return wantsHtml(c) ? c.html(visitAnswerPage(done.visit, done.answer)) : c.json({ answer: done.answer });
  };
  return new Hono<AppEnv>()
    // The link's GET only shows the visit and two buttons: a link preview acts on nothing.
    .get('/visit', validate('query', TokenQuery), async (c) => {
      const token = c.req.valid('query').token;
      const found = await visitOfLink(deps, token);
      if (!found) return wantsHtml(c) ? c.html(visitInvalidPage(), 404) : errorJson(c, 404, 'invalid_link', MESSAGING_MSG.visitLinkInvalid);
      return c.html(visitAskPage(found.visit, token, found.pending));
    })
    // The page's buttons (a form POST from the page itself: the same origin).
    .post('/visit/confirm', validate('query', TokenQuery), (c) => answer(c, 'confirm'))
    .post('/visit/cancel', validate('query', TokenQuery), (c) => answer(c, 'cancel'))
    .get('/tomorrow', staff(), async (c) => c.json(await tomorrowReminders(deps)))
    .get('/appointments/:id/whatsapp', staff(), validate('param', IdParam), async (c) => c.json(await appointmentWhatsapp(deps, c.req.valid('param').id)))
    .post('/appointments/:id/reminder-sent', staff(), validate('param', IdParam), async (c) => c.json(await markReminderSent(deps, c.req.valid('param').id)))
    .get('/clients/:id/whatsapp', staff(), validate('param', IdParam), async (c) => c.json(await clientWhatsapp(deps, c.req.valid('param').id)));
};
