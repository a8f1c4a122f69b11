// How a client paid: the salon's own record, never an invoice (ADR 039, on VeriFactu).
// Shared by the bonos (a bono's sale), the gift cards (a card's sale) and the payments (cobros).

export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'bizum', 'bono', 'tarjeta_regalo', 'otro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a sale (a bono, a gift card) can be paid with: money, not another bono or card. */
export const SALE_METHODS = ['efectivo', 'tarjeta', 'bizum', 'otro'] as const satisfies readonly PaymentMethod[];
export type SaleMethod = (typeof SALE_METHODS)[number];

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  bizum: 'Bizum',
  bono: 'Bono',
  tarjeta_regalo: 'Tarjeta regalo',
  otro: 'Otro',
};
