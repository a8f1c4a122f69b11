import { queryOptions, useQuery } from '@tanstack/react-query';
import { mayUseTill } from '../../domain/cash-close';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { CASH_CLOSE_MSG } from '../../domain/texts/cash-close';
import { api, call } from '../lib/api';
import { useSession } from './session';

// The till of a salon day and its close (/api/cash-close, docs/decisions/054-the-till-and-its-close.md).
// Types come from the server's routes; nothing is hand-copied.

const c = api['cash-close'];
export type TillDay = InferResponseType<(typeof c.days)[':date']['$get'], 200>;
export type TillClose = NonNullable<TillDay['close']>;
export type CloseChange = TillClose['changes'][number];
export type CloseInput = InferRequestType<(typeof c.days)[':date']['close']['$post']>['json'];
export type MovementInput = InferRequestType<typeof c.movements.$post>['json'];

export const tillDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['cash-close', 'day', date] as const,
    queryFn: () => call(c.days[':date'].$get({ param: { date } }), CASH_CLOSE_MSG.tillLoadFailed),
  });

/** The days before today left without a close: the Caja, the dashboard and the day view point them out. */
export const unclosedDaysQuery = () =>
  queryOptions({
    queryKey: ['cash-close', 'pending'] as const,
    queryFn: () => call(c.pending.$get(), CASH_CLOSE_MSG.tillLoadFailed),
    staleTime: 60_000,
  });

/** The days left without a close, for the desk only (TILL_ROLES): nobody else is asked. */
export function useUnclosedDays() {
  const { user } = useSession();
  return useQuery({ ...unclosedDaysQuery(), enabled: mayUseTill(user?.role) }).data?.days;
}

export const openTill = (date: string, openingFloat: number) =>
  call(c.days[':date'].open.$post({ param: { date }, json: { openingFloat } }), CASH_CLOSE_MSG.openFailed);

export const closeTill = (date: string, json: CloseInput) =>
  call(c.days[':date'].close.$post({ param: { date }, json }), CASH_CLOSE_MSG.closeFailed);

export const reopenTill = (date: string, reason: string) =>
  call(c.days[':date'].reopen.$post({ param: { date }, json: { reason } }), CASH_CLOSE_MSG.reopenFailed);

export const recordCashMovement = (json: MovementInput) => call(c.movements.$post({ json }), CASH_CLOSE_MSG.movementFailed);

/** Where the close of a day is. */
export const cashCloseHref = (date: string) => `/admin/cierre-de-caja?dia=${encodeURIComponent(date)}`;
