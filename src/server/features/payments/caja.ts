import { spanishDate } from '../../../domain/calendar-date';
import { maskedGiftCardCode } from '../../../domain/gift-cards';
import { sumEuros } from '../../../domain/money';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '../../../domain/payment-methods';
import { csvAmount, toCsv, totalsByMethod, totalsByProfessional, type CajaLine } from '../../../domain/payments';
import { dayBounds, salonTimeOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { tillCsvRows, voidedLineCsvRows } from '../../../domain/cash-close-csv';
import { tillOfDay } from '../../db/till-days';
import type { Deps } from '../../http/env';
import { bonoSessionsSpentBetween, bonosSoldBetween } from './bono-queries';
import { completedWithoutPayment, giftCardsSoldBetween, paymentsBetween } from './queries';

// The Caja del día (issue 23, ADR 039): what came in on one salon day, for the owner to count the
// till and for the accountant. Not an invoice register: Auna issues no invoices or tickets.

type Ctx = Pick<Deps, 'db'>;

/** Methods that bring no money into the till: the money came in when the card (or bono) was sold. */
const PREPAID: readonly PaymentMethod[] = ['tarjeta_regalo', 'bono'];

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
    byMethod: totalsByMethod(lines),
    byProfessional: totalsByProfessional(lines),
    /** Money that came in: every line but the ones paid with something sold before. */
    moneyIn: sumEuros(lines.filter((l) => !PREPAID.includes(l.method)).map((l) => l.amount)),
    /** The day's till (ADR 054): its opening, cash put in and taken out, its closes. */
    till,
  };
}

export type CajaDay = Awaited<ReturnType<typeof cajaDay>>;

// 'Motivo': a discount's, a void's or correction's, a cash difference's (ADR 054).
const CSV_HEADER = ['Fecha', 'Hora', 'Tipo', 'Concepto', 'Cliente', 'Profesional', 'Método', 'Importe (€)', 'Motivo', 'Registrado por'];

/** One movement per line, in the order they happened: what the accountant adds up in Excel. */
export function cajaCsv(day: CajaDay): string {
  const d = spanishDate(day.date);
  const rows = [
    ...day.payments.map((p) => ({
      at: p.createdAt,
      cells: [d, salonTimeOf(new Date(p.createdAt), SALON_TIME_ZONE), 'Cobro', p.serviceName, p.clientName, p.employeeName, PAYMENT_METHOD_LABEL[p.method], csvAmount(p.amount), p.discountReason, p.recordedByName],
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
        '',
        s.soldByName,
      ],
    })),
    ...day.bonosSold.map((b) => ({
      at: b.soldAt,
      cells: [d, salonTimeOf(new Date(b.soldAt), SALON_TIME_ZONE), 'Venta de bono', b.name, b.clientName, '', PAYMENT_METHOD_LABEL[b.paymentMethod], csvAmount(b.amount), '', b.soldByName],
    })),
    ...day.bonoSessions.map((s) => ({
      at: s.spentAt,
      cells: [d, salonTimeOf(new Date(s.spentAt), SALON_TIME_ZONE), 'Sesión de bono', `${s.serviceName} (${s.bonoName})`, s.clientName, s.employeeName, PAYMENT_METHOD_LABEL.bono, csvAmount(s.price), '', ''],
    })),
    // The till (ADR 054): its opening, cash in and out, its close; and each voided or corrected line, when it was.
    ...tillCsvRows(day.till),
    ...day.payments.flatMap(voidedLineCsvRows),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return toCsv(CSV_HEADER, rows.map((r) => r.cells));
}
