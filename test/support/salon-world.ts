import { eq, inArray } from 'drizzle-orm';
import { defaultWeeklySchedule, type WeeklySchedule } from '../../src/domain/weekly-schedule';
import { appointments, employees, employeeServices, salonSettings, services, user } from '../../src/server/db/schema';
import { newSession, promote, signUp, type Session } from './http-client';
import type { TestServer } from './test-server';

// A small salon with one person of every kind the authorization matrix names, arranged straight
// in the database (and through sign-up for the accounts). The server must trust X-Forwarded-For
// (TRUST_PROXY=true): every sign-up comes from its own address.

export const WORLD_PASSWORD = 'secreto-mundo-1';

// formerEmployee: an employee account whose employee record is deactivated (a leaver), still
// holding a session made before (ADR 032): on every route she is a client without a claim.
// receptionist: the desk (ADR 063), an active employee record with "Acceso: Recepción" and no services.
export const ACTORS = ['anonymous', 'client', 'otherClient', 'employee', 'otherEmployee', 'formerEmployee', 'receptionist', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

let ipSeq = 0;
/** A fresh client address for a TRUST_PROXY server, so per-address limits never interfere. */
export const freshIp = (prefix = 10.3) => ({
  headers: { 'x-forwarded-for': `${prefix}.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}` },
});

/** Mon-Sat 09:00-20:00, no break: plenty of slots. */
export function openSchedule(): WeeklySchedule {
  const s = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const) {
    s[d] = { isWorkingDay: true, startTime: '09:00', endTime: '20:00', breaks: [] };
  }
  s.sunday = { isWorkingDay: false, startTime: '09:00', endTime: '17:00', breaks: [] };
  return s;
}

export type World = {
  server: TestServer;
  sessions: Record<Actor, Session>;
  uid: Record<Exclude<Actor, 'anonymous'>, string>;
  email: Record<Exclude<Actor, 'anonymous'>, string>;
  serviceId: string;
  /** employee records (not user ids) of `employee` and `otherEmployee` */
  employeeRecord: string;
  otherEmployeeRecord: string;
  /** Inserts an appointment as booking writes it; returns its id. */
  appointment: (a: {
    client: Exclude<Actor, 'anonymous'>;
    employee: 'employee' | 'otherEmployee';
    start: Date;
    status?: string;
    notes?: string;
  }) => Promise<string>;
  statusOf: (id: string) => Promise<string | undefined>;
};

export async function arrangeWorld(server: TestServer, tag: string): Promise<World> {
  const { db } = server.deps;
  const email = {
    client: `marta.${tag}@mundo.test`,
    otherClient: `elena.${tag}@mundo.test`,
    employee: `lucia.${tag}@mundo.test`,
    otherEmployee: `sara.${tag}@mundo.test`,
    formerEmployee: `rosa.${tag}@mundo.test`,
    receptionist: `paula.${tag}@mundo.test`,
    admin: `admin.${tag}@mundo.test`,
  };
  const names = {
    client: 'Marta García',
    otherClient: 'Elena Torres',
    employee: 'Lucía Martín',
    otherEmployee: 'Sara Molina',
    formerEmployee: 'Rosa Vidal',
    receptionist: 'Paula Ruiz',
    admin: 'Administración',
  };
  const sessions = { anonymous: newSession(server.url, freshIp()) } as Record<Actor, Session>;
  const uid = {} as World['uid'];
  for (const who of ['client', 'otherClient', 'employee', 'otherEmployee', 'formerEmployee', 'receptionist', 'admin'] as const) {
    sessions[who] = await signUp(server.url, { email: email[who], password: WORLD_PASSWORD, name: names[who] }, freshIp());
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email[who]));
    uid[who] = row!.id;
  }
  // Every world account has confirmed its email (ADR 025: only a verified account can be linked).
  await db.update(user).set({ emailVerified: true }).where(inArray(user.id, Object.values(uid)));
  await promote(server.deps, email.employee, 'employee');
  await promote(server.deps, email.otherEmployee, 'employee');
  await promote(server.deps, email.formerEmployee, 'employee');
  await promote(server.deps, email.admin, 'admin');
  await promote(server.deps, email.receptionist, 'receptionist');

  const [service] = await db
    .insert(services)
    .values({ name: 'Corte y peinado', category: 'Cabello', duration: 30, price: 25.5, description: 'Corte a tu medida.' })
    .returning({ id: services.id, name: services.name, duration: services.duration, price: services.price });
  const [lucia, sara] = await db
    .insert(employees)
    .values([
      { name: names.employee, availability: openSchedule(), userId: uid.employee, userAccountEmail: email.employee },
      { name: names.otherEmployee, availability: openSchedule(), userId: uid.otherEmployee, userAccountEmail: email.otherEmployee },
    ])
    .returning({ id: employees.id });
  // Deactivated straight in the table: her session, made while she was active, stays open.
  await db.insert(employees).values({
    name: names.formerEmployee,
    availability: openSchedule(),
    userId: uid.formerEmployee,
    userAccountEmail: email.formerEmployee,
    isActive: false,
  });
  await db.insert(employees).values({
    name: names.receptionist,
    availability: openSchedule(),
    userId: uid.receptionist,
    userAccountEmail: email.receptionist,
    accountRole: 'receptionist',
  });
  await db.insert(employeeServices).values([
    { employeeId: lucia!.id, serviceId: service!.id },
    { employeeId: sara!.id, serviceId: service!.id },
  ]);
  await db
    .insert(salonSettings)
    .values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 15, cancellationPolicyHours: 24 })
    .onConflictDoNothing();

  return {
    server,
    sessions,
    uid,
    email,
    serviceId: service!.id,
    employeeRecord: lucia!.id,
    otherEmployeeRecord: sara!.id,
    async appointment(a) {
      const end = new Date(a.start.getTime() + service!.duration * 60_000);
      const [row] = await db
        .insert(appointments)
        .values({
          clientId: uid[a.client],
          clientName: names[a.client],
          clientEmail: email[a.client],
          employeeId: uid[a.employee],
          employeeName: names[a.employee],
          serviceId: service!.id,
          serviceName: service!.name,
          serviceDuration: service!.duration,
          price: service!.price,
          startTime: a.start,
          endTime: end,
          status: (a.status ?? 'confirmed') as 'confirmed',
          notes_client: a.notes ?? '',
        })
        .returning({ id: appointments.id });
      return row!.id;
    },
    async statusOf(id) {
      const [row] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
      return row?.status;
    },
  };
}

/** The owner's discount limit for her staff (ADR 052), made the salon's setting whether or not its record exists yet. */
export async function setStaffDiscountLimit(server: TestServer, percent: number): Promise<void> {
  await server.deps.db
    .insert(salonSettings)
    .values({ id: 1, name: 'Salón', staffDiscountMaxPercent: percent })
    .onConflictDoUpdate({ target: salonSettings.id, set: { staffDiscountMaxPercent: percent } });
}
