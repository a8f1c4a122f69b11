import { Hono } from 'hono';
import { z } from 'zod';
import { DESK_PAYMENT_METHODS, PAYMENT_LINES_MAX } from '../../../domain/payments';
import { DESK_ROLES, STAFF_ROLES } from '../../../domain/roles';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { eurosField } from '../../http/money-schema';
import { IdParam } from '../../http/params';
import { isSalonDay } from '../../http/salon-day';
import { validate } from '../../http/validate';
import { cajaCsv, cajaDay } from './caja';
import { appointmentPayments, recordPayment } from './service';
import { correctPaymentLine, voidPaymentLine } from './corrections';
import { CorrectionBody, VoidBody } from './correction-bodies';
import { mayCorrectPayments } from '../../../domain/cash-close';
import { ROLES } from '../../../domain/roles';

const Line = z.strictObject({
  method: z.enum(DESK_PAYMENT_METHODS, STAFF_MSG.paymentMethodInvalid),
  amount: eurosField(STAFF_MSG.paymentAmountInvalid),
  giftCardCode: z.string({ error: STAFF_MSG.paymentGiftCardCodeRequired }).max(40, STAFF_MSG.giftCardNotFound).optional(),
});
const PaymentBody = z.strictObject({
  lines: z.array(Line, { error: STAFF_MSG.paymentLinesInvalid }).min(1, STAFF_MSG.paymentLinesInvalid).max(PAYMENT_LINES_MAX, STAFF_MSG.paymentLinesInvalid),
  discountReason: z.string({ error: STAFF_MSG.paymentDiscountReasonTooLong }).max(400, STAFF_MSG.paymentDiscountReasonTooLong).optional(),
});
const DayQuery = z.strictObject({ date: z.string({ error: MSG.invalidInput }).refine(isSalonDay, MSG.invalidInput) });

const staff = () => requireRole(...STAFF_ROLES);
/** Who voids or corrects a line (ADR 054): the admin, open day or closed. */
const corrector = () => requireRole(...ROLES.filter(mayCorrectPayments));

/**
 * /api/payments — cobros and the Caja del día (ADR 039). Every route says its own guard:
 *   GET  /appointments/:id   staff (an employee: her own appointments): its payment lines, paid, remaining
 *   POST /appointments/:id   staff: {lines: [{method, amount, giftCardCode?}], discountReason?}
 *   GET  /caja?date=         the desk (admin, receptionist: ADR 063): the day's payments, gift cards and bonos sold, bono sessions spent, totals, completed without payment
 *   GET  /caja/csv?date=     the desk: the same as a CSV for the accountant (semicolons, decimal comma, BOM)
 *   POST /lines/:id/void     admin: {reason}: the line no longer counts (a card line's amount goes back to the card)
 *   POST /lines/:id/correct  admin: {method, amount, reason}: the line replaced by the corrected one (ADR 054)
 */
export const paymentsRoutes = (deps: Pick<Deps, 'db' | 'now' | 'messageSecret' | 'rateLimit'>) =>
  new Hono<AppEnv>()
    .get('/appointments/:id', staff(), validate('param', IdParam), async (c) => c.json(await appointmentPayments(deps, c.get('user'), c.req.valid('param').id)))
    .post('/appointments/:id', staff(), validate('param', IdParam), validate('json', PaymentBody), async (c) =>
      c.json(await recordPayment(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/caja', requireRole(...DESK_ROLES), validate('query', DayQuery), async (c) => c.json(await cajaDay(deps, c.req.valid('query').date)))
    .get('/caja/csv', requireRole(...DESK_ROLES), validate('query', DayQuery), async (c) => {
      const date = c.req.valid('query').date;
      return c.body(cajaCsv(await cajaDay(deps, date)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="caja-${date}.csv"`,
      });
    })
    .post('/lines/:id/void', corrector(), validate('param', IdParam), validate('json', VoidBody), async (c) =>
      c.json(await voidPaymentLine(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/lines/:id/correct', corrector(), validate('param', IdParam), validate('json', CorrectionBody), async (c) =>
      c.json(await correctPaymentLine(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
    );
