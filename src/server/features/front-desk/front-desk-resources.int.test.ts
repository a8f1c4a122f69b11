import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import {
  appointmentResources,
  employeeServices,
  resources,
  serviceResourceGroupMembers,
  serviceResourceGroups,
  services,
} from '../../db/schema';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The front desk and the cabins and machines (ADR 036): the salon's day names them, and the staff
// move an appointment to another cabin at the same time. "Now" is Wednesday 2026-01-14 11:00 in
// Madrid; Lucía works Mon-Fri 09:00-17:00.

const NOW = new Date('2026-01-14T10:00:00Z');
const DATE = '2026-01-19';
let server: TestServer;
let salon: Salon;
let admin: Session;
let client: Session;
let cabin1: string;
let cabin2: string;
let laser: string;
let laserSession: string;
let facialService: string;
let clientRecord: string;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  salon = await arrangeSalon(server);
  admin = await newClient(server, 'duena@salon.test', 'Dueña');
  await promote(server.deps, 'duena@salon.test', 'admin');
  client = await newClient(server, 'clienta@example.com', 'Clienta Uno');
  [cabin1, cabin2, laser] = (
    await db()
      .insert(resources)
      .values([
        { name: 'Cabina 1', kind: 'cabina', position: 0 },
        { name: 'Cabina 2', kind: 'cabina', position: 1 },
        { name: 'Láser de diodo', kind: 'aparato', position: 2 },
        { name: 'Cabina vieja', kind: 'cabina', position: 3, isActive: false },
      ])
      .returning({ id: resources.id })
  ).map((r) => r.id) as [string, string, string];
  const [s] = await db()
    .insert(services)
    .values({ name: 'Depilación láser', duration: 60, price: 80, prepMinutes: 10, cleanupMinutes: 15 })
    .returning({ id: services.id });
  laserSession = s!.id;
  await db().insert(employeeServices).values({ employeeId: salon.lucia, serviceId: laserSession });
  for (const [position, members] of [[cabin1, cabin2], [laser]].entries()) {
    const [g] = await db()
      .insert(serviceResourceGroups)
      .values({ serviceId: laserSession, position })
      .returning({ id: serviceResourceGroups.id });
    await db()
      .insert(serviceResourceGroupMembers)
      .values(members.map((resourceId) => ({ groupId: g!.id, resourceId })));
  }
  // Nuria (the salon's professional without an account) gets one, and a facial needing any cabin.
  await newClient(server, 'nuria@salon.test', 'Nuria Gil');
  await promote(server.deps, 'nuria@salon.test', 'employee');
  await db().execute(
    sql`UPDATE employees SET user_id = (SELECT id FROM "user" WHERE email = 'nuria@salon.test') WHERE id = ${salon.noAccount}`,
  );
  const [f] = await db().insert(services).values({ name: 'Limpieza facial', duration: 60, price: 50 }).returning({ id: services.id });
  facialService = f!.id;
  await db().insert(employeeServices).values({ employeeId: salon.noAccount, serviceId: facialService });
  const [g] = await db()
    .insert(serviceResourceGroups)
    .values({ serviceId: facialService, position: 0 })
    .returning({ id: serviceResourceGroups.id });
  await db()
    .insert(serviceResourceGroupMembers)
    .values([cabin1, cabin2].map((resourceId) => ({ groupId: g!.id, resourceId })));
  clientRecord = (
    await db().execute<{ id: string }>(sql`INSERT INTO clients (name, phone) VALUES ('Ana Ruiz', '+34600111222') RETURNING id`)
  ).rows[0]!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const day = async () => {
  const res = await admin.get(`/api/front-desk/day?date=${DATE}`);
  expect(res.status).toBe(200);
  return res.body;
};
// Every message of a move bumps the appointment's message sequence in the move's transaction
// (notifications/enqueue.ts); the outbox itself is drained by the relay meanwhile, so it is no measure.
const messageSequence = async (id: string) =>
  (await db().execute<{ n: number }>(sql`SELECT message_sequence AS n FROM appointments WHERE id = ${id}::uuid`)).rows[0]!.n;

describe('the salon day with cabins and machines', () => {
  let booked: string;

  it('gives the active resources, the services’ groups, and each appointment’s resources and buffers', async () => {
    const res = await client.post('/api/booking', { serviceId: laserSession, professionalId: salon.lucia, date: DATE, time: '10:00' });
    expect(res.status).toBe(201);
    booked = res.body.appointment.id;
    await client.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: DATE, time: '15:00' });
    const body = await day();
    expect(body.resources).toEqual([
      { id: cabin1, name: 'Cabina 1', kind: 'cabina', position: 0 },
      { id: cabin2, name: 'Cabina 2', kind: 'cabina', position: 1 },
      { id: laser, name: 'Láser de diodo', kind: 'aparato', position: 2 },
    ]);
    expect(body.serviceGroups).toEqual({ [laserSession]: [[cabin1, cabin2], [laser]], [facialService]: [[cabin1, cabin2]] });
    const [laserAppt, cut] = body.appointments;
    expect(laserAppt).toMatchObject({
      id: booked,
      prepMinutes: 10,
      cleanupMinutes: 15,
      resources: [
        { id: cabin1, name: 'Cabina 1', kind: 'cabina' },
        { id: laser, name: 'Láser de diodo', kind: 'aparato' },
      ],
    });
    expect(cut).toMatchObject({ serviceName: 'Corte y peinado', prepMinutes: 0, cleanupMinutes: 0, resources: [] });
  });

  it('the staff move it to the other cabin at the same time: held, audited by name, no message to anyone', async () => {
    const before = await messageSequence(booked);
    const res = await admin.post(`/api/booking/reschedule/${booked}`, {
      professionalId: salon.lucia,
      date: DATE,
      time: '10:00',
      resourceIds: [cabin2, laser],
    });
    expect(res.status).toBe(200);
    const [moved] = (await day()).appointments;
    expect(moved.startTime).toBe('2026-01-19T09:00:00.000Z');
    expect(moved.resources.map((r: { name: string }) => r.name)).toEqual(['Cabina 2', 'Láser de diodo']);
    const held = await db()
      .select({ id: appointmentResources.resourceId })
      .from(appointmentResources)
      .where(eq(appointmentResources.appointmentId, booked));
    expect(held.map((r) => r.id).sort()).toEqual([cabin2, laser].sort());
    expect(await messageSequence(booked)).toBe(before);
    const changes = await admin.get(`/api/front-desk/appointments/${booked}/changes`);
    expect(changes.body.changes.at(-1)).toMatchObject({
      before: { employeeName: 'Lucía Martín', resources: expect.arrayContaining(['Cabina 1', 'Láser de diodo']) },
      after: { employeeName: 'Lucía Martín', resources: ['Cabina 2', 'Láser de diodo'] },
    });
  });

  it('a cabin another appointment holds then is a 409 with its text; the appointment keeps its cabin', async () => {
    // Nuria's facial at 10:00 takes the free cabin (Cabina 1).
    const facial = await admin.post('/api/booking/staff', {
      clientId: clientRecord,
      serviceId: facialService,
      professionalId: salon.noAccount,
      date: DATE,
      time: '10:00',
    });
    expect(facial.status).toBe(201);
    const res = await admin.post(`/api/booking/reschedule/${booked}`, {
      professionalId: salon.lucia,
      date: DATE,
      time: '10:00',
      resourceIds: [cabin1, laser],
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'resource_unavailable', message: STAFF_MSG.resourceUnavailable });
    const after = (await day()).appointments.find((a: { id: string }) => a.id === booked);
    expect(after.resources.map((r: { name: string }) => r.name)).toEqual(['Cabina 2', 'Láser de diodo']);
  });

  it('a resource the service does not need is a 400 in Spanish', async () => {
    const [inactiveCabin] = (await db().execute<{ id: string }>(sql`SELECT id FROM resources WHERE name = 'Cabina vieja'`)).rows;
    for (const resourceIds of [[inactiveCabin!.id], [salon.corte]]) {
      const res = await admin.post(`/api/booking/reschedule/${booked}`, {
        professionalId: salon.lucia,
        date: DATE,
        time: '10:00',
        resourceIds,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'resource_not_required', message: STAFF_MSG.resourceNotRequired });
    }
  });
});
