import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../domain/texts/staff';
import { api, call } from '../lib/api';

// Gift cards (tarjetas regalo, ADR 038, /api/gift-cards): the list, a sale, a look-up by code and a
// card's page. Types come from the server's routes; nothing is hand-copied.

const cards = api['gift-cards'];
export type GiftCard = InferResponseType<typeof cards.$get, 200>['giftCards'][number];
export type GiftCardPage = InferResponseType<(typeof cards)[':id']['$get'], 200>;
export type Redemption = GiftCardPage['redemptions'][number];
export type SaleInput = InferRequestType<typeof cards.$post>['json'];
export type Sale = InferResponseType<typeof cards.$post, 201>;

export const giftCardsQuery = () =>
  queryOptions({ queryKey: ['gift-cards'] as const, queryFn: () => call(cards.$get(), STAFF_MSG.giftCardsLoadFailed) });

export const giftCardQuery = (id: string) =>
  queryOptions({ queryKey: ['gift-cards', id] as const, queryFn: () => call(cards[':id'].$get({ param: { id } }), STAFF_MSG.giftCardsLoadFailed) });

export const sellGiftCard = (json: SaleInput) => call(cards.$post({ json }), STAFF_MSG.giftCardSaleFailed);

export const lookupGiftCard = (code: string) => call(cards.lookup.$post({ json: { code } }), STAFF_MSG.giftCardNotFound);

/**
 * The code of a card sold in this tab, kept in memory only (ADR 038: the server shows it once, in
 * the sale's answer): the print page reads it from here, so it never travels in a URL. A reload
 * forgets it, as it should.
 */
const soldCodes = new Map<string, string>();
export const rememberSoldCode = (id: string, code: string) => soldCodes.set(id, code);
export const soldCodeOf = (id: string) => soldCodes.get(id) ?? null;
