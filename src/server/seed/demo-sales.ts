import { expiryOf } from '../../domain/bonos';
import { fromCents, sumEuros, toCents } from '../../domain/money';
import type { DeskPaymentMethod } from '../../domain/payments';
import type { SaleMethod } from '../../domain/payment-methods';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../domain/salon-time';
import type { HistoryInput, PlannedAppointment } from './demo-history';
import type { DemoClient } from './demo-people';
import { pick, streamOf } from './demo-random';

// What the desk sold and took over the demo's history (docs/rooms/demo.md; ADR 037, 039): the bonos regulars bought and
// the sessions their visits took (ADR 037), the payments of the completed visits (ADR 039) and a
// gift card spent on two of them (ADR 038). Each visit draws from a stream of its own.

const TZ = SALON_TIME_ZONE;
const MINUTE = 60_000;

export type PlannedPayment = { method: DeskPaymentMethod; amount: number; reason: string; at: Date; by: string; giftCard?: number };
export type PlannedBono = { type: string; client: number; soldAt: Date; method: SaleMethod; soldBy: string; sessionsHeld: number };
export type PlannedGiftCard = { amount: number; buyerName: string; recipient: number; soldAt: Date; method: SaleMethod; spent: number };

const PAY_MIX: readonly [DeskPaymentMethod, number][] = [['tarjeta', 0.5], ['efectivo', 0.28], ['bizum', 0.2], ['otro', 0.02]];
const SALE_MIX: readonly [SaleMethod, number][] = [['tarjeta', 0.55], ['bizum', 0.25], ['efectivo', 0.2]];
const DISCOUNTS = ['Clienta habitual', 'Descuento de bienvenida', 'Compensación por la espera'] as const;

type SalesInput = Pick<HistoryInput, 'seed' | 'now' | 'professionals' | 'services' | 'bonoTypes'>;

function streamOfVisit(input: SalesInput, a: PlannedAppointment, salt: number) {
  return streamOf(input.seed, salt, a.start.getTime() / MINUTE, input.professionals.findIndex((p) => p.key === a.professional), a.client);
}

/**
 * Bonos (ADR 037): a client having a covered treatment now and then buys one at the desk, and
 * her next visits of its services take its sessions until none is left or it expires. Sets the
 * visits' `bono`.
 */
export function planBonos(input: SalesInput, appointments: readonly PlannedAppointment[], clients: readonly DemoClient[]): PlannedBono[] {
  const bonos: PlannedBono[] = [];
  const open = new Map<string, number>(); // client|type -> bono index
  for (const a of appointments) {
    if (a.status === 'cancelled_by_client' || a.status === 'cancelled_by_salon') continue;
    const type = input.bonoTypes.find((b) => b.services.includes(a.service));
    if (!type) continue;
    const k = `${a.client}|${type.key}`;
    const date = salonDateOf(a.start, TZ);
    let i = open.get(k);
    const usable = (n: number) => {
      const b = bonos[n]!;
      return b.sessionsHeld < type.sessions && b.soldAt <= a.start && date <= expiryOf(salonDateOf(b.soldAt, TZ), type.validityMonths);
    };
    if (i === undefined || !usable(i)) {
      // Regulars buy them; an occasional client pays each visit.
      const rnd = streamOfVisit(input, a, 1);
      if (rnd() > 0.12 || a.start > input.now || a.status === 'no_show' || clients[a.client]!.weight < 4) continue;
      i = bonos.length;
      bonos.push({ type: type.key, client: a.client, soldAt: new Date(a.start.getTime() - 5 * MINUTE), method: pick(rnd, SALE_MIX, (m) => m[1])[0], soldBy: a.professional, sessionsHeld: 0 });
      open.set(k, i);
    }
    bonos[i]!.sessionsHeld++;
    a.bono = i;
  }
  return bonos;
}

/**
 * Payments (ADR 039): most completed visits not taken from a bono are paid when they end, a few
 * are still due in the last days' Caja; a realistic mix of methods, now and then split or with a
 * discount. Sets the visits' `payments`; returns the gift card sold and spent on them.
 */
export function planPayments(input: SalesInput, appointments: readonly PlannedAppointment[], today: string): PlannedGiftCard[] {
  const giftCards: PlannedGiftCard[] = [];
  const dayOf = (a: PlannedAppointment) => salonDateOf(a.start, TZ);
  const gifted = appointments.find((a) => a.status === 'completed' && a.bono === undefined && dayOf(a) >= addDays(today, -75) && dayOf(a) < addDays(today, -60));
  if (gifted) giftCards.push({ amount: 100, buyerName: 'Carmen Ortega', recipient: gifted.client, soldAt: new Date(gifted.start.getTime() - 9 * 86_400_000), method: 'tarjeta', spent: 0 });
  for (const a of appointments) {
    if (a.status !== 'completed' || a.bono !== undefined) continue;
    const rnd = streamOfVisit(input, a, 2);
    const recent = dayOf(a) >= addDays(today, -3);
    if (rnd() > (recent ? 0.75 : 0.97)) continue;
    const price = input.services[a.service]!.price;
    const at = new Date(a.end.getTime() + (2 + Math.floor(rnd() * 10)) * MINUTE);
    const by = rnd() < 0.3 ? 'admin' : a.professional;
    const card = giftCards.findIndex((g) => g.recipient === a.client && g.soldAt < a.start && g.spent < g.amount);
    if (card >= 0) {
      const g = giftCards[card]!;
      const amount = Math.min(price, sumEuros([g.amount, -g.spent]));
      g.spent = sumEuros([g.spent, amount]);
      a.payments.push({ method: 'tarjeta_regalo', amount, reason: '', at, by, giftCard: card });
      if (amount < price) a.payments.push({ method: 'tarjeta', amount: sumEuros([price, -amount]), reason: '', at, by });
      continue;
    }
    const r = rnd();
    const reason = r < 0.04 ? DISCOUNTS[Math.floor(rnd() * DISCOUNTS.length)]! : '';
    const total = reason ? fromCents(toCents(price * 0.9)) : price;
    if (r > 0.96 && total >= 20) {
      const cash = Math.floor(total * 0.4);
      a.payments.push({ method: 'efectivo', amount: cash, reason, at, by }, { method: 'tarjeta', amount: sumEuros([total, -cash]), reason, at, by });
    } else {
      a.payments.push({ method: pick(rnd, PAY_MIX, (m) => m[1])[0], amount: total, reason, at, by });
    }
  }
  return giftCards;
}
