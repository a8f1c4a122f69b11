import { count, eq } from 'drizzle-orm';
import { addDays, salonDateOf, SALON_TIME_ZONE, wallClockToInstant } from '../../domain/salon-time';
import { dayKeyOfDate } from '../../domain/weekly-schedule';
import { endOf, type Interval } from '../../domain/booking-rules';
import { isBlockingStatus } from '../../domain/appointment-status';
import { blockedSpan, pickResources } from '../../domain/resources';
import { ensureAccount } from '../accounts/ensure-admin';
import { expiryOf } from '../../domain/bonos';
import { appointmentResources, appointments, bonos, bonoSessions, bonoTypes, bonoTypeServices, clients, employees, employeeServices, resources, salonSettings, services, user } from '../db/schema';
import { replaceGroups } from '../features/services/resource-groups-queries';
import type { Deps } from '../http/env';
import { DEMO_ACCOUNTS, DEMO_BONO_TYPES, DEMO_BONOS, DEMO_EMPLOYEES, DEMO_GIFT_CARD, DEMO_OPENING_HOURS, DEMO_PASSWORD, DEMO_RESOURCES, DEMO_SERVICES, SALON_DEMO, type DemoBonoKey, type DemoResourceKey, type DemoServiceKey } from './demo-data';
import { seedDemoConsents } from './demo-consents';
import { seedDemoTill } from './demo-till';
import { seedTakings, type PaidAppointment, type PaidLine } from './demo-takings';
import { seedHistory, type SeededBonoType, type SeededService } from './demo-history-seed';
import { nextStartWithin } from './demo-calendar';
import type { HistoryBusy } from './demo-history';
import { hashPassword } from '../auth/password';

export type DemoLogin = { role: string; email: string; password: string };

/** The n-th salon day from today that is not a Sunday (n may be negative). */
function workingDay(today: string, n: number): string {
  let d = today;
  const step = n < 0 ? -1 : 1;
  for (let i = 0; i < Math.abs(n); ) {
    d = addDays(d, step);
    if (dayKeyOfDate(d) !== 'sunday') i++;
  }
  return d;
}

/**
 * SEED=demo fills an EMPTY database with the demo salon. Only a database with no users at all
 * (docs/decisions/027): before, it reseeded whenever there were no services, creating the demo admin with
 * its published password in a salon that had real accounts. The logins are announced only if
 * the demo admin is there.
 */
export async function seedDemo(deps: Pick<Deps, 'db' | 'auth' | 'log' | 'now' | 'messageSecret'>): Promise<DemoLogin[]> {
  const logins = Object.values(DEMO_ACCOUNTS).map((a) => ({ role: a.role, email: a.email, password: DEMO_PASSWORD }));
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(user);
  if (n > 0) {
    const demoAdmin = Object.values(DEMO_ACCOUNTS).find((a) => a.role === 'admin');
    const [found] = demoAdmin ? await deps.db.select({ id: user.id }).from(user).where(eq(user.email, demoAdmin.email)) : [];
    if (!found) deps.log.warn('SEED=demo: the database already has accounts, nothing seeded');
    return found ? logins : [];
  }

  const started = performance.now();
  const ids: Record<string, string> = {};
  for (const [key, a] of Object.entries(DEMO_ACCOUNTS)) {
    ids[key] = await ensureAccount(deps, { email: a.email, password: DEMO_PASSWORD, name: a.name, role: a.role });
  }

  const now = deps.now();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  let seeded = 0;
  await deps.db.transaction(async (tx) => {
    const res = {} as Record<DemoResourceKey, string>;
    for (const [position, [key, r]] of Object.entries(DEMO_RESOURCES).entries()) {
      const [row] = await tx.insert(resources).values({ name: r.name, kind: r.kind, position }).returning({ id: resources.id });
      res[key as DemoResourceKey] = row!.id;
    }
    const svc: Record<string, SeededService> = {};
    for (const [key, s] of Object.entries(DEMO_SERVICES)) {
      const prepMinutes = 'prep' in s ? s.prep : 0;
      const cleanupMinutes = 'cleanup' in s ? s.cleanup : 0;
      const [row] = await tx
        .insert(services)
        .values({ name: s.name, category: s.category, duration: s.duration, price: s.price, description: s.description, isActive: !('inactive' in s), prepMinutes, cleanupMinutes, parallelAllowed: 'parallel' in s })
        .returning();
      const groups = 'groups' in s ? s.groups.map((g) => g.map((k) => res[k])) : [];
      await replaceGroups(tx, row!.id, groups.map((resourceIds) => ({ resourceIds })));
      svc[key] = { id: row!.id, name: row!.name, duration: row!.duration, price: row!.price, prepMinutes, cleanupMinutes, groups, isActive: row!.isActive };
    }
    const employeeRecords: Record<string, string> = {};
    for (const e of DEMO_EMPLOYEES) {
      const account = e.account ? DEMO_ACCOUNTS[e.account] : null;
      const [row] = await tx
        .insert(employees)
        .values({
          name: e.name,
          email: account?.email ?? null,
          phoneNumber: e.phone,
          availability: e.availability,
          userId: e.account ? ids[e.account]! : null,
          userAccountEmail: account?.email ?? null,
          isActive: !('inactive' in e),
          accountRole: 'accountRole' in e ? e.accountRole : 'employee',
        })
        .returning();
      if (e.services.length > 0) await tx.insert(employeeServices).values(e.services.map((k) => ({ employeeId: row!.id, serviceId: svc[k]!.id })));
      if (e.account) employeeRecords[e.account] = row!.id;
    }
    await tx.insert(salonSettings).values({ id: 1, ...SALON_DEMO, openingHours: DEMO_OPENING_HOURS }).onConflictDoNothing();

    type Spec = {
      client: 'client' | 'client2';
      employee: 'lucia' | 'carmen' | 'javier';
      service: DemoServiceKey;
      start: Date;
      status: (typeof appointments.$inferInsert)['status'];
      notes?: string;
      /** ADR 037: the bono this appointment takes a session of */
      bono?: DemoBonoKey;
      /** What was paid for it (demo-takings.ts; ADR 039) */
      paid?: PaidLine[];
    };
    const at = (date: string, time: string) => wallClockToInstant(date, time, SALON_TIME_ZONE)!;
    // Times around *today*: past confirmed ones an employee can mark, future ones, completed and
    // cancelled ones, and for the demo client one inside and one outside the 24 h window.
    const threeHours = new Date(Math.ceil((now.getTime() + 3 * 3600_000) / 1_800_000) * 1_800_000);
    // Lucía's next free 2 hours in her own week (usually inside the 24 h window).
    const soon = nextStartWithin(DEMO_EMPLOYEES[0].availability, threeHours, DEMO_SERVICES.balayage.duration) ?? threeHours;
    const specs: Spec[] = [
      // Paid (ADR 038, 039): part with the demo gift card, part in cash.
      { client: 'client', employee: 'lucia', service: 'corte', start: at(workingDay(today, -7), '10:00'), status: 'completed', paid: [{ method: 'tarjeta_regalo', amount: 25 }, { method: 'efectivo', amount: 3 }] },
      { client: 'client', employee: 'carmen', service: 'manicura', start: at(workingDay(today, -3), '17:00'), status: 'completed', notes: 'Tono nude, por favor.', paid: [{ method: 'bizum', amount: 22 }] },
      { client: 'client2', employee: 'carmen', service: 'manicura', start: at(workingDay(today, -1), '15:00'), status: 'completed', paid: [{ method: 'efectivo', amount: 20, reason: 'Descuento de bienvenida' }] },
      // Completed, nothing paid yet: the Caja of that day lists it.
      { client: 'client', employee: 'lucia', service: 'corte', start: at(workingDay(today, -2), '12:00'), status: 'completed' },
      { client: 'client2', employee: 'javier', service: 'limpieza', start: at(workingDay(today, -2), '11:00'), status: 'no_show', bono: 'facial' },
      { client: 'client2', employee: 'lucia', service: 'tinte', start: at(workingDay(today, -1), '10:00'), status: 'confirmed', notes: 'Alergia al PPD: usar tinte sin PPD.' },
      { client: 'client', employee: 'javier', service: 'masaje', start: at(workingDay(today, -1), '16:00'), status: 'confirmed' },
      { client: 'client2', employee: 'carmen', service: 'pedicura', start: at(workingDay(today, -1), '12:00'), status: 'cancelled_by_client' },
      { client: 'client', employee: 'lucia', service: 'balayage', start: soon, status: 'confirmed', notes: 'Quiero un tono miel.' },
      { client: 'client', employee: 'carmen', service: 'manicura', start: at(workingDay(today, 3), '11:00'), status: 'confirmed' },
      { client: 'client2', employee: 'javier', service: 'hidratante', start: at(workingDay(today, 2), '10:00'), status: 'confirmed' },
      { client: 'client2', employee: 'lucia', service: 'corte', start: at(workingDay(today, 4), '12:00'), status: 'cancelled_by_salon' },
      // Cabins and the laser (ADR 036): a past session; tomorrow the one laser goes from Carmen to
      // Javier, and in two days both cabins are taken at 10:30 (Javier's facial, Carmen's laser).
      { client: 'client', employee: 'javier', service: 'laserPiernas', start: at(workingDay(today, -4), '10:00'), status: 'completed', bono: 'laser' },
      { client: 'client2', employee: 'carmen', service: 'laserAxilas', start: at(workingDay(today, 1), '11:00'), status: 'confirmed' },
      { client: 'client', employee: 'javier', service: 'laserPiernas', start: at(workingDay(today, 1), '12:00'), status: 'confirmed', bono: 'laser' },
      { client: 'client', employee: 'carmen', service: 'laserAxilas', start: at(workingDay(today, 2), '10:30'), status: 'confirmed', bono: 'laser' },
    ];
    // What each resource holds so far (the spans of the time-holding appointments seeded before),
    // so every appointment takes its resources the way a booking would: the first free member of
    // each group (pickResources), never two on one cabin at once; one that finds none is skipped.
    const held = new Map<string, Interval[]>();
    const busy: HistoryBusy[] = []; // what the history must leave to these visits (demo-history.ts)
    const bonoVisits: { appointmentId: string; client: Spec['client']; bono: DemoBonoKey; status: Spec['status'] }[] = [];
    const paid: PaidAppointment[] = [];
    for (const s of specs) {
      const service = svc[s.service]!;
      const span = blockedSpan({ start: s.start, end: endOf(s.start, service.duration) }, service);
      const picked = pickResources(service.groups.map((members, i) => ({ id: String(i), members: members.map((id) => ({ id, busy: held.get(id) ?? [] })) })), span);
      if (!picked) {
        deps.log.warn({ service: service.name, start: s.start }, 'demo seed: no free cabin or machine, appointment skipped');
        continue;
      }
      const [row] = await tx.insert(appointments).values({
        clientId: ids[s.client]!,
        clientName: DEMO_ACCOUNTS[s.client].name,
        clientEmail: DEMO_ACCOUNTS[s.client].email,
        employeeId: ids[s.employee]!,
        employeeName: DEMO_ACCOUNTS[s.employee].name,
        serviceId: service.id,
        serviceName: service.name,
        serviceDuration: service.duration,
        price: service.price,
        startTime: s.start,
        endTime: endOf(s.start, service.duration),
        status: s.status,
        notes_client: s.notes ?? '',
        prepMinutes: service.prepMinutes,
        cleanupMinutes: service.cleanupMinutes,
      }).returning({ id: appointments.id });
      // As the booking writes them (insert-queries.ts), with `active` as the sync trigger keeps it.
      const active = isBlockingStatus(s.status ?? 'confirmed');
      if (picked.length) {
        await tx.insert(appointmentResources).values(picked.map((resourceId) => ({ appointmentId: row!.id, resourceId, blockStart: span.start, blockEnd: span.end, active })));
      }
      if (active) for (const id of picked) held.set(id, [...(held.get(id) ?? []), span]);
      if (!s.status?.startsWith('cancelled')) busy.push(...[s.employee, ...picked].map((owner) => ({ owner, span })));
      if (s.paid) paid.push({ id: row!.id, end: endOf(s.start, service.duration), employee: s.employee, lines: s.paid });
      if (s.bono) bonoVisits.push({ appointmentId: row!.id, client: s.client, bono: s.bono, status: s.status });
    }

    // Bonos (ADR 037): the types, the bonos sold, and the sessions of the visits that name one,
    // counted in sessions_held as the booking and the trigger appointments_bono_session would.
    const type = {} as Record<DemoBonoKey, SeededBonoType>;
    for (const [key, t] of Object.entries(DEMO_BONO_TYPES)) {
      const [row] = await tx.insert(bonoTypes).values({ name: t.name, sessions: t.sessions, price: t.price, validityMonths: t.validityMonths }).returning({ id: bonoTypes.id });
      await tx.insert(bonoTypeServices).values(t.services.map((k) => ({ bonoTypeId: row!.id, serviceId: svc[k]!.id })));
      type[key as DemoBonoKey] = { id: row!.id, ...t };
    }
    for (const b of DEMO_BONOS) {
      const t = type[b.type];
      // The demo clients' records were made by their first appointment (the trigger appointments_client_record).
      const [record] =
        typeof b.client === 'string'
          ? await tx.select({ id: clients.id }).from(clients).where(eq(clients.userId, ids[b.client]!))
          : await tx.insert(clients).values({ name: b.client.name, phone: b.client.phone }).returning({ id: clients.id });
      const visits = bonoVisits.filter((v) => v.client === b.client && v.bono === b.type);
      const soldAt = new Date(now.getTime() - b.daysAgo * 86_400_000);
      const [bono] = await tx
        .insert(bonos)
        .values({
          bonoTypeId: t.id,
          clientId: record!.id,
          name: t.name,
          sessions: t.sessions,
          price: t.price,
          sessionsHeld: visits.length,
          soldAt,
          expiresOn: expiryOf(salonDateOf(soldAt, SALON_TIME_ZONE), t.validityMonths),
          paymentMethod: b.method,
          amount: t.price,
          soldByUserId: ids.admin!,
          soldByName: DEMO_ACCOUNTS.admin.name,
        })
        .returning({ id: bonos.id });
      if (visits.length) {
        await tx.insert(bonoSessions).values(
          visits.map((v) => ({ bonoId: bono!.id, appointmentId: v.appointmentId, state: v.status === 'confirmed' ? ('reserved' as const) : ('spent' as const), reservedAt: soldAt, spentAt: v.status === 'confirmed' ? null : now })),
        );
      }
    }
    const soldAt = at(workingDay(today, -DEMO_GIFT_CARD.soldDaysAgo), '18:30');
    await seedTakings(tx, { messageSecret: deps.messageSecret, ids, soldAt, recipient: 'client', paid });
    // Six months of history and the next four weeks around the visits above (docs/rooms/demo.md).
    const history = await seedHistory(tx, {
      now,
      messageSecret: deps.messageSecret,
      ids,
      employees: employeeRecords,
      services: svc,
      resources: res,
      bonoTypes: type,
      busy,
      takenPhones: DEMO_BONOS.flatMap((b) => (typeof b.client === 'string' ? [] : [b.client.phone])),
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    seeded = history.appointments.length;
    // The till's opens and closes of the last two weeks, after every payment of them (ADR 054).
    await seedDemoTill(tx, { today, adminId: ids.admin!, adminName: DEMO_ACCOUNTS.admin.name });
  });
  const [settings] = await deps.db.select().from(salonSettings).where(eq(salonSettings.id, 1));
  await seedDemoConsents(deps, settings?.name ?? SALON_DEMO.name); // the laser consent and a few signed ones (ADR 041)
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  deps.log.info({ salon: settings?.name, appointments: seeded, seconds: Number(seconds) }, `Demo sembrada en ${seconds} s`);
  return logins;
}
