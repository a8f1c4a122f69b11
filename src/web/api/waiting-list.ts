import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { WAITING_MSG } from '../../domain/texts/waiting-list';
import { api, call } from '../lib/api';

// The waiting list's calls (src/server/features/waiting-list, ADR 070-073): the client's own
// entries, and the desk's list of a day with its one-tap offer. Loaded off the first views (the
// booking page's "Avísame" is its own chunk).

const wl = api['waiting-list'];

export type NewEntry = InferRequestType<(typeof wl)['mine']['$post']>['json'];
export type MyEntry = InferResponseType<(typeof wl)['mine']['$get'], 200>['entries'][number];
export type DeskEntry = InferResponseType<(typeof wl)['day']['$get'], 200>['entries'][number];

export const myWaitingListQuery = () =>
  queryOptions({
    queryKey: ['waiting-list', 'mine'] as const,
    queryFn: async () => (await call(wl.mine.$get(), WAITING_MSG.loadFailed)).entries,
  });

export const addMyEntry = (json: NewEntry) => call(wl.mine.$post({ json }), WAITING_MSG.saveFailed);
export const withdrawMyEntry = (id: string) => call(wl.mine[':id'].$delete({ param: { id } }), WAITING_MSG.saveFailed);

export const deskWaitingListQuery = (date: string) =>
  queryOptions({
    queryKey: ['waiting-list', 'day', date] as const,
    queryFn: async () => (await call(wl.day.$get({ query: { date } }), WAITING_MSG.loadFailed)).entries,
  });

export type NewDeskEntry = InferRequestType<(typeof wl)['entries']['$post']>['json'];
export const addDeskEntry = (json: NewDeskEntry) => call(wl.entries.$post({ json }), WAITING_MSG.saveFailed);

export const offerTime = (id: string, json: { professionalId: string; date: string; time: string }) =>
  call(wl.entries[':id'].offer.$post({ param: { id }, json }), WAITING_MSG.offerFailed);
export const withdrawDeskEntry = (id: string) => call(wl.entries[':id'].$delete({ param: { id } }), WAITING_MSG.saveFailed);
