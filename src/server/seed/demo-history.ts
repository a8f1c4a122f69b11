import { cancellationStatusFor, type AppointmentStatus } from '../../domain/appointment-status';
import { availableSlots, dayPlan, type Exceptions, type SalonException } from '../../domain/availability';
import { intervalsOverlap, type Interval } from '../../domain/booking-rules';
import { availableIntervals, realMinutes } from '../../domain/reports';
import { blockedSpan, pickResources } from '../../domain/resources';
import { addDays, SALON_TIME_ZONE, salonDateOf } from '../../domain/salon-time';
import { dayKeyOfDate, fromMinutes, toMinutes, type WeeklySchedule } from '../../domain/weekly-schedule';
import { demoClosures, demoTimeOff, type PlannedClosure, type PlannedTimeOff } from './demo-calendar';
import { SALON_DEMO } from './demo-data';
import { makeClients, pickClient, type PlannedClient } from './demo-people';
import { pick, prng, streamOf } from './demo-random';
import { planBonos, planPayments, type PlannedBono, type PlannedGiftCard, type PlannedPayment } from './demo-sales';

// The demo salon's past and near future (docs/rooms/demo.md), planned in memory and PURE: the same seed
// and the same "today" give the same salon, whatever the weekday. Every professional's day is
// walked on the booking grid; an appointment goes where the professional (breaks, time off,
// closures, the fixed demo visits) and the cabins/laser it needs (ADR 036, pickResources as a
// booking would) are free, so the rows satisfy the no-overlap constraints by construction.
// Beside it: the clients (demo-people.ts), the closures and time off (demo-calendar.ts), what the
// desk sold and took (demo-sales.ts); demo-history-seed.ts writes the plan in bulk.

const TZ = SALON_TIME_ZONE;
const GRID = SALON_DEMO.appointmentTimeSlotInterval;
/** The history books the past too: every start the grid offers that day, whatever the clock says. */
const ANY_TIME = new Date(0);

export type HistoryService = { duration: number; price: number; prepMinutes: number; cleanupMinutes: number; groups: readonly (readonly string[])[]; weight: number };
export type HistoryProfessional = { key: string; schedule: WeeklySchedule; services: readonly string[] };
export type HistoryBonoType = { key: string; services: readonly string[]; sessions: number; validityMonths: number };
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
const cancelled = (rnd: () => number) => cancellationStatusFor(rnd() < CANCELLED_BY_CLIENT ? 'client' : 'salon');

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
            appointments.push({ professional: pro.key, service: key, client, start, end, status: cancelled(rnd), resources, bookedBy: bookedBy(rnd, clients[client]!), payments: [] });
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
          appointments.push({ professional: pro.key, service: key, client: other, start, end, status: cancelled(rnd), resources: picked, bookedBy: bookedBy(rnd, clients[other]!), payments: [] });
        }
      }
      if (offset < 0) {
        past.availableMinutes += working;
        past.bookedMinutes += booked;
      }
    }
  }

  const bonos = planBonos(input, appointments, clients);
  const giftCards = planPayments(input, appointments, today);
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

function bookedBy(rnd: () => number, c: PlannedClient): 'client' | 'staff' {
  return c.hasAccount && rnd() < 0.8 ? 'client' : 'staff';
}

/**
 * The plan's rates: no-shows and cancellations over all visits, as the attendance report counts them;
 * occupancy as scripts/demo-rates.sql counts it (the services' minutes, no-shows included).
 */
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
