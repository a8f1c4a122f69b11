import { z } from 'zod';
import { REASON_MAX } from '../../../domain/cash-close';
import { DESK_PAYMENT_METHODS } from '../../../domain/payments';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { STAFF_MSG } from '../../../domain/texts/staff';

// What the admin sends to void or correct a payment line (ADR 054). A correction names a desk
// method other than a gift card (a card line is voided, and paid again with the card).

const reason = z.string({ error: CASH_CLOSE_MSG.reasonRequired }).max(REASON_MAX * 4, CASH_CLOSE_MSG.reasonTooLong);
const CORRECTION_METHODS = DESK_PAYMENT_METHODS.filter((m) => m !== 'tarjeta_regalo') as ['efectivo', 'tarjeta', 'bizum', 'otro'];

export const VoidBody = z.strictObject({ reason });
export const CorrectionBody = z.strictObject({
  method: z.enum(CORRECTION_METHODS, CASH_CLOSE_MSG.correctionMethodInvalid),
  amount: z
    .number({ error: STAFF_MSG.paymentAmountInvalid })
    .min(-1_000_000, STAFF_MSG.paymentAmountInvalid)
    .max(1_000_000, STAFF_MSG.paymentAmountInvalid),
  reason,
});
