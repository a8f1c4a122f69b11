// What components/payment-form.tsx asks the server, handed in by the page (api/payments.ts's
// `paymentCalls`), so that the form imports no API (the rule of components/, like reschedule-calls.ts).

import type { PaymentMethod } from '../../domain/payment-methods';

export type PaymentLine = {
  id: string;
  method: PaymentMethod;
  amount: number;
  discountReason: string;
  recordedByName: string;
  createdAt: string;
  giftCardLast4: string | null;
  /** Voided or corrected by the admin (ADR 054): it no longer counts. */
  voidedAt: string | null;
  voidKind: 'void' | 'correction' | null;
  voidReason: string | null;
};

export type PaymentsSummary = {
  appointment: { id: string; price: number; status: string; payable: boolean };
  payments: PaymentLine[];
  paid: number;
  /** Settled below the price, with a reason: nothing more to collect. */
  discounted: boolean;
  /** Paid with a session of this bono (ADR 037): nothing to collect. */
  bono: { name: string; spent: boolean } | null;
  remaining: number;
};

type PaymentsState = { data?: PaymentsSummary; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

/** The owner's discount limit and reasons (ADR 052), for the discount's field. */
export type DiscountRules = { staffDiscountMaxPercent: number; discountReasons: string[]; unlimited: boolean };

export type PaymentCalls = {
  usePayments: (appointmentId: string) => PaymentsState;
  useDiscountRules: () => { data?: DiscountRules };
  record: (
    appointmentId: string,
    body: { lines: { method: Exclude<PaymentMethod, 'bono'>; amount: number; giftCardCode?: string }[]; discountReason?: string },
  ) => Promise<unknown>;
};
