import { describe, expect, it } from 'vitest';
import { isBlockingStatus } from '../../domain/appointment-status';
import { intervalsOverlap, type Interval } from '../../domain/booking-rules';
import { normalizePhone } from '../../domain/phone';
import { blockedSpan } from '../../domain/resources';
import { SALON_TIME_ZONE, salonDateOf } from '../../domain/salon-time';
import { DEMO_BONO_TYPES, DEMO_EMPLOYEES, DEMO_SERVICES } from './demo-data';
import { demoTimeOff, nextStartWithin } from './demo-calendar';
import { historyRates, planDemoHistory, type HistoryInput } from './demo-history';
import { demoHistoryInput } from './demo-history-seed';
import { validateTimeOff } from '../../domain/exception-validation';

// The demo's history is the same for the same "today", and looks like a working salon: the
// rates docs/rooms/demo.md states, nothing overlapping that the database would refuse.

function input(now: Date): HistoryInput {
  const services = Object.fromEntries(
    Object.entries(DEMO_SERVICES).map(([k, s]) => [
      k,
      {
        duration: s.duration,
        price: s.price,
        prepMinutes: 'prep' in s ? s.prep : 0,
        cleanupMinutes: 'cleanup' in s ? s.cleanup : 0,
        groups: 'groups' in s ? s.groups : [],
        isActive: !('inactive' in s),
      },
    ]),
  );
  const busy = [{ owner: 'javier', span: { start: new Date('2026-11-23T11:00:00Z'), end: new Date('2026-11-23T12:00:00Z') } }];
  return demoHistoryInput(now, services, busy, []);
}

describe('planDemoHistory', () => {
  // A Tuesday in winter, a Saturday afternoon in summer (DST) and a Sunday (the salon never opens
  // on Sundays: isBookableDate): the same shape whatever the weekday.
  for (const [now, todayAtLeast] of [
    [new Date('2026-11-24T10:30:00Z'), 20],
    [new Date('2027-07-03T16:00:00Z'), 8],
    [new Date('2027-03-28T09:00:00Z'), 0],
  ] as const) {
    it(`is the same salon twice for the same today, with realistic rates (${now.toISOString()})`, () => {
      const a = planDemoHistory(input(now));
      const b = planDemoHistory(input(now));
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));

      const rates = historyRates(a, now);
      expect(rates.appointments).toBeGreaterThan(3000);
      expect(rates.occupancy).toBeGreaterThanOrEqual(0.6);
      expect(rates.occupancy).toBeLessThanOrEqual(0.8);
      expect(rates.noShow).toBeGreaterThan(0.035);
      expect(rates.noShow).toBeLessThan(0.065);
      expect(rates.cancelled).toBeGreaterThan(0.065);
      expect(rates.cancelled).toBeLessThan(0.095);

      const today = salonDateOf(now, SALON_TIME_ZONE);
      expect(a.appointments.filter((x) => salonDateOf(x.start, SALON_TIME_ZONE) === today).length).toBeGreaterThanOrEqual(todayAtLeast);
      expect(a.appointments.some((x) => x.start > now && x.start.getTime() > now.getTime() + 21 * 86_400_000)).toBe(true);
      expect(a.appointments.some((x) => x.status === 'cancelled_by_client')).toBe(true);
      expect(a.appointments.some((x) => x.status === 'cancelled_by_salon')).toBe(true);
      expect(a.appointments.filter((x) => x.start > now).every((x) => x.status === 'confirmed' || x.status.startsWith('cancelled'))).toBe(true);
      expect(a.bonos.length).toBeGreaterThan(10);
      expect(a.giftCards.length).toBe(1);
      expect(a.closures.length).toBeGreaterThan(0);
    });
  }

  it('is the same past whatever the hour of the seed day: only today and later follow the clock', () => {
    const morning = planDemoHistory(input(new Date('2026-11-24T08:00:00Z')));
    const evening = planDemoHistory(input(new Date('2026-11-24T19:00:00Z')));
    const before = (p: typeof morning) => JSON.stringify(p.appointments.filter((x) => salonDateOf(x.start, SALON_TIME_ZONE) < '2026-11-24'));
    expect(before(morning)).toBe(before(evening));
    const today = (p: typeof morning) => p.appointments.filter((x) => salonDateOf(x.start, SALON_TIME_ZONE) === '2026-11-24');
    expect(today(morning).map((x) => x.start.getTime())).toEqual(today(evening).map((x) => x.start.getTime()));
    expect(today(morning).every((x) => x.status === 'confirmed' || x.status.startsWith('cancelled'))).toBe(true);
    expect(today(evening).filter((x) => x.status === 'completed').length).toBeGreaterThan(15);
  });

  it('never holds a professional or a resource twice at once, nor the kept-free times, nor a closure', () => {
    const now = new Date('2026-11-24T10:30:00Z');
    const inp = input(now);
    const plan = planDemoHistory(inp);
    const held = new Map<string, Interval[]>();
    for (const x of plan.appointments.filter((p) => isBlockingStatus(p.status))) {
      const span = blockedSpan({ start: x.start, end: x.end }, inp.services[x.service]!);
      for (const owner of [x.professional, ...x.resources]) held.set(owner, [...(held.get(owner) ?? []), span]);
      expect(intervalsOverlap(span, inp.busy[0]!.span) && x.professional === 'javier').toBe(false);
    }
    for (const spans of held.values()) {
      const sorted = spans.sort((p, q) => p.start.getTime() - q.start.getTime());
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.end.getTime());
    }
    const closed = new Set(plan.closures.map((c) => c.date));
    expect(plan.appointments.some((x) => closed.has(salonDateOf(x.start, SALON_TIME_ZONE)))).toBe(false);
  });

  it('gives clients Spanish mobiles in E.164, unique, a few emails, and keeps bonos and payments within their limits', () => {
    const now = new Date('2026-11-24T10:30:00Z');
    const inp = input(now);
    const plan = planDemoHistory(inp);
    expect(new Set(plan.clients.map((c) => c.phone)).size).toBe(plan.clients.length);
    for (const c of plan.clients) expect(normalizePhone(c.phone)).toBe(c.phone);
    const withEmail = plan.clients.filter((c) => c.email).length / plan.clients.length;
    expect(withEmail).toBeGreaterThan(0.05);
    expect(withEmail).toBeLessThan(0.3);
    for (const b of plan.bonos) expect(b.sessionsHeld).toBeLessThanOrEqual(DEMO_BONO_TYPES[b.type as keyof typeof DEMO_BONO_TYPES].sessions);
    for (const x of plan.appointments) {
      const paid = x.payments.reduce((s, p) => s + Math.round(p.amount * 100), 0);
      expect(paid).toBeLessThanOrEqual(Math.round(inp.services[x.service]!.price * 100));
      if (paid && paid < Math.round(inp.services[x.service]!.price * 100)) expect(x.payments.every((p) => p.reason || p.method === 'tarjeta_regalo')).toBe(true);
    }
    const completed = plan.appointments.filter((x) => x.status === 'completed' && x.bono === undefined);
    expect(completed.filter((x) => x.payments.length).length / completed.length).toBeGreaterThan(0.9);
  });
});

describe('nextStartWithin', () => {
  const lucia = DEMO_EMPLOYEES[0].availability; // Mon-Fri 09:00-19:00, lunch 14-15; Saturday 10-14
  it.each([
    ['a Tuesday morning: the same morning', '2026-11-24T09:00:00Z', 120, '2026-11-24T09:00:00.000Z'],
    ['before lunch, 2 h do not fit: after lunch', '2026-11-24T12:00:00Z', 120, '2026-11-24T14:00:00.000Z'],
    ['a Tuesday night: Wednesday at opening', '2026-11-24T22:30:00Z', 120, '2026-11-25T08:00:00.000Z'],
    ['a Saturday afternoon: Monday at opening', '2026-11-28T14:00:00Z', 120, '2026-11-30T08:00:00.000Z'],
    ['summer time: 09:00 is 07:00 UTC', '2027-07-05T05:00:00Z', 45, '2027-07-05T07:00:00.000Z'],
  ])('%s', (_, from, minutes, want) => {
    expect(nextStartWithin(lucia, new Date(from), minutes)?.toISOString()).toBe(want);
  });
});

describe('demoTimeOff', () => {
  // Any weekday as today: the part-day off lands on a working day of the last professional (a
  // Saturday ends at 14:30) and is a valid time off.
  it.each(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'])('today %s', (today) => {
    const pros = input(new Date(`${today}T10:00:00Z`)).professionals;
    for (const t of demoTimeOff(today, pros)) expect(validateTimeOff(t)).toBeNull();
  });
});
