import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { CashFigures, TillState } from '../../domain/cash-close';
import { DESK_PAYMENT_METHODS } from '../../domain/payments';
import type { PaymentMethod } from '../../domain/payment-methods';
import { dayBounds, SALON_TIME_ZONE } from '../../domain/salon-time';
import type { Db, Tx } from './client';
import { cashCloses, cashDays, cashMovements } from './schema';

// A salon day's till as the rooms that show money read it (docs/decisions/054-the-till-and-its-close.md):
// the cash-close room (opening, counting, closing) and the payments room (the Caja del día and
// its CSV name the opening, the movements and the close). A room never imports another, so it
// sits here, beside the lock that every write of a day's money takes (migration 0021_cash_close).

type Reader = Pick<Db, 'select' | 'execute'>;

/**
 * The day's till lock: shared for a write of its money (the trigger till_day_guard takes it for
 * every row), exclusive for its close, which then reads every write committed before it and none
 * that comes after unseen. Taken after a transaction's row locks (the appointment, a gift card):
 * the close holds no row a writer waits for, so the two never wait on each other in a circle.
 */
export async function lockTillDay(tx: Tx, day: string, exclusive: boolean) {
  await tx.execute(sql`SELECT lock_till_day(${day}::date, ${exclusive})`);
}

/** The close that stands for the day (not reopened), if any. */
export async function standingCloseOf(db: Pick<Db, 'select'>, day: string) {
  const [row] = await db
    .select()
    .from(cashCloses)
    .where(and(eq(cashCloses.day, day), sql`${cashCloses.reopenedAt} IS NULL`));
  return row;
}

export async function openingOf(db: Pick<Db, 'select'>, day: string) {
  const [row] = await db.select().from(cashDays).where(eq(cashDays.day, day));
  return row;
}

/** What the day's money is in cash, now: the float, the cash taken and sold, put in and taken out; and the rest by method. */
export async function cashFiguresOf(
  db: Reader,
  day: string,
): Promise<{ figures: CashFigures; opened: boolean; otherMethods: { method: PaymentMethod; total: number }[] }> {
  const { start, end } = dayBounds(day, SALON_TIME_ZONE);
  const [s, e] = [start.toISOString(), end.toISOString()];
  // `col` is one of the column names below, never input.
  const inDay = (col: string) => sql`${sql.raw(col)} >= ${s}::timestamptz AND ${sql.raw(col)} < ${e}::timestamptz`;
  const { rows } = await db.execute<{ method: string; kind: string; total: string }>(sql`
    SELECT 'float' AS kind, '' AS method, opening_float::text AS total FROM cash_days WHERE day = ${day}::date
    UNION ALL
    SELECT 'payment', p.method, sum(p.amount)::text FROM payments p
     WHERE ${inDay('p.created_at')} AND NOT EXISTS (SELECT 1 FROM payment_corrections c WHERE c.payment_id = p.id) GROUP BY p.method
    UNION ALL
    SELECT 'sale', sale_method, sum(amount)::text FROM gift_cards WHERE ${inDay('created_at')} GROUP BY sale_method
    UNION ALL
    SELECT 'sale', payment_method, sum(amount)::text FROM bonos WHERE ${inDay('sold_at')} GROUP BY payment_method
    UNION ALL
    SELECT kind, '', sum(amount)::text FROM cash_movements WHERE ${inDay('created_at')} GROUP BY kind`);
  const sum = (pred: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(pred).reduce((t, r) => t + Math.round(Number(r.total) * 100), 0) / 100;
  const floatRow = rows.find((r) => r.kind === 'float');
  const others = DESK_PAYMENT_METHODS.filter((m) => m !== 'efectivo' && m !== 'tarjeta_regalo');
  return {
    opened: !!floatRow,
    figures: {
      openingFloat: floatRow ? Number(floatRow.total) : 0,
      cashPayments: sum((r) => r.kind === 'payment' && r.method === 'efectivo'),
      cashSales: sum((r) => r.kind === 'sale' && r.method === 'efectivo'),
      cashIn: sum((r) => r.kind === 'entrada'),
      cashOut: sum((r) => r.kind === 'salida'),
    },
    otherMethods: others
      .map((method) => ({ method, total: sum((r) => (r.kind === 'payment' || r.kind === 'sale') && r.method === method) }))
      .filter((m) => m.total !== 0),
  };
}

/** The day's till for the Caja and its CSV: its opening, every close (reopened ones too), the cash put in and taken out. */
export async function tillOfDay(db: Pick<Db, 'select'>, day: string) {
  const { start, end } = dayBounds(day, SALON_TIME_ZONE);
  const [opening, closes, movements] = await Promise.all([
    openingOf(db, day),
    db.select().from(cashCloses).where(eq(cashCloses.day, day)).orderBy(asc(cashCloses.closedAt), asc(cashCloses.id)),
    db
      .select({
        id: cashMovements.id,
        kind: cashMovements.kind,
        amount: cashMovements.amount,
        reason: cashMovements.reason,
        byName: cashMovements.byName,
        createdAt: cashMovements.createdAt,
      })
      .from(cashMovements)
      .where(and(gte(cashMovements.createdAt, start), lt(cashMovements.createdAt, end)))
      .orderBy(asc(cashMovements.createdAt), asc(cashMovements.id)),
  ]);
  const standing = closes.find((c) => c.reopenedAt === null);
  const state: TillState = standing ? 'closed' : opening ? 'open' : 'not_opened';
  return {
    state,
    opening: opening
      ? { openingFloat: opening.openingFloat, openedByName: opening.openedByName, openedAt: opening.openedAt.toISOString() }
      : null,
    closes: closes.map(({ closedByUserId: _c, reopenedByUserId: _r, ...c }) => ({
      ...c,
      closedAt: c.closedAt.toISOString(),
      reopenedAt: c.reopenedAt?.toISOString() ?? null,
    })),
    movements: movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export type TillOfDay = Awaited<ReturnType<typeof tillOfDay>>;
