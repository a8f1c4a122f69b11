import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { STAFF_MSG } from '../../domain/texts/staff';
import { CASH_CLOSE_MSG } from '../../domain/texts/cash-close';
import type { PaymentCalls } from '../components/payment-calls';
import { api, call } from '../lib/api';
import { discountRulesQuery } from './settings';

// Payments (cobros) and the Caja del día (ADR 039, /api/payments). The payment form is a shared
// component (the day view and the agenda both show it): `paymentCalls` is what it is handed.

const p = api.payments;
export type AppointmentPayments = InferResponseType<(typeof p.appointments)[':id']['$get'], 200>;
export type PaymentInput = InferRequestType<(typeof p.appointments)[':id']['$post']>['json'];
export type CajaDay = InferResponseType<typeof p.caja.$get, 200>;

export const appointmentPaymentsQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', id] as const,
    queryFn: () => call(p.appointments[':id'].$get({ param: { id } }), STAFF_MSG.paymentsLoadFailed),
  });

export const recordPayment = (id: string, json: PaymentInput) => call(p.appointments[':id'].$post({ param: { id }, json }), STAFF_MSG.paymentFailed);

export const cajaQuery = (date: string) =>
  queryOptions({ queryKey: ['caja', date] as const, queryFn: () => call(p.caja.$get({ query: { date } }), STAFF_MSG.cajaLoadFailed) });

/** The admin's void or correction of a line (ADR 054): the appointment's payments as they now are. */
export type LineCorrection = InferRequestType<(typeof p.lines)[':id']['correct']['$post']>['json'];
export const voidPaymentLine = (id: string, reason: string) => call(p.lines[':id'].void.$post({ param: { id }, json: { reason } }), CASH_CLOSE_MSG.correctionFailed);
export const correctPaymentLine = (id: string, json: LineCorrection) => call(p.lines[':id'].correct.$post({ param: { id }, json }), CASH_CLOSE_MSG.correctionFailed);

/** The CSV's address: a plain link downloads it with the session's cookie. */
export const cajaCsvUrl = (date: string) => `/api/payments/caja/csv?date=${encodeURIComponent(date)}`;

export const paymentCalls: PaymentCalls = {
  usePayments: (id) => useQuery(appointmentPaymentsQuery(id)),
  useDiscountRules: () => useQuery(discountRulesQuery()),
  record: recordPayment,
};
