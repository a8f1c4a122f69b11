import { Hono } from 'hono';
import { z } from 'zod';
import { CLOSED_DAY_ROLES, DENOMINATIONS, REASON_MAX, TILL_ROLES } from '../../../domain/cash-close';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { CASH_MOVEMENT_KINDS } from '../../db/schema';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole } from '../../http/guards';
import { isSalonDay } from '../../http/salon-day';
import { validate } from '../../http/validate';
import { tillDay, unclosedDays } from './day';
import { closeDay, openDay, recordMovement, reopenDay } from './service';

// Numbers are bounded here only to keep nonsense out; the rules (whole cents, limits) are the domain's, in the service.
const amount = (msg: string) => z.number({ error: msg }).min(-10_000_000, msg).max(10_000_000, msg);
const reason = z.string({ error: CASH_CLOSE_MSG.reasonRequired }).max(REASON_MAX * 4, CASH_CLOSE_MSG.reasonTooLong);
const DayParam = z.strictObject({ date: z.string({ error: CASH_CLOSE_MSG.dayInvalid }).refine(isSalonDay, CASH_CLOSE_MSG.dayInvalid) });
const OpenBody = z.strictObject({ openingFloat: amount(CASH_CLOSE_MSG.floatInvalid) });
const CountLine = z.strictObject({ value: amount(CASH_CLOSE_MSG.countInvalid), count: amount(CASH_CLOSE_MSG.countInvalid) });
const CloseBody = z.strictObject({
  counted: amount(CASH_CLOSE_MSG.countedInvalid),
  count: z.array(CountLine, { error: CASH_CLOSE_MSG.countInvalid }).max(DENOMINATIONS.length, CASH_CLOSE_MSG.countInvalid).optional(),
  reason: reason.optional(),
  expected: amount(CASH_CLOSE_MSG.expectedInvalid),
});
const ReopenBody = z.strictObject({ reason });
const MovementBody = z.strictObject({
  kind: z.enum(CASH_MOVEMENT_KINDS, CASH_CLOSE_MSG.movementKindInvalid),
  amount: amount(CASH_CLOSE_MSG.movementAmountInvalid),
  reason,
});

/** The desk (TILL_ROLES: the admin and the receptionist, ADR 063). */
const desk = () => requireRole(...TILL_ROLES);
/** Who may change a closed day, and reopen it (CLOSED_DAY_ROLES: the admin). */
const closedDayOwner = () => requireRole(...CLOSED_DAY_ROLES);

/**
 * /api/cash-close — the till of a salon day and its close (docs/decisions/054-the-till-and-its-close.md):
 *   GET  /days/:date          desk: its state, opening, cash figures now, movements, the close and what changed after it
 *   POST /days/:date/open     desk: {openingFloat} (today or a day before)
 *   POST /days/:date/close    desk: {counted, count?, reason?, expected}: expected is what the desk saw
 *   POST /days/:date/reopen   admin: {reason}
 *   POST /movements           desk: {kind: entrada|salida, amount, reason}, today's drawer
 *   GET  /pending             desk: the days before today left without a close
 */
export const cashCloseRoutes = (deps: Pick<Deps, 'db' | 'now'>) =>
  new Hono<AppEnv>()
    .get('/pending', desk(), async (c) => c.json(await unclosedDays(deps)))
    .get('/days/:date', desk(), validate('param', DayParam), async (c) =>
      c.json(await tillDay(deps, c.get('user'), c.req.valid('param').date)),
    )
    .post('/days/:date/open', desk(), validate('param', DayParam), validate('json', OpenBody), async (c) => {
      const { date } = c.req.valid('param');
      await openDay(deps, c.get('user'), date, c.req.valid('json'));
      return c.json(await tillDay(deps, c.get('user'), date), 201);
    })
    .post('/days/:date/close', desk(), validate('param', DayParam), validate('json', CloseBody), async (c) => {
      const { date } = c.req.valid('param');
      await closeDay(deps, c.get('user'), date, c.req.valid('json'));
      return c.json(await tillDay(deps, c.get('user'), date), 201);
    })
    .post('/days/:date/reopen', closedDayOwner(), validate('param', DayParam), validate('json', ReopenBody), async (c) => {
      const { date } = c.req.valid('param');
      await reopenDay(deps, c.get('user'), date, c.req.valid('json'));
      return c.json(await tillDay(deps, c.get('user'), date));
    })
    .post('/movements', desk(), validate('json', MovementBody), async (c) => {
      const { day } = await recordMovement(deps, c.get('user'), c.req.valid('json'));
      return c.json(await tillDay(deps, c.get('user'), day), 201);
    });
