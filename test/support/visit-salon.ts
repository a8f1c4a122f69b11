import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { defaultWeeklySchedule } from '../../src/domain/weekly-schedule';
import { employees, employeeServices, salonSettings, services } from '../../src/server/db/schema';
import { newClient, userIdOf } from './booking-fixtures';
import { promote } from './http-client';
import type { TestServer } from './test-server';

// The salon of the visit tests (a visit of several services: ADRs 081-098): two professionals with
// an account, Ana Ruiz and Eva Sanz, working Monday to Friday, each doing a manicure (20 €) and a
// pedicure (25,50 €), both allowed side by side.

export type VisitSalon = { ana: string; eva: string; manicure: string; pedicure: string };

async function professional(server: TestServer, email: string, name: string, hours: { from: string; to: string }) {
  await newClient(server, email, name);
  await promote(server.deps, email, 'employee');
  const s = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const)
    s[d] = { isWorkingDay: true, startTime: hours.from, endTime: hours.to, breaks: [] };
  const [e] = await server.deps.db
    .insert(employees)
    .values({ name, email, availability: s, userId: await userIdOf(server, email) })
    .returning({ id: employees.id });
  return e!.id;
}

/** Ana and Eva (employee record ids; accounts ana@ and eva@salon.test) and the two services, on `hours` each weekday. */
export async function arrangeVisitSalon(server: TestServer, hours = { from: '10:00', to: '12:00' }): Promise<VisitSalon> {
  const ana = await professional(server, 'ana@salon.test', 'Ana Ruiz', hours);
  const eva = await professional(server, 'eva@salon.test', 'Eva Sanz', hours);
  const rows = await server.deps.db
    .insert(services)
    .values([
      { name: 'Manicura', duration: 60, price: 20, parallelAllowed: true },
      { name: 'Pedicura', duration: 60, price: 25.5, parallelAllowed: true },
    ])
    .returning({ id: services.id });
  const [manicure, pedicure] = rows.map((r) => r.id) as [string, string];
  await server.deps.db
    .insert(employeeServices)
    .values([ana, eva].flatMap((employeeId) => [manicure, pedicure].map((serviceId) => ({ employeeId, serviceId }))));
  return { ana, eva, manicure, pedicure };
}

/** The visit tests' salon settings: hourly times, five future visits at most, a year ahead, 24 hours to cancel. */
export async function visitSalonSettings(server: TestServer) {
  await server.deps.db.insert(salonSettings).values({
    id: 1,
    name: 'Auna',
    appointmentTimeSlotInterval: 60,
    maxFutureAppointmentsPerClient: 5,
    bookingHorizonDays: 365,
    cancellationPolicyHours: 24,
  });
}

/**
 * A visit's confirmations as recorded (recipient, outcome, channel; by recipient), once hers and the two
 * professionals' are in, and a moment more for any stray one.
 */
export async function visitConfirmations(server: TestServer, ids: string[]) {
  const read = async () =>
    (
      await server.deps.db.execute<{ recipient: string; outcome: string; channel: string | null }>(
        sql`SELECT recipient, outcome, channel FROM sent_messages WHERE kind = 'confirmation' AND appointment_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ORDER BY recipient`,
      )
    ).rows;
  for (let i = 0; i < 150 && (await read()).length < 3; i++) await sleep(100);
  await sleep(1500);
  return read();
}
