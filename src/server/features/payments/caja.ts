import { spanishDate } from '../../../domain/calendar-date';
import { maskedGiftCardCode } from '../../../domain/gift-cards';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '../../../domain/payment-methods';
import { cajaBlocks, csvAmount, PREPAID_METHODS, toCsv, totalsByProfessional, type CajaLine } from '../../../domain/payments';
import { dayBounds, salonTimeOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { tillCsvRows, voidedLineCsvRows } from '../../../domain/cash-close-csv';
import { tillOfDay } from '../../db/till-days';
import type { Deps } from '../../http/env';
import { bonoSessionsSpentBetween, bonosSoldBetween } from './bono-queries';
import { completedWithoutPayment, giftCardsSoldBetween, paymentsBetween } from './queries';

// The Caja del día (ADR 039): what came in on one salon day, for the owner to count the
// till and for the accountant. Not an invoice register: Auna issues no invoices or tickets.

type Ctx = Pick<Deps, 'db'>;

export async function cajaDay(ctx: Ctx, date: string) {
  const { start, end } = dayBounds(date, SALON_TIME_ZONE);
  const [paid, sold, unpaid, bonosSold, sessions, till] = await Promise.all([
    paymentsBetween(ctx.db, start, end),
    giftCardsSoldBetween(ctx.db, start, end),
    completedWithoutPayment(ctx.db, start, end),
    bonosSoldBetween(ctx.db, start, end),
    bonoSessionsSpentBetween(ctx.db, start, end),
    tillOfDay(ctx.db, date),
  ]);
  // A sale (a gift card, a bono) is money in without a professional; a bono's session is its
  // appointment paid with the bono, at the appointment's price, which PREPAID keeps out of the till.
  const lines: CajaLine[] = [
    // A line the admin voided or corrected no longer counts (ADR 054); the Caja still lists it, marked.
    ...paid.filter((p) => !p.voidedAt).map((p) => ({ method: p.method, amount: p.amount, professional: p.employeeName })),
    ...sold.map((s) => ({ method: s.saleMethod, amount: s.amount })),
    ...bonosSold.map((b) => ({ method: b.paymentMethod, amount: b.amount })),
    ...sessions.map((s) => ({ method: 'bono' as const, amount: s.price, professional: s.employeeName })),
  ];
  return {
    date,
    payments: paid.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), startTime: p.startTime.toISOString(), voidedAt: p.voidedAt?.toISOString() ?? null })),
    giftCardsSold: sold.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    bonosSold: bonosSold.map((b) => ({ ...b, soldAt: b.soldAt.toISOString() })),
    bonoSessions: sessions.map((s) => ({ ...s, spentAt: (s.spentAt ?? s.startTime).toISOString(), startTime: s.startTime.toISOString() })),
    completedWithoutPayment: unpaid.map((u) => ({ ...u, startTime: u.startTime.toISOString() })),
    byProfessional: totalsByProfessional(lines),
    /**
     * Two blocks (ADR 052): the money that came in (moneyIn, by method), and what was paid before
     * with a gift card or a bono's session (prepaid, by method). moneyIn + prepaid = every line.
     */
    ...cajaBlocks(lines),
    /** The day's till (ADR 054): its opening, cash put in and taken out, its closes. */
    till,
  };
}

export type CajaDay = Awaited<ReturnType<typeof cajaDay>>;

// 'Motivo': a discount's, a void's or correction's, a cash difference's (ADR 054); 'Bloque' (ADR 052).
const CSV_HEADER = ['Fecha', 'Hora', 'Tipo', 'Concepto', 'Cliente', 'Profesional', 'Método', 'Importe (€)', 'Motivo', 'Registrado por', 'Bloque'];

/** The Caja's block of a line (ADR 052): summing the CSV by this column gives the page's two totals. */
const blockOf = (method: PaymentMethod) => (PREPAID_METHODS.includes(method) ? 'Ya pagado antes' : 'Entrada de dinero');

/** One movement per line, in the order they happened: what the accountant adds up in Excel. */
export function cajaCsv(day: CajaDay): string {
  const d = spanishDate(day.date);
  const rows = [
    ...day.payments.map((p) => ({
      at: p.createdAt,
      cells: [d, salonTimeOf(new Date(p.createdAt), SALON_TIME_ZONE), 'Cobro', p.serviceName, p.clientName, p.employeeName, PAYMENT_METHOD_LABEL[p.method], csvAmount(p.amount), p.discountReason, p.recordedByName, blockOf(p.method)],
    })),
    ...day.giftCardsSold.map((s) => ({
      at: s.createdAt,
      cells: [
        d,
        salonTimeOf(new Date(s.createdAt), SALON_TIME_ZONE),
        'Venta de tarjeta regalo',
        `Tarjeta regalo ${maskedGiftCardCode(s.codeLast4)}${s.serviceName ? ` (${s.serviceName})` : ''}`,
        s.buyerName,
        '',
        PAYMENT_METHOD_LABEL[s.saleMethod],
        csvAmount(s.amount),
        s.discountReason,
        s.soldByName,
        blockOf(s.saleMethod),
      ],
    })),
    ...day.bonosSold.map((b) => ({
      at: b.soldAt,
      cells: [d, salonTimeOf(new Date(b.soldAt), SALON_TIME_ZONE), 'Venta de bono', b.name, b.clientName, '', PAYMENT_METHOD_LABEL[b.paymentMethod], csvAmount(b.amount), b.discountReason, b.soldByName, blockOf(b.paymentMethod)],
    })),
    ...day.bonoSessions.map((s) => ({
      at: s.spentAt,
      cells: [d, salonTimeOf(new Date(s.spentAt), SALON_TIME_ZONE), 'Sesión de bono', `${s.serviceName} (${s.bonoName})`, s.clientName, s.employeeName, PAYMENT_METHOD_LABEL.bono, csvAmount(s.price), '', '', blockOf('bono')],
    })),
    // The till (ADR 054): its opening, cash in and out, its close; and each voided or corrected line, when it was.
    // The till's rows belong to neither block (its cash is not the day's takings); a void or a
    // correction to its line's, so each block's sum stays the page's total.
    ...tillCsvRows(day.till).map((r) => ({ ...r, cells: [...r.cells, ''] })),
    ...day.payments.flatMap((p) => voidedLineCsvRows(p).map((r) => ({ ...r, cells: [...r.cells, blockOf(p.method)] }))),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return toCsv(CSV_HEADER, rows.map((r) => r.cells));
}
