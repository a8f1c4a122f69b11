import { and, eq, sql } from 'drizzle-orm';
import {
  closeProblem,
  COUNTED_MAX,
  expectedCash,
  FLOAT_MAX,
  isCashAmount,
  MOVEMENT_MAX,
  reasonProblem,
  type CountLine,
} from '../../../domain/cash-close';
import { toCents } from '../../../domain/money';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { staffRecordName } from '../../accounts/staff-name';
import { pgErrorCode } from '../../db/client';
import { cashCloses, cashDays, cashMovements, type CashMovementKind } from '../../db/schema';
import { cashFiguresOf, lockTillDay, openingOf, standingCloseOf } from '../../db/till-days';
import type { Deps, SessionUser } from '../../http/env';
import { badRequest, conflict } from '../../http/errors';

// The till's writes (docs/decisions/054-the-till-and-its-close.md): the desk opens a day with its
// float, notes cash put in or taken out, counts and closes; the admin reopens. The routes say who
// (TILL_ROLES, CLOSED_DAY_ROLES); here are the rules and the transactions.

type Ctx = Pick<Deps, 'db' | 'now'>;

const todayOf = (ctx: Ctx) => salonDateOf(ctx.now(), SALON_TIME_ZONE);

/** Only days that have begun have a till: today and the days before. */
function pastOrToday(ctx: Ctx, day: string) {
  if (day > todayOf(ctx)) throw badRequest(CASH_CLOSE_MSG.dayInFuture, 'day_in_future');
}

function checkedReason(reason: string | undefined): string {
  const problem = reasonProblem(reason);
  if (problem) throw badRequest(problem);
  return reason!.trim();
}

/** The desk opens a day with its float; a day is opened once (a second desk gets 409). */
export async function openDay(ctx: Ctx, actor: SessionUser, day: string, input: { openingFloat: number }) {
  pastOrToday(ctx, day);
  if (!isCashAmount(input.openingFloat, FLOAT_MAX)) throw badRequest(CASH_CLOSE_MSG.floatInvalid);
  const openedByName = await staffRecordName(ctx.db, actor);
  const [row] = await ctx.db
    .insert(cashDays)
    .values({ day, openingFloat: input.openingFloat, openedByUserId: actor.id, openedByName, openedAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ day: cashDays.day });
  if (!row) throw conflict(CASH_CLOSE_MSG.alreadyOpen, 'already_open');
}

export type CloseInput = { counted: number; count?: CountLine[]; reason?: string; expected: number };

/**
 * The close: under the day's exclusive lock (writes in flight finish first, later ones wait and
 * then see it), the figures read once, compared with what the desk saw, and copied into the close.
 * Two desks closing at once: the second waits, then finds the close (409). The partial unique
 * index cash_closes_one_standing is the last word.
 */
export async function closeDay(ctx: Ctx, actor: SessionUser, day: string, input: CloseInput) {
  pastOrToday(ctx, day);
  // What the desk saw (it may be below zero when more was taken out than came in).
  if (!isCashAmount(Math.abs(input.expected), COUNTED_MAX)) throw badRequest(CASH_CLOSE_MSG.expectedInvalid);
  const problem = closeProblem(input);
  if (problem) throw badRequest(problem);
  const closedByName = await staffRecordName(ctx.db, actor);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockTillDay(tx, day, true);
      const opening = await openingOf(tx, day);
      if (!opening) throw conflict(CASH_CLOSE_MSG.notOpen, 'till_not_open');
      if (await standingCloseOf(tx, day)) throw conflict(CASH_CLOSE_MSG.alreadyClosed, 'already_closed');
      const { figures } = await cashFiguresOf(tx, day);
      const expected = expectedCash(figures);
      if (toCents(expected) !== toCents(input.expected)) throw conflict(CASH_CLOSE_MSG.figuresChanged, 'figures_changed');
      const difference = (toCents(input.counted) - toCents(expected)) / 100;
      await tx.insert(cashCloses).values({
        day,
        ...figures,
        expected,
        counted: input.counted,
        difference,
        count: input.count ? input.count.filter((l) => l.count > 0) : null,
        differenceReason: difference === 0 ? '' : input.reason!.trim(),
        closedByUserId: actor.id,
        closedByName,
        closedAt: ctx.now(),
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(CASH_CLOSE_MSG.alreadyClosed, 'already_closed');
    throw err;
  }
}

/** The admin reopens a closed day, with a reason: the close stays as history, the desk closes again later. */
export async function reopenDay(ctx: Ctx, actor: SessionUser, day: string, input: { reason: string }) {
  const reason = checkedReason(input.reason);
  const reopenedByName = await staffRecordName(ctx.db, actor);
  await ctx.db.transaction(async (tx) => {
    await lockTillDay(tx, day, true);
    const [row] = await tx
      .update(cashCloses)
      .set({ reopenedAt: ctx.now(), reopenedByUserId: actor.id, reopenedByName, reopenReason: reason })
      .where(and(eq(cashCloses.day, day), sql`${cashCloses.reopenedAt} IS NULL`))
      .returning({ id: cashCloses.id });
    if (!row) throw conflict(CASH_CLOSE_MSG.notClosed, 'not_closed');
  });
}

/**
 * Cash put into or taken out of today's drawer, with its reason. Today's till must be open; on a
 * closed day only the admin may (the trigger till_day_guard refuses anyone else, and audits her).
 */
export async function recordMovement(ctx: Ctx, actor: SessionUser, input: { kind: CashMovementKind; amount: number; reason: string }) {
  if (!isCashAmount(input.amount, MOVEMENT_MAX, false)) throw badRequest(CASH_CLOSE_MSG.movementAmountInvalid);
  const reason = checkedReason(input.reason);
  const day = todayOf(ctx);
  if (!(await openingOf(ctx.db, day))) throw conflict(CASH_CLOSE_MSG.movementNotOpen, 'till_not_open');
  const byName = await staffRecordName(ctx.db, actor);
  await ctx.db
    .insert(cashMovements)
    .values({ kind: input.kind, amount: input.amount, reason, byUserId: actor.id, byName, createdAt: ctx.now() });
  return { day };
}
