import { eq } from 'drizzle-orm';
import { defaultWeeklySchedule, type WeeklySchedule } from '../../src/domain/weekly-schedule';
import { appointments, employees, employeeServices, salonSettings, services, user } from '../../src/server/db/schema';
import { promote, signUp, type Session } from './http-client';
import type { TestServer } from './test-server';

// Arranging a small salon straight in the database for the booking and cancellation tests.
// Every request comes from its own address (the server trusts X-Forwarded-For in these tests),
// so the per-address sign-up limit of better-auth does not throttle the arrangement.

export const PASSWORD = 'secreto-1';
let ipSeq = 0;
export const nextIp = () => ({ headers: { 'x-forwarded-for': `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });

export async function newClient(server: TestServer, email: string, name = ''): Promise<Session> {
  return signUp(server.url, { email, password: PASSWORD, name }, nextIp());
}

export async function userIdOf(server: TestServer, email: string): Promise<string> {
  const [row] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Mon-Fri 09:00-17:00 with lunch 13:00-14:00, Saturday 10:00-14:00, and (on purpose) Sunday too. */
export function testSchedule(): WeeklySchedule {
  const s = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    s[d] = { isWorkingDay: true, startTime: '09:00', endTime: '17:00', breaks: [{ start: '13:00', end: '14:00' }] };
  }
  s.saturday = { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] };
  // The calendar must refuse Sundays even for an employee who would work them.
  s.sunday = { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] };
  return s;
}

export type Salon = {
  corte: string;
  tinte: string;
  inactive: string;
  unoffered: string;
  lucia: string;
  luciaUserId: string;
  noAccount: string;
  inactiveEmployee: string;
  luciaSession: Session;
};

export async function arrangeSalon(server: TestServer, settings?: { interval?: number; cancellationPolicyHours?: number }): Promise<Salon> {
  const { db } = server.deps;
  const luciaSession = await newClient(server, 'lucia@salon.test', 'Lucía Martín');
  await promote(server.deps, 'lucia@salon.test', 'employee');
  const luciaUserId = await userIdOf(server, 'lucia@salon.test');

  const [corte, tinte, inactive, unoffered] = await db
    .insert(services)
    .values([
      { name: 'Corte y peinado', category: 'Cabello', duration: 30, price: 25.5, description: 'Corte a tu medida.' },
      { name: 'Tinte completo', category: 'Cabello', duration: 90, price: 55, description: '' },
      { name: 'Alisado de keratina', category: 'Cabello', duration: 60, price: 120, isActive: false },
      { name: 'Masaje relajante', category: 'Bienestar', duration: 60, price: 48 },
    ])
    .returning({ id: services.id });
  const [lucia, noAccount, inactiveEmployee] = await db
    .insert(employees)
    .values([
      { name: 'Lucía Martín', availability: testSchedule(), userId: luciaUserId, userAccountEmail: 'lucia@salon.test' },
      { name: 'Nuria Gil', availability: testSchedule() },
      { name: 'Sara Molina', availability: testSchedule(), isActive: false },
    ])
    .returning({ id: employees.id });
  await db.insert(employeeServices).values([
    { employeeId: lucia!.id, serviceId: corte!.id },
    { employeeId: lucia!.id, serviceId: tinte!.id },
    { employeeId: lucia!.id, serviceId: inactive!.id },
    { employeeId: noAccount!.id, serviceId: corte!.id },
    { employeeId: inactiveEmployee!.id, serviceId: corte!.id },
  ]);
  if (settings) {
    await db.insert(salonSettings).values({
      id: 1,
      name: 'Auna',
      appointmentTimeSlotInterval: settings.interval ?? 30,
      cancellationPolicyHours: settings.cancellationPolicyHours ?? 24,
    });
  }
  return {
    corte: corte!.id,
    tinte: tinte!.id,
    inactive: inactive!.id,
    unoffered: unoffered!.id,
    lucia: lucia!.id,
    luciaUserId,
    noAccount: noAccount!.id,
    inactiveEmployee: inactiveEmployee!.id,
    luciaSession,
  };
}

export async function appointmentRow(server: TestServer, id: string) {
  const [row] = await server.deps.db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}
