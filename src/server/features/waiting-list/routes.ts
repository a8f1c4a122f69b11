import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../domain/texts/common';
import { STAFF_ROLES } from '../../../domain/roles';
import { isValidTime } from '../../../domain/salon-time';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { isPartOfDay, type PartOfDay } from '../../../domain/waiting-list';
import { errorJson } from '../../http/errors';
import { isSalonDay } from '../../http/salon-day';
import type { AppEnv } from '../../http/env';
import { requireRole, requireUser } from '../../http/guards';
import { IdParam } from '../../http/params';
import { validate } from '../../http/validate';
import { bookByLink, offerOfLink, stateOf, withdrawByLink } from './link-service';
import { offerAskPage, offerBookedPage, offerGonePage, offerInvalidPage, offerRefusedPage, offerWithdrawnPage } from './offer-page';
import type { BookingPort } from './port';
import { addDeskEntry, addMyEntry, deskDay, deskOffer, myEntries, withdrawByDesk, withdrawMine, type Ctx } from './service';

// A signed token is some 100 characters; anything much longer is not one of ours.
const TokenQuery = z.strictObject({ token: z.string().min(1).max(400) });
const day = z.string({ error: WAITING_MSG.invalidDate }).refine(isSalonDay, WAITING_MSG.invalidDate);
const id = z.string().max(100);
const hour = z.string({ error: WAITING_MSG.invalidTime }).max(5).refine(isValidTime, WAITING_MSG.invalidTime);
const part = z.custom<PartOfDay>(isPartOfDay, WAITING_MSG.invalidPart);

const entryFields = {
  serviceId: id,
  /** null: anyone who does the service */
  professionalId: id.nullable(),
  fromDate: day,
  toDate: day,
  partOfDay: part,
  /** An hours range (ADR 090), both or neither; absent: her part of the day alone. */
  fromTime: hour.nullish(),
  toTime: hour.nullish(),
};
const EntryBody = z.strictObject(entryFields);
const DeskEntryBody = z.strictObject({ ...entryFields, clientId: id });
const DayQuery = z.strictObject({ date: day });
const OfferBody = z.strictObject({ professionalId: id, date: day, time: z.string().max(5).refine(isValidTime, WAITING_MSG.invalidDate) });
const staff = () => requireRole(...STAFF_ROLES);

/** A browser gets the page; anything else (a test, a script) the JSON. */
const wantsHtml = (c: Context<AppEnv>) => (c.req.header('accept') ?? '').includes('text/html');

/**
 * /api/waiting-list (ADR 070-073): the client's own entries, the desk's list and one-tap offer,
 * and the page an offer's link opens (no sign-in: the signed link names one offer).
 */
export const waitingListRoutes = (deps: Ctx, booking: BookingPort) => {
  const invalid = (c: Context<AppEnv>) =>
    wantsHtml(c) ? c.html(offerInvalidPage(), 404) : errorJson(c, 404, 'invalid_link', WAITING_MSG.offerInvalid);
  return (
    new Hono<AppEnv>()
      // The link's GET only shows the time and one button: a link preview books nothing.
      .get('/offer', validate('query', TokenQuery), async (c) => {
        const token = c.req.valid('query').token;
        const offer = await offerOfLink(deps, token);
        if (!offer) return invalid(c);
        const state = await stateOf(deps, booking, offer);
        if (!wantsHtml(c))
          return c.json({ state, serviceName: offer.serviceName, employeeName: offer.employeeName, startTime: offer.startTime });
        if (state === 'booked') return c.html(offerBookedPage(offer));
        return c.html(state === 'open' ? offerAskPage(offer, token) : offerGonePage(offer, token, false));
      })
      // The page's button (a form POST from the page itself: the same origin).
      .post('/offer/book', validate('query', TokenQuery), async (c) => {
        const token = c.req.valid('query').token;
        const offer = await offerOfLink(deps, token);
        if (!offer) return invalid(c);
        const done = await bookByLink(deps, booking, offer);
        if (done.kind === 'booked')
          return wantsHtml(c) ? c.html(offerBookedPage((await offerOfLink(deps, token)) ?? offer)) : c.json({ booked: true });
        if (done.kind === 'gone') {
          if (wantsHtml(c)) return c.html(offerGonePage(offer, token, done.lostRace), 409);
          return errorJson(c, 409, 'slot_taken', done.lostRace ? MSG.slotTaken : WAITING_MSG.offerGone);
        }
        return wantsHtml(c)
          ? c.html(offerRefusedPage(offer, done.message), done.status)
          : errorJson(c, done.status, done.code, done.message);
      })
      .post('/offer/withdraw', validate('query', TokenQuery), async (c) => {
        const offer = await offerOfLink(deps, c.req.valid('query').token);
        if (!offer) return invalid(c);
        await withdrawByLink(deps, offer);
        return wantsHtml(c) ? c.html(offerWithdrawnPage(offer)) : c.json({ withdrawn: true });
      })
      // The client's own (any signed-in person books for herself, SPEC §6).
      .get('/mine', requireUser(), async (c) => c.json(await myEntries(deps, c.get('user'))))
      .post('/mine', requireUser(), validate('json', EntryBody), async (c) =>
        c.json(await addMyEntry(deps, c.get('user'), c.req.valid('json')), 201),
      )
      .delete('/mine/:id', requireUser(), validate('param', IdParam), async (c) =>
        c.json(await withdrawMine(deps, c.get('user'), c.req.valid('param').id)),
      )
      // The desk (the roles that have the day view).
      .get('/day', staff(), validate('query', DayQuery), async (c) => c.json(await deskDay(deps, booking, c.req.valid('query').date)))
      .post('/entries', staff(), validate('json', DeskEntryBody), async (c) => c.json(await addDeskEntry(deps, c.req.valid('json')), 201))
      .post('/entries/:id/offer', staff(), validate('param', IdParam), validate('json', OfferBody), async (c) =>
        c.json(await deskOffer(deps, booking, c.req.valid('param').id, c.req.valid('json'))),
      )
      .delete('/entries/:id', staff(), validate('param', IdParam), async (c) => c.json(await withdrawByDesk(deps, c.req.valid('param').id)))
  );
};
