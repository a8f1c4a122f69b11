import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../domain/payment-methods';
import { SALON_TIME_ZONE } from '../../../domain/salon-time';
import type { Db } from '../../db/client';
import { appointments, bonos, cashCloseChanges, cashMovements, giftCards, paymentCorrections, payments } from '../../db/schema';

// What the close reads besides the day's figures (src/server/db/till-days.ts): the audit lines of
// what changed after a close, with the rows they name, and which recent days were left unclosed.

type Reader = Pick<Db, 'select' | 'execute'>;

/** One change to a closed day's money, as the close shows it; `cashEffect` is what it did to the cash expected in the drawer. */
export type CloseChange = {
  id: string;
  closeId: string;
  at: string;
  byName: string;
  kind: 'cobro' | 'anulacion' | 'correccion' | 'venta_tarjeta' | 'venta_bono' | 'entrada' | 'salida';
  concept: string;
  method: PaymentMethod | null;
  amount: number;
  /** For a correction: the line as it was. */
  before: { method: PaymentMethod; amount: number } | null;
  reason: string;
  cashEffect: number;
};

const cash = (method: string | null | undefined, amount: number) => (method === 'efectivo' ? amount : 0);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The audit lines of these closes, oldest first, each with what it changed. */
export async function changesOf(db: Reader, closeIds: string[]): Promise<CloseChange[]> {
  if (closeIds.length === 0) return [];
  const lines = await db
    .select({
      id: cashCloseChanges.id,
      closeId: cashCloseChanges.closeId,
      source: cashCloseChanges.source,
      rowId: cashCloseChanges.rowId,
      at: cashCloseChanges.createdAt,
    })
    .from(cashCloseChanges)
    .where(inArray(cashCloseChanges.closeId, closeIds))
    .orderBy(asc(cashCloseChanges.createdAt), asc(cashCloseChanges.id));
  const ids = (source: string) => lines.filter((l) => l.source === source).map((l) => l.rowId);
  // Only the tables that have lines are read.
  const read = <T>(source: string, q: (rowIds: string[]) => Promise<T[]>) =>
    ids(source).length ? q(ids(source)) : Promise.resolve([] as T[]);
  const [paid, fixes, cards, sold, moved] = await Promise.all([
    read('payments', (rowIds) =>
      db
        .select({
          id: payments.id,
          method: payments.method,
          amount: payments.amount,
          byName: payments.recordedByName,
          serviceName: appointments.serviceName,
          clientName: appointments.clientName,
          replaced: sql<boolean>`EXISTS (SELECT 1 FROM payment_corrections c WHERE c.replacement_payment_id = ${payments.id})`,
        })
        .from(payments)
        .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
        .where(inArray(payments.id, rowIds)),
    ),
    read('payment_corrections', (rowIds) =>
      db
        .select({
          id: paymentCorrections.id,
          kind: paymentCorrections.kind,
          before: paymentCorrections.before,
          after: paymentCorrections.after,
          reason: paymentCorrections.reason,
          byName: paymentCorrections.byName,
          serviceName: appointments.serviceName,
          clientName: appointments.clientName,
        })
        .from(paymentCorrections)
        .innerJoin(payments, eq(payments.id, paymentCorrections.paymentId))
        .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
        .where(inArray(paymentCorrections.id, rowIds)),
    ),
    read('gift_cards', (rowIds) =>
      db
        .select({
          id: giftCards.id,
          amount: giftCards.amount,
          method: giftCards.saleMethod,
          byName: giftCards.soldByName,
          buyerName: giftCards.buyerName,
        })
        .from(giftCards)
        .where(inArray(giftCards.id, rowIds)),
    ),
    read('bonos', (rowIds) =>
      db
        .select({ id: bonos.id, amount: bonos.amount, method: bonos.paymentMethod, byName: bonos.soldByName, name: bonos.name })
        .from(bonos)
        .where(inArray(bonos.id, rowIds)),
    ),
    read('cash_movements', (rowIds) =>
      db
        .select({
          id: cashMovements.id,
          kind: cashMovements.kind,
          amount: cashMovements.amount,
          reason: cashMovements.reason,
          byName: cashMovements.byName,
        })
        .from(cashMovements)
        .where(inArray(cashMovements.id, rowIds)),
    ),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const [p, f, g, b, m] = [byId(paid), byId(fixes), byId(cards), byId(sold), byId(moved)];
  return lines.flatMap((l): CloseChange[] => {
    const base = { id: l.id, closeId: l.closeId, at: l.at.toISOString(), before: null, reason: '' };
    if (l.source === 'payments') {
      const x = p.get(l.rowId);
      // A corrected line is shown with its correction, not again as a payment.
      if (!x || x.replaced) return [];
      return [
        {
          ...base,
          kind: 'cobro',
          byName: x.byName,
          concept: `${x.serviceName} · ${x.clientName}`,
          method: x.method,
          amount: x.amount,
          cashEffect: cash(x.method, x.amount),
        },
      ];
    }
    if (l.source === 'payment_corrections') {
      const x = f.get(l.rowId);
      if (!x) return [];
      const was = { method: x.before.method, amount: x.before.amount };
      const now = x.after;
      return [
        {
          ...base,
          kind: x.kind === 'void' ? 'anulacion' : 'correccion',
          byName: x.byName,
          concept: `${x.serviceName} · ${x.clientName}`,
          method: now?.method ?? was.method,
          amount: now?.amount ?? was.amount,
          before: now ? was : null,
          reason: x.reason,
          cashEffect: cents(cash(now?.method, now?.amount ?? 0) - cash(was.method, was.amount)),
        },
      ];
    }
    if (l.source === 'gift_cards') {
      const x = g.get(l.rowId);
      return x
        ? [
            {
              ...base,
              kind: 'venta_tarjeta',
              byName: x.byName,
              concept: x.buyerName,
              method: x.method,
              amount: x.amount,
              cashEffect: cash(x.method, x.amount),
            },
          ]
        : [];
    }
    if (l.source === 'bonos') {
      const x = b.get(l.rowId);
      return x
        ? [
            {
              ...base,
              kind: 'venta_bono',
              byName: x.byName,
              concept: x.name,
              method: x.method,
              amount: x.amount,
              cashEffect: cash(x.method, x.amount),
            },
          ]
        : [];
    }
    // Cash put in or taken out: its reason is what it was.
    const x = m.get(l.rowId);
    return x
      ? [
          {
            ...base,
            kind: x.kind,
            byName: x.byName,
            concept: x.reason,
            method: 'efectivo',
            amount: x.amount,
            cashEffect: x.kind === 'entrada' ? x.amount : -x.amount,
          },
        ]
      : [];
  });
}

/**
 * For each of the `span` days before `today` from the first day a till was ever opened: whether it
 * was opened, whether money moved, whether a close stands. The rule of which are "unclosed" is
 * the domain's (isUnclosed); days are Europe/Madrid days, DST included.
 */
export async function recentDays(db: Reader, today: string, span: number) {
  const tz = SALON_TIME_ZONE;
  const { rows } = await db.execute<{ day: string; opened: boolean; moved: boolean; closed: boolean; first: string | null }>(sql`
    WITH first AS (SELECT min(day) AS d FROM cash_days),
    days AS (
      SELECT d::date AS day, (d::timestamp AT TIME ZONE ${tz}) AS s, ((d + interval '1 day')::timestamp AT TIME ZONE ${tz}) AS e
      FROM generate_series(greatest((SELECT d FROM first), ${today}::date - ${span}::int), ${today}::date - 1, interval '1 day') d
      WHERE (SELECT d FROM first) IS NOT NULL
    )
    SELECT days.day::text AS day, (SELECT d FROM first)::text AS first,
      EXISTS (SELECT 1 FROM cash_days c WHERE c.day = days.day) AS opened,
      EXISTS (SELECT 1 FROM cash_closes c WHERE c.day = days.day AND c.reopened_at IS NULL) AS closed,
      (EXISTS (SELECT 1 FROM payments p WHERE p.created_at >= days.s AND p.created_at < days.e)
        OR EXISTS (SELECT 1 FROM gift_cards g WHERE g.created_at >= days.s AND g.created_at < days.e)
        OR EXISTS (SELECT 1 FROM bonos b WHERE b.sold_at >= days.s AND b.sold_at < days.e)
        OR EXISTS (SELECT 1 FROM cash_movements m WHERE m.created_at >= days.s AND m.created_at < days.e)) AS moved
    FROM days ORDER BY days.day DESC`);
  return rows;
}
