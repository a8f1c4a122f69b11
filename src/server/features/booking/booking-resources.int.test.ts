import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { appointmentResources, appointments, employees, employeeServices, resources, salonSettings, serviceResourceGroupMembers, serviceResourceGroups, services } from '../../db/schema';
import { arrangeSalon, newClient, testSchedule, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { EVERY_EMPLOYEE, type RealtimeEvent } from '../../live-events/realtime';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Cabins, machines and buffers through the real booking API (ADR 036). "Now" is Wednesday
// 2026-01-14 11:00 in Madrid; professionals work Mon-Fri 09:00-17:00 with lunch 13:00-14:00.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;
let clients: Session[];
/** Five professionals (employee record ids) offering every service of this file; [0] is Lucía. */
let pros: string[];
const db = () => server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  await db().insert(salonSettings).values({ id: 1, name: 'Auna', maxFutureAppointmentsPerClient: 50, bookingHorizonDays: 365 });
  admin = await newClient(server, 'duena@salon.test', 'Dueña');
  await promote(server.deps, 'duena@salon.test', 'admin');
  clients = await Promise.all([1, 2, 3, 4, 5].map((i) => newClient(server, `clienta${i}@example.com`, `Clienta ${i}`)));
  pros = [salon.lucia];
  for (const i of [2, 3, 4, 5]) {
    const email = `pro${i}@salon.test`;
    await newClient(server, email, `Profesional ${i}`);
    await promote(server.deps, email, 'employee');
    const [e] = await db().insert(employees).values({ name: `Profesional ${i}`, availability: testSchedule(), userId: await userIdOf(server, email) }).returning({ id: employees.id });
    pros.push(e!.id);
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
});

let order = 0;
async function resource(name: string, kind: 'cabina' | 'aparato') {
  const [r] = await db().insert(resources).values({ name, kind, position: order++ }).returning({ id: resources.id });
  return r!.id;
}

/** A service the five professionals offer, needing `groups` (each a list of resource ids), with buffers. */
async function service(name: string, duration: number, groups: string[][], prep = 0, cleanup = 0) {
  const [s] = await db().insert(services).values({ name, duration, price: 60, prepMinutes: prep, cleanupMinutes: cleanup }).returning({ id: services.id });
  await db().insert(employeeServices).values(pros.map((employeeId) => ({ employeeId, serviceId: s!.id })));
  for (const [position, members] of groups.entries()) {
    const [g] = await db().insert(serviceResourceGroups).values({ serviceId: s!.id, position }).returning({ id: serviceResourceGroups.id });
    await db().insert(serviceResourceGroupMembers).values(members.map((resourceId) => ({ groupId: g!.id, resourceId })));
  }
  return s!.id;
}

const slotTimes = async (serviceId: string, professionalId: string, date: string) => {
  const res = await clients[0]!.get(`/api/booking/slots?${new URLSearchParams({ serviceId, professionalId, date }).toString()}`);
  expect(res.status).toBe(200);
  return (res.body.slots as Array<{ time: string }>).map((s) => s.time);
};
const book = (who: Session, serviceId: string, professionalId: string, date: string, time: string) => who.post('/api/booking', { serviceId, professionalId, date, time });
const heldBy = async (appointmentId: string) =>
  (await db().select({ resourceId: appointmentResources.resourceId, blockStart: appointmentResources.blockStart, blockEnd: appointmentResources.blockEnd, active: appointmentResources.active }).from(appointmentResources).where(eq(appointmentResources.appointmentId, appointmentId)));

describe('one laser, five professionals', () => {
  let laser: string;
  let laserSession: string;
  beforeAll(async () => {
    laser = await resource('Láser de diodo', 'aparato');
    laserSession = await service('Depilación láser', 60, [[laser]]);
  });

  it("the second professional's laser slots disappear while the first holds it, and come back when it is cancelled", async () => {
    const date = '2026-01-19';
    expect(await slotTimes(laserSession, pros[1]!, date)).toContain('10:00');
    const first = await book(clients[0]!, laserSession, pros[0]!, date, '10:00');
    expect(first.status).toBe(201);
    expect(await heldBy(first.body.appointment.id)).toEqual([{ resourceId: laser, blockStart: new Date('2026-01-19T09:00:00Z'), blockEnd: new Date('2026-01-19T10:00:00Z'), active: true }]);
    const second = await slotTimes(laserSession, pros[1]!, date);
    expect(second).not.toContain('09:30');
    expect(second).not.toContain('10:00');
    expect(second).not.toContain('10:30');
    expect(second).toContain('09:00');
    expect(second).toContain('11:00');
    // Asking for it anyway: the spec's conflict text, not a 500.
    const refused = await book(clients[1]!, laserSession, pros[1]!, date, '10:00');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
    // Cancelled: the trigger lets the laser go.
    const cancel = await clients[0]!.post(`/api/my-appointments/${first.body.appointment.id}/cancel`);
    expect(cancel.status).toBeLessThan(300);
    expect((await heldBy(first.body.appointment.id))[0]!.active).toBe(false);
    expect(await slotTimes(laserSession, pros[1]!, date)).toContain('10:00');
  });

  // Under a second on its own (0.4-0.8 s with three copies running at once), but once, in a
  // clean-clone CI run on the shared 2-core machine, over a minute, not reproduced since: the
  // answers are still checked, only the 30 s default is not the measure here.
  it('50 simultaneous laser bookings with five professionals at one time: one 201, 49 × 409 with the spec text', async () => {
    const date = '2026-01-20';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(clients[i % 5]!, laserSession, pros[i % 5]!, date, '11:00')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
    // Nothing half-written: one appointment at that time, holding the laser once.
    const rows = await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.startTime, new Date('2026-01-20T10:00:00Z')));
    expect(rows).toHaveLength(1);
    const held = await db().select().from(appointmentResources).where(eq(appointmentResources.resourceId, laser));
    expect(held.filter((h) => h.active && h.blockStart.getTime() === new Date('2026-01-20T10:00:00Z').getTime())).toHaveLength(1);
    const orphans = await db().execute(sql`SELECT 1 FROM appointment_resources ar LEFT JOIN appointments a ON a.id = ar.appointment_id WHERE a.id IS NULL`);
    expect(orphans.rows).toHaveLength(0);
  }, 120_000);

  it('the constraint, not the code, decides: a second laser row over a held span is refused by the database', async () => {
    const [a] = await db().select({ id: appointments.id, start: appointments.startTime }).from(appointments).where(eq(appointments.startTime, new Date('2026-01-20T10:00:00Z')));
    const other = await book(clients[2]!, salon.corte, pros[0]!, '2026-01-21', '09:00');
    expect(other.status).toBe(201);
    await expect(
      db().insert(appointmentResources).values({ appointmentId: other.body.appointment.id, resourceId: laser, blockStart: new Date(a!.start.getTime() + 30 * 60_000), blockEnd: new Date(a!.start.getTime() + 90 * 60_000) }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});

describe('a group of two cabins, buffers', () => {
  let c1: string;
  let c2: string;
  let facial: string;
  beforeAll(async () => {
    c1 = await resource('Cabina 1', 'cabina');
    c2 = await resource('Cabina 2', 'cabina');
    facial = await service('Limpieza facial', 60, [[c1, c2]], 10, 15);
  });

  it('two facials at once take both cabins; a third at that time is not offered; buffers are held, not told', async () => {
    const date = '2026-01-22';
    const a = await book(clients[0]!, facial, pros[0]!, date, '10:00');
    const b = await book(clients[1]!, facial, pros[1]!, date, '10:00');
    expect([a.status, b.status]).toEqual([201, 201]);
    // The client is told her own time (10:00-11:00); the cabin and the professional are held 09:50-11:15.
    expect(a.body.appointment).toMatchObject({ startTime: '2026-01-22T09:00:00.000Z', endTime: '2026-01-22T10:00:00.000Z' });
    expect((await heldBy(a.body.appointment.id)).map((h) => h.resourceId)).toEqual([c1]);
    expect((await heldBy(b.body.appointment.id)).map((h) => h.resourceId)).toEqual([c2]);
    expect(await heldBy(a.body.appointment.id)).toMatchObject([{ blockStart: new Date('2026-01-22T08:50:00Z'), blockEnd: new Date('2026-01-22T10:15:00Z') }]);
    const third = await slotTimes(facial, pros[2]!, date);
    expect(third).not.toContain('10:00');
    // 11:00 would start preparing at 10:50, before both cabins are cleaned (11:15); 11:30 is free.
    expect(third).not.toContain('11:00');
    expect(third).toContain('11:30');
    // Her own next slot: the cleaning (until 11:15) and the next preparation push it to 11:30.
    const own = await slotTimes(facial, pros[0]!, date);
    expect(own).not.toContain('11:00');
    expect(own).toContain('11:30');
    // A service without buffers or resources for the same professional: right after her cleaning.
    const corte = await slotTimes(salon.corte, pros[0]!, date);
    expect(corte).not.toContain('11:00');
    expect(corte).toContain('11:30');
  });

  it('the staff may choose the cabin; a busy one is named, one the service does not need is a 400', async () => {
    const date = '2026-01-23';
    const [record] = (await db().execute<{ id: string }>(sql`INSERT INTO clients (name, phone) VALUES ('Ana Ruiz', '+34600111222') RETURNING id`)).rows;
    const staff = (time: string, resourceIds: string[]) => admin.post('/api/booking/staff', { clientId: record!.id, serviceId: facial, professionalId: pros[3]!, date, time, resourceIds });
    const chosen = await staff('10:00', [c2]);
    expect(chosen.status).toBe(201);
    expect((await heldBy(chosen.body.appointment.id)).map((h) => h.resourceId)).toEqual([c2]);
    const busy = await admin.post('/api/booking/staff', { clientId: record!.id, serviceId: facial, professionalId: pros[4]!, date, time: '10:00', resourceIds: [c2] });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('resource_unavailable');
    const foreign = await staff('15:00', [salon.corte]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('resource_not_required');
  });

  it('reschedule racing a booking for the last cabin: one winner, the loser untouched', async () => {
    for (const [i, date] of ['2026-01-26', '2026-01-27', '2026-01-28'].entries()) {
      // The appointment to move (10:00, cabin 1) and another holding cabin 2 at 15:00.
      const moving = await book(clients[0]!, facial, pros[0]!, date, '10:00');
      const holder = await book(clients[1]!, facial, pros[1]!, date, '15:00');
      expect([moving.status, holder.status]).toEqual([201, 201]);
      const before = await db().select().from(appointments).where(eq(appointments.id, moving.body.appointment.id));
      const heldBefore = await heldBy(moving.body.appointment.id);
      // At 15:00 one cabin is left: the move (same professional) and a new booking (another) race for it.
      const [moved, booked] = await Promise.all([
        admin.post(`/api/booking/reschedule/${moving.body.appointment.id}`, { professionalId: pros[0]!, date, time: '15:00' }),
        book(clients[2 + (i % 3)]!, facial, pros[2]!, date, '15:00'),
      ]);
      expect([moved.status, booked.status].filter((s) => s < 300)).toHaveLength(1);
      const loser = moved.status < 300 ? booked : moved;
      expect(loser.status).toBe(409);
      expect(loser.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
      if (moved.status >= 300) {
        // The move lost: the appointment and what it holds are as they were.
        expect(await db().select().from(appointments).where(eq(appointments.id, moving.body.appointment.id))).toEqual(before);
        expect(await heldBy(moving.body.appointment.id)).toEqual(heldBefore);
      } else {
        const rows = await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.startTime, new Date(`${date}T14:00:00Z`)));
        expect(rows).toHaveLength(2);
      }
      const active = await db().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointment_resources WHERE active AND block_start = ${`${date}T13:50:00Z`}::timestamptz`);
      expect(active.rows[0]!.n).toBe(2);
    }
  });
});

describe('two cabins shared: races, staff moves, live pages, time off', () => {
  let c1: string;
  let c2: string;
  let facial: string;
  beforeAll(async () => {
    c1 = await resource('Cabina A', 'cabina');
    c2 = await resource('Cabina B', 'cabina');
    facial = await service('Higiene facial', 60, [[c1, c2]], 0, 10);
  });

  it('two facials booked at the same moment with two professionals both get a cabin: the loser of the first free one takes the other', async () => {
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      const [a, b] = await Promise.all([book(clients[0]!, facial, pros[0]!, date, '10:00'), book(clients[1]!, facial, pros[1]!, date, '10:00')]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const held = [...(await heldBy(a.body.appointment.id)), ...(await heldBy(b.body.appointment.id))].map((h) => h.resourceId).sort();
      expect(held).toEqual([c1, c2].sort());
    }
    // A third at the same moment: two cabins, so two bookings; the third is told the spec's text.
    const date = '2026-03-05';
    const answers = await Promise.all([0, 1, 2].map((i) => book(clients[i]!, facial, pros[i]!, date, '10:00')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
  });

  it('a professional moves her own appointment to the other cabin at the same time; a cabin someone holds is refused', async () => {
    const date = '2026-03-09';
    const mine = await book(clients[0]!, facial, pros[0]!, date, '11:00');
    expect(mine.status).toBe(201);
    expect((await heldBy(mine.body.appointment.id)).map((h) => h.resourceId)).toEqual([c1]);
    const move = (resourceIds: string[]) => salon.luciaSession.post(`/api/booking/reschedule/${mine.body.appointment.id}`, { professionalId: pros[0]!, date, time: '11:00', resourceIds });
    const moved = await move([c2]);
    expect(moved.status).toBe(200);
    expect((await heldBy(mine.body.appointment.id)).map((h) => h.resourceId)).toEqual([c2]);
    // Another professional's client now holds cabin 1 at 11:00: moving back is refused, nothing changes.
    const other = await book(clients[1]!, facial, pros[1]!, date, '11:00');
    expect((await heldBy(other.body.appointment.id)).map((h) => h.resourceId)).toEqual([c1]);
    const back = await move([c1]);
    expect(back.status).toBe(409);
    expect((await heldBy(mine.body.appointment.id)).map((h) => h.resourceId)).toEqual([c2]);
    // An employee may not move another professional's appointment, resources or not.
    const foreign = await salon.luciaSession.post(`/api/booking/reschedule/${other.body.appointment.id}`, { professionalId: pros[1]!, date, time: '11:00', resourceIds: [c2] });
    expect([403, 404]).toContain(foreign.status);
    expect((await heldBy(other.body.appointment.id)).map((h) => h.resourceId)).toEqual([c1]);
  });

  it("a booking that takes a cabin reaches every professional's open pages; one without resources only its own", async () => {
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    try {
      const withCabin = await book(clients[2]!, facial, pros[2]!, '2026-03-10', '10:00');
      expect(withCabin.status).toBe(201);
      await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: EVERY_EMPLOYEE, dates: ['2026-03-10'] });
      const plain = await book(clients[2]!, salon.corte, salon.lucia, '2026-03-11', '10:00');
      expect(plain.status).toBe(201);
      await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: salon.luciaUserId, dates: ['2026-03-11'] });
      // Cancelled: the cabin is free again for everyone, so everyone is told.
      events.length = 0;
      expect((await clients[2]!.post(`/api/my-appointments/${withCabin.body.appointment.id}/cancel`)).status).toBeLessThan(300);
      await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: EVERY_EMPLOYEE, dates: ['2026-03-10'] });
    } finally {
      unsubscribe();
    }
  });

  it("a time off that only covers an appointment's cleaning minutes lists it as a conflict", async () => {
    const date = '2026-03-12';
    const a = await book(clients[3]!, facial, pros[3]!, date, '10:00');
    expect(a.status).toBe(201);
    // She is told 10:00-11:00; the cabin and she are held until 11:10. A time off from 11:05 needs her for those minutes.
    const res = await admin.post('/api/admin/availability/time-off', { employeeId: pros[3]!, startDate: date, endDate: date, startTime: '11:05', endTime: '12:00', reason: 'Médico' });
    expect(res.status).toBe(201);
    expect(res.body.conflicts.map((c: { id: string }) => c.id)).toContain(a.body.appointment.id);
  });
});

describe('property: every offered slot books, every refused time was not offered', () => {
  it('over random cabins, machines and buffers', async () => {
    const cabins = [await resource('Cabina P1', 'cabina'), await resource('Cabina P2', 'cabina'), await resource('Cabina P3', 'cabina')];
    const machine = await resource('Aparato P', 'aparato');
    const days = ['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06', '2026-02-09', '2026-02-10', '2026-02-11'];
    let run = 0;
    const grid = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          cabinCount: fc.integer({ min: 1, max: 3 }),
          needsMachine: fc.boolean(),
          duration: fc.constantFrom(30, 45, 60),
          prep: fc.constantFrom(0, 5, 10, 15, 30),
          cleanup: fc.constantFrom(0, 5, 10, 15, 30),
          attempts: fc.array(fc.record({ pro: fc.integer({ min: 0, max: 4 }), time: fc.constantFrom(...grid) }), { minLength: 8, maxLength: 14 }),
        }),
        async (p) => {
          // Shrinking a failure runs the property again: the days go round rather than run out.
          const date = days[run % days.length]!;
          // Each run's attempts are the property's, not a client's abuse (ADR 025 allows 20 booking
          // attempts per account in 10 minutes, and this file's earlier races used some): start afresh.
          await db().execute(sql`DELETE FROM rate_limit WHERE key LIKE '%booking:%'`);
          const groups = [cabins.slice(0, p.cabinCount), ...(p.needsMachine ? [[machine]] : [])];
          const serviceId = await service(`Tratamiento ${run++}`, p.duration, groups, p.prep, p.cleanup);
          const made: string[] = [];
          for (const [k, a] of p.attempts.entries()) {
            const offered = await slotTimes(serviceId, pros[a.pro]!, date);
            const res = await book(clients[k % 5]!, serviceId, pros[a.pro]!, date, a.time);
            if (offered.includes(a.time)) {
              expect(res.status, `${a.time} was offered to professional ${a.pro}`).toBe(201);
              made.push(res.body.appointment.id);
            } else {
              expect(res.status, `${a.time} was not offered to professional ${a.pro}`).toBeGreaterThanOrEqual(400);
              expect(res.status).toBeLessThan(500);
            }
          }
          // What was booked never shares a resource at once (the constraint's own invariant, read back).
          if (made.length) {
            const overlaps = await db().execute(sql`
              SELECT 1 FROM appointment_resources x JOIN appointment_resources y
                ON x.resource_id = y.resource_id AND x.appointment_id < y.appointment_id AND x.active AND y.active
               AND tstzrange(x.block_start, x.block_end) && tstzrange(y.block_start, y.block_end)`);
            expect(overlaps.rows).toHaveLength(0);
            const held = await db().select().from(appointmentResources).where(inArray(appointmentResources.appointmentId, made));
            expect(held).toHaveLength(made.length * groups.length);
          }
        },
      ),
      { numRuns: days.length },
    );
  }, 120_000);
});
