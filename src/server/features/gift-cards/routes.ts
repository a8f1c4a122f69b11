import { Hono } from 'hono';
import { z } from 'zod';
import { DISCOUNT_MSG, DISCOUNT_REASON_TEXT_MAX } from '../../../domain/discounts';
import { GIFT_CARD_MAX_AMOUNT, GIFT_CARD_NAME_MAX } from '../../../domain/gift-cards';
import { SALE_METHODS } from '../../../domain/payment-methods';
import { STAFF_ROLES } from '../../../domain/roles';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { eurosField } from '../../http/money-schema';
import { IdParam, lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { giftCardPage, listGiftCards, lookupGiftCard, sellGiftCard } from './service';

const name = (msg: string) => z.string({ error: msg }).max(GIFT_CARD_NAME_MAX, msg).refine((s) => !/[\p{Cc}]/u.test(s), STAFF_MSG.textControlCharacters);

const SaleBody = z.strictObject({
  amount: eurosField(STAFF_MSG.giftCardAmountInvalid).optional(),
  serviceId: lookupId.optional(),
  // ADR 052: a card for a service sold at another price, with its reason.
  saleAmount: eurosField(STAFF_MSG.giftCardAmountInvalid).min(0, STAFF_MSG.giftCardAmountInvalid).max(GIFT_CARD_MAX_AMOUNT, STAFF_MSG.giftCardAmountInvalid).optional(),
  discountReason: z.string({ error: DISCOUNT_MSG.reasonRequired }).max(DISCOUNT_REASON_TEXT_MAX * 2, DISCOUNT_MSG.reasonTooLong).refine((s) => !/[\p{Cc}]/u.test(s), STAFF_MSG.textControlCharacters).optional(),
  buyerName: name(STAFF_MSG.giftCardBuyerRequired),
  recipientName: name(STAFF_MSG.giftCardRecipientTooLong).optional(),
  saleMethod: z.enum(SALE_METHODS, STAFF_MSG.saleMethodInvalid),
  buyerClientId: lookupId.nullable().optional(),
  recipientClientId: lookupId.nullable().optional(),
});
// The code travels in a POST body, never in a URL (URLs reach logs and browser history).
const LookupBody = z.strictObject({ code: z.string({ error: STAFF_MSG.giftCardCodeRequired }).min(1, STAFF_MSG.giftCardCodeRequired).max(40, STAFF_MSG.giftCardNotFound) });

const staff = () => requireRole(...STAFF_ROLES);

/**
 * /api/gift-cards — tarjetas regalo (ADR 038), for the salon's staff (admin and employees):
 *   GET  /         the recent cards, with their state today (never a code)
 *   POST /         {amount | serviceId (saleAmount?, discountReason?: ADR 052), buyerName, recipientName?, saleMethod, buyerClientId?, recipientClientId?}:
 *                  sells one; the answer carries its code, shown this once
 *   POST /lookup   {code}: the card with that code (404 for any wrong code; rate limited per staff member)
 *   GET  /:id      the card and what it paid
 */
export const giftCardsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'messageSecret' | 'rateLimit'>) =>
  new Hono<AppEnv>()
    .get('/', staff(), async (c) => c.json(await listGiftCards(deps)))
    .post('/', staff(), validate('json', SaleBody), async (c) => c.json(await sellGiftCard(deps, c.get('user'), c.req.valid('json')), 201))
    .post('/lookup', staff(), validate('json', LookupBody), async (c) => c.json(await lookupGiftCard(deps, c.get('user'), c.req.valid('json').code)))
    .get('/:id', staff(), validate('param', IdParam), async (c) => c.json(await giftCardPage(deps, c.req.valid('param').id)));
