import { randomBytes, randomUUID } from 'node:crypto';
import { isBlockingStatus } from '../../domain/appointment-status';
import { codeFromRandomBytes, giftCardLastDay } from '../../domain/gift-cards';
import { blockedSpan } from '../../domain/resources';
import { addDays, SALON_TIME_ZONE, salonDateOf, wallClockToInstant } from '../../domain/salon-time';
import { dayKeyOfDate } from '../../domain/weekly-schedule';
import { expiryOf } from '../../domain/bonos';
import type { Tx } from '../db/client';
import { giftCardCodeHash } from '../db/gift-card-codes';
import { account, appointmentResources, appointments, bonos, bonoSessions, clients, employeeTimeOff, giftCards, payments, salonExceptions, user } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_BONO_TYPES, DEMO_EMPLOYEES, DEMO_HISTORY, DEMO_KEEP_FREE, DEMO_SERVICE_WEIGHTS, type DemoBonoKey, type DemoServiceKey } from './demo-data';
import { planDemoHistory, type HistoryBusy, type HistoryInput, type HistoryPlan, type HistoryService } from './demo-history';

// Writes the planned history (demo-history.ts) in bulk inside the demo's transaction: a few
// multi-row INSERTs per table instead of one request per visit, every row as the booking, the
// desk and the triggers would have left it (client records, held resources, bono sessions counted
// in sessions_held, payments never above the price).

const TZ = SALON_TIME_ZONE;
const BATCH = 1000;

/** A service as demo.ts wrote it: its row's fields, its buffers and its resource groups' ids. */
export type SeededService = { id: string; name: string; duration: number; price: number; prepMinutes: number; cleanupMinutes: number; groups: string[][]; isActive: boolean };
export type SeededBonoType = { id: string; name: string; sessions: number; price: number; validityMonths: number };
type AccountKey = keyof typeof DEMO_ACCOUNTS;

export type HistoryDeps = {
  now: Date;
  messageSecret: string;
  /** user ids of the demo accounts */
  ids: Record<string, string>;
  /** employee record ids by account key */
  employees: Record<string, string>;
  services: Record<string, SeededService>;
  resources: Record<string, string>;
  bonoTypes: Record<DemoBonoKey, SeededBonoType>;
  /** what the fixed demo visits hold (professional keys and resource ids) */
  busy: HistoryBusy[];
  takenPhones: string[];
  passwordHash: string;
};

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The day a kept-free window of DEMO_KEEP_FREE falls on, as the journeys compute it. */
function keepFreeDay(today: string, day: (typeof DEMO_KEEP_FREE)[number]['day']): string {
  // 'lastWeekday', the only kind kept: the weekday before today.
  let d = addDays(today, -1);
  while (day === 'lastWeekday' && ['saturday', 'sunday'].includes(dayKeyOfDate(d))) d = addDays(d, -1);
  return d;
}

/**
 * The planner's input for the demo salon of demo-data.ts: its active professionals with their
 * active, weighted services, its bono types, the history's size (the unit test plans the same).
 */
export function demoHistoryInput(now: Date, services: Readonly<Record<string, Omit<HistoryService, 'weight'> & { isActive: boolean }>>, busy: readonly HistoryBusy[], takenPhones: readonly string[]): HistoryInput {
  return {
    seed: DEMO_HISTORY.seed,
    now,
    pastDays: DEMO_HISTORY.pastDays,
    futureDays: DEMO_HISTORY.futureDays,
    professionals: DEMO_EMPLOYEES.filter((e) => e.account && !('inactive' in e) && !('accountRole' in e)).map((e) => ({
      key: e.account!,
      schedule: e.availability,
      services: e.services.filter((k) => services[k]!.isActive && DEMO_SERVICE_WEIGHTS[k] > 0),
    })),
    services: Object.fromEntries(Object.entries(services).map(([k, s]) => [k, { ...s, weight: DEMO_SERVICE_WEIGHTS[k as DemoServiceKey] }])),
    bonoTypes: Object.entries(DEMO_BONO_TYPES).map(([key, t]) => ({ key, services: t.services, sessions: t.sessions, validityMonths: t.validityMonths })),
    busy,
    clientCount: DEMO_HISTORY.clientCount,
    takenPhones,
  };
}

export async function seedHistory(tx: Tx, o: HistoryDeps): Promise<HistoryPlan> {
  const today = salonDateOf(o.now, TZ);
  const keepFree: HistoryBusy[] = DEMO_KEEP_FREE.flatMap((k) => {
    const date = keepFreeDay(today, k.day);
    const span = { start: wallClockToInstant(date, k.from, TZ)!, end: wallClockToInstant(date, k.to, TZ)! };
    return k.who.map((w) => ({ owner: o.resources[w] ?? w, span }));
  });
  const plan = planDemoHistory(demoHistoryInput(o.now, o.services, [...o.busy, ...keepFree], o.takenPhones));
  const admin = { id: o.ids.admin!, name: DEMO_ACCOUNTS.admin.name };
  const staff = (key: string) => (key === 'admin' ? admin : { id: o.ids[key]!, name: DEMO_ACCOUNTS[key as AccountKey].name });

  // Closures and time off (ADR 023)
  if (plan.closures.length) await tx.insert(salonExceptions).values(plan.closures.map((c) => ({ kind: 'closed' as const, startDate: c.date, endDate: c.date, reason: c.reason })));
  await tx.insert(employeeTimeOff).values(plan.timeOff.map(({ professional, ...t }) => ({ ...t, employeeId: o.employees[professional]!, createdBy: admin.id })));

  // Clients: a few with an account (signed up online, the demo's password), most only a record.
  // A new client's record is made when she first books (a client due next week booked before today).
  const at10 = (date: string) => new Date(Math.min(wallClockToInstant(date, '10:00', TZ)!.getTime(), o.now.getTime() - 86_400_000));
  const userIds = plan.clients.map((c) => (c.hasAccount ? randomUUID() : null));
  const accountRows = plan.clients.flatMap((c, i) => (userIds[i] ? [{ c, id: userIds[i]! }] : []));
  if (accountRows.length) {
    await tx.insert(user).values(accountRows.map(({ c, id }) => ({ id, name: c.name, email: c.email!, emailVerified: true, role: 'client' as const, createdAt: at10(c.firstDay), updatedAt: at10(c.firstDay) })));
    await tx.insert(account).values(accountRows.map(({ id }) => ({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: o.passwordHash })));
  }
  const recordIds = plan.clients.map(() => randomUUID());
  await inBatches(
    plan.clients.map((c, i) => ({ id: recordIds[i]!, name: c.name, phone: c.phone, email: c.email, userId: userIds[i], createdAt: at10(c.firstDay), updatedAt: at10(c.firstDay) })),
    (b) => tx.insert(clients).values(b),
  );

  // Appointments, what they hold, and their bono sessions (ADR 036, 037)
  const apptIds = plan.appointments.map(() => randomUUID());
  await inBatches(
    plan.appointments.map((a, i) => {
      const s = o.services[a.service]!;
      const c = plan.clients[a.client]!;
      const pro = staff(a.professional);
      // Booked online by the client herself, or at the desk by the admin or the professional.
      const by = a.bookedBy === 'client' ? userIds[a.client] : Math.floor(a.start.getTime() / 60_000) % 3 === 0 ? admin.id : pro.id;
      const bookedAt = new Date(Math.min(o.now.getTime() - 3600_000, a.start.getTime() - (1 + (a.start.getTime() / 60_000) % 20) * 86_400_000));
      return {
        id: apptIds[i]!,
        clientId: userIds[a.client] ?? null,
        clientName: c.name,
        clientEmail: c.email ?? '',
        employeeId: pro.id,
        employeeName: pro.name,
        serviceId: s.id,
        serviceName: s.name,
        serviceDuration: s.duration,
        price: s.price,
        startTime: a.start,
        endTime: a.end,
        status: a.status,
        prepMinutes: s.prepMinutes,
        cleanupMinutes: s.cleanupMinutes,
        clientRecordId: recordIds[a.client]!,
        bookedBy: a.bookedBy,
        bookedByUserId: by,
        createdAt: bookedAt,
        updatedAt: a.end < o.now ? a.end : bookedAt,
      };
    }),
    (b) => tx.insert(appointments).values(b),
  );
  await inBatches(
    plan.appointments.flatMap((a, i) => {
      const span = blockedSpan({ start: a.start, end: a.end }, o.services[a.service]!);
      return a.resources.map((resourceId) => ({ appointmentId: apptIds[i]!, resourceId, blockStart: span.start, blockEnd: span.end, active: isBlockingStatus(a.status) }));
    }),
    (b) => tx.insert(appointmentResources).values(b),
  );
  const bonoIds = plan.bonos.map(() => randomUUID());
  if (plan.bonos.length) {
    await tx.insert(bonos).values(
      plan.bonos.map((b, i) => {
        const t = o.bonoTypes[b.type as DemoBonoKey];
        const seller = staff(b.soldBy);
        return {
          id: bonoIds[i]!,
          bonoTypeId: t.id,
          clientId: recordIds[b.client]!,
          name: t.name,
          sessions: t.sessions,
          price: t.price,
          sessionsHeld: b.sessionsHeld,
          soldAt: b.soldAt,
          expiresOn: expiryOf(salonDateOf(b.soldAt, TZ), t.validityMonths),
          paymentMethod: b.method,
          amount: t.price,
          soldByUserId: seller.id,
          soldByName: seller.name,
          createdAt: b.soldAt,
          updatedAt: b.soldAt,
        };
      }),
    );
    await inBatches(
      plan.appointments.flatMap((a, i) =>
        a.bono === undefined
          ? []
          : [{ bonoId: bonoIds[a.bono]!, appointmentId: apptIds[i]!, state: a.status === 'confirmed' ? ('reserved' as const) : ('spent' as const), reservedAt: plan.bonos[a.bono]!.soldAt, spentAt: a.status === 'confirmed' ? null : a.end }],
      ),
      (b) => tx.insert(bonoSessions).values(b),
    );
  }

  // Gift cards (ADR 038) and payments (ADR 039)
  const cardIds = plan.giftCards.map(() => randomUUID());
  if (plan.giftCards.length) {
    await tx.insert(giftCards).values(
      plan.giftCards.map((g, i) => {
        const code = codeFromRandomBytes(randomBytes(32))!;
        return {
          id: cardIds[i]!,
          codeHash: giftCardCodeHash(o.messageSecret, code),
          codeLast4: code.slice(-4),
          amount: g.amount,
          saleAmount: g.amount,
          balance: g.amount - g.spent,
          buyerName: g.buyerName,
          recipientName: plan.clients[g.recipient]!.name,
          recipientClientId: recordIds[g.recipient]!,
          lastDay: giftCardLastDay(salonDateOf(g.soldAt, TZ)),
          saleMethod: g.method,
          soldByUserId: admin.id,
          soldByName: admin.name,
          createdAt: g.soldAt,
          updatedAt: g.soldAt,
        };
      }),
    );
  }
  await inBatches(
    plan.appointments.flatMap((a, i) =>
      a.payments.map((p) => {
        const by = staff(p.by);
        return { appointmentId: apptIds[i]!, method: p.method, amount: p.amount, giftCardId: p.giftCard === undefined ? null : cardIds[p.giftCard]!, discountReason: p.reason, recordedByUserId: by.id, recordedByName: by.name, createdAt: p.at };
      }),
    ),
    (b) => tx.insert(payments).values(b),
  );
  return plan;
}
