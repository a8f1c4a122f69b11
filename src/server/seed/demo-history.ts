import type { AppointmentStatus } from '../../domain/appointment-status';
import { availableSlots, dayPlan, type Exceptions, type SalonException, type TimeOff } from '../../domain/availability';
import { expiryOf } from '../../domain/bonos';
import { intervalsOverlap, type Interval } from '../../domain/booking-rules';
import { spainNationalHolidays } from '../../domain/holidays';
import type { DeskPaymentMethod } from '../../domain/payments';
import type { SaleMethod } from '../../domain/payment-methods';
import { availableIntervals, realMinutes } from '../../domain/reports';
import { blockedSpan, pickResources } from '../../domain/resources';
import { generateSlots } from '../../domain/slots';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../domain/salon-time';
import { dayKeyOfDate, fromMinutes, toMinutes, type WeeklySchedule } from '../../domain/weekly-schedule';
import { emailLocalPart, FIRST_NAMES, SURNAMES } from './demo-people';

// The demo salon's past and near future (issue 25), planned in memory and PURE: the same seed
// and the same "today" give the same salon, whatever the weekday. Every professional's day is
// walked on the booking grid; an appointment goes where the professional (breaks, time off,
// closures, the fixed demo visits) and the cabins/laser it needs (ADR 036, pickResources as a
// booking would) are free, so the rows satisfy the no-overlap constraints by construction.
// demo-history-seed.ts writes the plan in bulk.

const TZ = SALON_TIME_ZONE;
const MINUTE = 60_000;
const GRID = 30;
/** The history books the past too: every start the grid offers that day, whatever the clock says. */
const ANY_TIME = new Date(0);

/** mulberry32: a small seeded PRNG, so the demo is the same on every start. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type HistoryService = { duration: number; price: number; prepMinutes: number; cleanupMinutes: number; groups: readonly (readonly string[])[]; weight: number };
export type HistoryProfessional = { key: string; schedule: WeeklySchedule; services: readonly string[] };
export type HistoryBonoType = { key: string; services: readonly string[]; sessions: number; price: number; validityMonths: number };
/** Something already booked: `owner` is a professional's key or a resource's id. */
export type HistoryBusy = { owner: string; span: Interval };

export type HistoryInput = {
  seed: number;
  now: Date;
  pastDays: number;
  futureDays: number;
  professionals: readonly HistoryProfessional[];
  services: Readonly<Record<string, HistoryService>>;
  bonoTypes: readonly HistoryBonoType[];
  busy: readonly HistoryBusy[];
  clientCount: number;
  /** Phone numbers already taken (the fixed demo records). */
  takenPhones: readonly string[];
};

export type PlannedClient = { name: string; phone: string; email: string | null; hasAccount: boolean; firstDay: string };
export type PlannedPayment = { method: DeskPaymentMethod; amount: number; reason: string; at: Date; by: string; giftCard?: number };
export type PlannedAppointment = {
  professional: string;
  service: string;
  client: number;
  start: Date;
  end: Date;
  status: AppointmentStatus;
  resources: string[];
  bookedBy: 'client' | 'staff';
  /** index in `bonos`: the session this visit takes (spent once completed or missed, else reserved) */
  bono?: number;
  payments: PlannedPayment[];
};
export type PlannedBono = { type: string; client: number; soldAt: Date; method: SaleMethod; soldBy: string; sessionsHeld: number };
export type PlannedGiftCard = { amount: number; buyerName: string; recipient: number; soldAt: Date; method: SaleMethod; spent: number };
export type PlannedTimeOff = { professional: string } & TimeOff;
export type PlannedClosure = { date: string; reason: string };
export type HistoryStats = { availableMinutes: number; bookedMinutes: number };

export type HistoryPlan = {
  clients: PlannedClient[];
  appointments: PlannedAppointment[];
  bonos: PlannedBono[];
  giftCards: PlannedGiftCard[];
  closures: PlannedClosure[];
  timeOff: PlannedTimeOff[];
  /** Past days only (before today): the professionals' working minutes and the minutes booked in them. */
  past: HistoryStats;
};

const NO_SHOW = 0.054; // of the visits that were kept on the books: about 5 % of all
// Cancellations, about 8 % of all: a time booked again after one (drawn per kept visit), or
// left free (drawn per gap in the day).
const CANCELLED_REBOOKED = 0.065;
const CANCELLED_GAP = 0.15;
const CANCELLED_BY_CLIENT = 0.7;

/**
 * A stream of its own for each professional's day and each appointment (FNV-1a over the seed and
 * the numbers that name it): what the clock changes on the seed day (which of today's visits are
 * done, Marta's next visit) changes that day, not every random draw after it.
 */
export function streamOf(...ns: number[]): () => number {
  let h = 2166136261;
  for (const n of ns) {
    h = Math.imul(h ^ (n | 0), 16777619);
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  }
  return prng(h >>> 0);
}

/** A weighted pick (weights > 0). */
function pick<T>(rnd: () => number, items: readonly T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let r = rnd() * total;
  for (const t of items) {
    r -= weight(t);
    if (r < 0) return t;
  }
  return items[items.length - 1]!;
}
const money = (n: number) => Math.round(n * 100) / 100;

/**
 * The first start on the half-hour grid, at least `from`, where a visit of `minutes` fits in the
 * professional's hours and misses her breaks (the demo client's next visit: not at 02:30 when the
 * demo starts in the evening). Null if none in the next two weeks.
 */
export function nextStartWithin(schedule: WeeklySchedule, from: Date, minutes: number): Date | null {
  const first = salonDateOf(from, TZ);
  // The booking grid's own slots (generateSlots offers only what starts after `now`).
  const now = new Date(from.getTime() - 1);
  for (let d = 0; d < 14; d++) {
    const date = addDays(first, d);
    const [slot] = generateSlots({ date, day: schedule[dayKeyOfDate(date)], intervalMinutes: GRID, durationMinutes: minutes, busy: [], now, tz: TZ });
    if (slot) return slot.start;
  }
  return null;
}

/** The salon's closures: the national holidays more than a month back (no journey works there). */
export function demoClosures(today: string, pastDays: number): PlannedClosure[] {
  const from = addDays(today, -pastDays);
  const to = addDays(today, -31);
  const years = [...new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])];
  return years
    .flatMap((y) => spainNationalHolidays(y))
    .filter((h) => h.date >= from && h.date <= to && dayKeyOfDate(h.date) !== 'sunday')
    .map((h) => ({ date: h.date, reason: h.name }));
}

/** A week's holiday for the first professional ten weeks back, and a part-day off ahead for the last. */
export function demoTimeOff(today: string, professionals: readonly HistoryProfessional[]): PlannedTimeOff[] {
  let monday = addDays(today, -70);
  while (dayKeyOfDate(monday) !== 'monday') monday = addDays(monday, -1);
  const last = professionals[professionals.length - 1]!;
  let ahead = addDays(today, 6);
  while (!last.schedule[dayKeyOfDate(ahead)].isWorkingDay) ahead = addDays(ahead, 1);
  const end = last.schedule[dayKeyOfDate(ahead)].endTime;
  return [
    { professional: professionals[0]!.key, startDate: monday, endDate: addDays(monday, 4), startTime: null, endTime: null, reason: 'Vacaciones' },
    { professional: last.key, startDate: ahead, endDate: ahead, startTime: fromMinutes(toMinutes(end) - 180), endTime: end, reason: 'Cita médica' },
  ];
}

function makeClients(rnd: () => number, n: number, today: string, pastDays: number, taken: readonly string[]): (PlannedClient & { weight: number; lastDay: string | null })[] {
  const phones = new Set(taken);
  const names = new Set<string>();
  const out: (PlannedClient & { weight: number; lastDay: string | null })[] = [];
  while (out.length < n) {
    const name = `${FIRST_NAMES[Math.floor(rnd() * FIRST_NAMES.length)]} ${SURNAMES[Math.floor(rnd() * SURNAMES.length)]}`;
    if (names.has(name)) continue;
    // Spanish mobiles: 6xx xxx xxx, and the newer 7[1-4]x xxx xxx.
    const phone = rnd() < 0.9 ? `+346${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}` : `+347${1 + Math.floor(rnd() * 4)}${String(Math.floor(rnd() * 1e7)).padStart(7, '0')}`;
    if (phones.has(phone)) continue;
    names.add(name);
    phones.add(phone);
    const hasAccount = rnd() < 0.1;
    const email = hasAccount || rnd() < 0.08 ? `${emailLocalPart(name)}${out.length}@example.com` : null;
    // Most were already clients before the history starts; the rest come over the months.
    const firstDay = rnd() < 0.55 ? addDays(today, -pastDays) : addDays(today, -Math.floor(rnd() * (pastDays + 10)) + 10);
    // Regulars come every few weeks; some stop coming ("clientes que no vuelven").
    const weight = rnd() < 0.3 ? 4 + rnd() * 4 : 0.6 + rnd();
    const lastDay = rnd() < 0.12 ? addDays(today, -30 - Math.floor(rnd() * 100)) : null;
    out.push({ name, phone, email, hasAccount, firstDay, weight, lastDay });
  }
  return out;
}

/** How full a day should end up: 60-85 % in the past, full today, thinning out ahead. */
function targetOf(rnd: () => number, offset: number): number {
  if (offset < 0) return 0.6 + rnd() * 0.25;
  if (offset === 0) return 0.9;
  return Math.max(0.15, 0.8 - 0.024 * offset) * (0.85 + rnd() * 0.3);
}

export function planDemoHistory(input: HistoryInput): HistoryPlan {
  const rnd = prng(input.seed);
  const { now } = input;
  const today = salonDateOf(now, TZ);
  const clients = makeClients(rnd, input.clientCount, today, input.pastDays, input.takenPhones);
  const closures = demoClosures(today, input.pastDays);
  const timeOff = demoTimeOff(today, input.professionals);
  const salon: SalonException[] = closures.map((c) => ({ kind: 'closed', startDate: c.date, endDate: c.date, reason: c.reason }));

  // What each professional and each resource holds, by day: the fixed demo visits first.
  const held = new Map<string, Interval[]>();
  const heldOn = (owner: string, date: string) => held.get(`${owner}|${date}`) ?? [];
  const hold = (owner: string, date: string, span: Interval) => {
    const key = `${owner}|${date}`;
    const list = held.get(key);
    if (list) list.push(span);
    else held.set(key, [span]);
  };
  for (const b of input.busy) hold(b.owner, salonDateOf(b.span.start, TZ), b.span);
  const free = (owner: string, date: string, span: Interval) => !heldOn(owner, date).some((h) => intervalsOverlap(h, span));

  const appointments: PlannedAppointment[] = [];
  const bonos: PlannedBono[] = [];
  const past: HistoryStats = { availableMinutes: 0, bookedMinutes: 0 };
  for (let offset = -input.pastDays; offset <= input.futureDays; offset++) {
    const date = addDays(today, offset);
    for (const [proIndex, pro] of input.professionals.entries()) {
      const rnd = streamOf(input.seed, offset, proIndex);
      const weekly = pro.schedule[dayKeyOfDate(date)];
      const exceptions: Exceptions = { salon, timeOff: timeOff.filter((t) => t.professional === pro.key) };
      const plan = dayPlan(date, weekly, exceptions, TZ);
      if (plan.closed || !plan.day.isWorkingDay) continue;
      // Her working minutes as the occupancy report counts them, and each service's starts as the
      // booking grid offers them (hours, breaks, closures, time off, buffers); what is left to
      // check below is whether she and the cabins are still free.
      const intervals = availableIntervals(date, weekly, exceptions, TZ);
      const working = realMinutes(date, intervals, TZ);
      const slots = new Map(
        pro.services.map((k) => {
          const s = input.services[k]!;
          const offered = availableSlots({ date, weekly, exceptions, intervalMinutes: GRID, durationMinutes: s.duration, busy: [], now: ANY_TIME, tz: TZ, buffers: s });
          return [k, new Map(offered.map((slot) => [slot.time, slot]))];
        }),
      );
      const budget = targetOf(rnd, offset) * working;
      let booked = 0;
      for (let m = toMinutes(plan.day.startTime); m < toMinutes(plan.day.endTime); m += GRID) {
        const time = fromMinutes(m);
        const leftMinutes = Math.max(GRID, intervals.reduce((sum, i) => sum + Math.max(0, i.end - Math.max(i.start, m)), 0));
        const place = rnd() < (budget - booked) / leftMinutes * 1.6;
        const options = pro.services.filter((k) => {
          const slot = slots.get(k)!.get(time);
          return slot !== undefined && free(pro.key, date, blockedSpan(slot, input.services[k]!));
        });
        if (!options.length) continue;
        const key = pick(rnd, options, (k) => input.services[k]!.weight);
        const service = input.services[key]!;
        const { start, end } = slots.get(key)!.get(time)!;
        const span = blockedSpan({ start, end }, service);
        const client = pickClient(rnd, clients, date);
        if (!place) {
          // A gap in the day: now and then one left by a cancellation (it holds nothing).
          if (rnd() < CANCELLED_GAP) {
            const resources = service.groups.map((g) => g[0]!);
            appointments.push({ professional: pro.key, service: key, client, start, end, status: rnd() < CANCELLED_BY_CLIENT ? 'cancelled_by_client' : 'cancelled_by_salon', resources, bookedBy: bookedBy(rnd, clients[client]!), payments: [] });
          }
          continue;
        }
        const picked = pickResources(service.groups.map((members, i) => ({ id: String(i), members: members.map((id) => ({ id, busy: heldOn(id, date) })) })), span);
        if (!picked) continue;
        hold(pro.key, date, span);
        for (const id of picked) hold(id, date, span);
        booked += service.duration;
        const [missed, unmarked] = [rnd(), rnd()];
        const status: AppointmentStatus =
          end > now ? 'confirmed' : missed < NO_SHOW ? 'no_show' : offset === 0 && now.getTime() - end.getTime() < 3 * 3600_000 && unmarked < 0.5 ? 'confirmed' : 'completed';
        appointments.push({ professional: pro.key, service: key, client, start, end, status, resources: picked, bookedBy: bookedBy(rnd, clients[client]!), payments: [] });
        if (rnd() < CANCELLED_REBOOKED) {
          // Someone else had this time and cancelled: the slot was booked again.
          const other = pickClient(rnd, clients, date);
          appointments.push({ professional: pro.key, service: key, client: other, start, end, status: rnd() < CANCELLED_BY_CLIENT ? 'cancelled_by_client' : 'cancelled_by_salon', resources: picked, bookedBy: bookedBy(rnd, clients[other]!), payments: [] });
        }
      }
      if (offset < 0) {
        past.availableMinutes += working;
        past.bookedMinutes += booked;
      }
    }
  }

  // Bonos (ADR 037): a client having a covered treatment now and then buys one at the desk, and
  // her next visits of its services take its sessions until none is left or it expires.
  const open = new Map<string, number>(); // client|type -> bono index
  const streamOfVisit = (a: PlannedAppointment, salt: number) => streamOf(input.seed, salt, a.start.getTime() / MINUTE, input.professionals.findIndex((p) => p.key === a.professional), a.client);
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
      const rnd = streamOfVisit(a, 1);
      if (rnd() > 0.12 || a.start > now || a.status === 'no_show' || clients[a.client]!.weight < 4) continue;
      i = bonos.length;
      bonos.push({ type: type.key, client: a.client, soldAt: new Date(a.start.getTime() - 5 * MINUTE), method: pick(rnd, SALE_MIX, (m) => m[1])[0], soldBy: a.professional, sessionsHeld: 0 });
      open.set(k, i);
    }
    bonos[i]!.sessionsHeld++;
    a.bono = i;
  }

  // Payments (ADR 039): most completed visits are paid when they end, a few are still due in
  // the last days' Caja; a realistic mix of methods, now and then split or with a discount.
  const giftCards: PlannedGiftCard[] = [];
  const dayOf = (a: PlannedAppointment) => salonDateOf(a.start, TZ);
  const gifted = appointments.find((a) => a.status === 'completed' && a.bono === undefined && dayOf(a) >= addDays(today, -75) && dayOf(a) < addDays(today, -60));
  if (gifted) giftCards.push({ amount: 100, buyerName: 'Carmen Ortega', recipient: gifted.client, soldAt: new Date(gifted.start.getTime() - 9 * 86_400_000), method: 'tarjeta', spent: 0 });
  for (const a of appointments) {
    if (a.status !== 'completed' || a.bono !== undefined) continue;
    const rnd = streamOfVisit(a, 2);
    const recent = dayOf(a) >= addDays(today, -3);
    if (rnd() > (recent ? 0.75 : 0.97)) continue;
    const price = input.services[a.service]!.price;
    const at = new Date(a.end.getTime() + (2 + Math.floor(rnd() * 10)) * MINUTE);
    const by = rnd() < 0.3 ? 'admin' : a.professional;
    const card = giftCards.findIndex((g) => g.recipient === a.client && g.soldAt < a.start && g.spent < g.amount);
    if (card >= 0) {
      const g = giftCards[card]!;
      const amount = Math.min(price, money(g.amount - g.spent));
      g.spent = money(g.spent + amount);
      a.payments.push({ method: 'tarjeta_regalo', amount, reason: '', at, by, giftCard: card });
      if (amount < price) a.payments.push({ method: 'tarjeta', amount: money(price - amount), reason: '', at, by });
      continue;
    }
    const r = rnd();
    const reason = r < 0.04 ? DISCOUNTS[Math.floor(rnd() * DISCOUNTS.length)]! : '';
    const total = reason ? money(price * 0.9) : price;
    if (r > 0.96 && total >= 20) {
      const cash = money(Math.floor(total * 0.4));
      a.payments.push({ method: 'efectivo', amount: cash, reason, at, by }, { method: 'tarjeta', amount: money(total - cash), reason, at, by });
    } else {
      a.payments.push({ method: pick(rnd, PAY_MIX, (m) => m[1])[0], amount: total, reason, at, by });
    }
  }

  return {
    clients: clients.map(({ name, phone, email, hasAccount, firstDay }) => ({ name, phone, email, hasAccount, firstDay })),
    appointments,
    bonos,
    giftCards,
    closures,
    timeOff,
    past,
  };
}

const PAY_MIX: readonly [DeskPaymentMethod, number][] = [['tarjeta', 0.5], ['efectivo', 0.28], ['bizum', 0.2], ['otro', 0.02]];
const SALE_MIX: readonly [SaleMethod, number][] = [['tarjeta', 0.55], ['bizum', 0.25], ['efectivo', 0.2]];
const DISCOUNTS = ['Clienta habitual', 'Descuento de bienvenida', 'Compensación por la espera'] as const;

function bookedBy(rnd: () => number, c: PlannedClient): 'client' | 'staff' {
  return c.hasAccount && rnd() < 0.8 ? 'client' : 'staff';
}

function pickClient(rnd: () => number, clients: readonly (PlannedClient & { weight: number; lastDay: string | null })[], date: string): number {
  const i = clients.indexOf(pick(rnd, clients, (c) => (c.firstDay <= date && (c.lastDay === null || date <= c.lastDay) ? c.weight : 0)));
  return i;
}

/** The plan's rates, as the report would count them: no-shows and cancellations over all visits. */
export function historyRates(plan: HistoryPlan, now: Date) {
  const past = plan.appointments.filter((a) => a.start < now && salonDateOf(a.start, TZ) < salonDateOf(now, TZ));
  const n = past.length;
  const count = (f: (a: PlannedAppointment) => boolean) => past.filter(f).length;
  return {
    appointments: n,
    noShow: count((a) => a.status === 'no_show') / n,
    cancelled: count((a) => a.status.startsWith('cancelled')) / n,
    occupancy: plan.past.bookedMinutes / plan.past.availableMinutes,
  };
}
