import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointmentChanges, appointments } from '../../db/schema';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The desk fits people in (ADR 058): a time the grid does not offer after "Fuera de horario", a
// walk-in, a block; and a drag (a staff move) or a squeeze that loses a race. "Now" is Wednesday
// 2026-01-14 11:00 in Madrid; Lucía works Mon-Fri 09:00-17:00 with lunch 13:00-14:00.

const NOW = new Date('2026-01-14T10:00:00Z');
const DATE = '2026-01-19';
let server: TestServer;
let salon: Salon;
let admin: Session;
let client: Session;
let record: string;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  salon = await arrangeSalon(server);
  admin = await newClient(server, 'duena@salon.test', 'Dueña');
  await promote(server.deps, 'duena@salon.test', 'admin');
  client = await newClient(server, 'clienta@example.com', 'Clienta Uno');
  const made = await admin.post('/api/front-desk/clients', { name: 'Rosa Teléfono', phone: '600111222' });
  record = made.body.client.id;
});
afterAll(async () => {
  await server?.close();
});

const squeeze = (s: Session, body: Record<string, unknown>) =>
  s.post('/api/booking/squeeze', { clientId: record, serviceId: salon.corte, professionalId: salon.lucia, date: DATE, ...body });
const rowsAt = async (time: string) =>
  db()
    .select({ id: appointments.id, fittedIn: appointments.fittedIn, status: appointments.status })
    .from(appointments)
    .where(sql`${appointments.startTime} = ${`${DATE}T${time}:00+01:00`}::timestamptz`);

describe('squeeze: a time the grid does not offer', () => {
  it('asks for the "Fuera de horario" yes, then books after her hours and marks it', async () => {
    const asked = await squeeze(admin, { time: '19:30' });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toEqual({ code: 'outside_hours_confirm', message: STAFF_MSG.squeezeConfirm });
    expect(await rowsAt('19:30')).toEqual([]);

    const booked = await squeeze(admin, { time: '19:30', confirmOutsideHours: true });
    expect(booked.status).toBe(201);
    expect(await rowsAt('19:30')).toEqual([{ id: booked.body.appointment.id, fittedIn: 'outside_hours', status: 'confirmed' }]);
    const day = await admin.get(`/api/front-desk/day?date=${DATE}`);
    expect(day.body.appointments.find((a: { id: string }) => a.id === booked.body.appointment.id).fittedIn).toBe('outside_hours');
  });

  it("is refused with the spec's conflict text over a time she already holds", async () => {
    const res = await squeeze(admin, { time: '19:45', confirmOutsideHours: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
  });

  it('books a time the grid offers as a normal booking (no mark), in her break or off the interval as marked', async () => {
    const offered = await squeeze(admin, { time: '10:00' });
    expect(offered.status).toBe(201);
    expect((await rowsAt('10:00'))[0]!.fittedIn).toBeNull();
    expect((await squeeze(admin, { time: '13:00', confirmOutsideHours: true })).status).toBe(201);
    expect((await rowsAt('13:00'))[0]!.fittedIn).toBe('outside_hours');
    expect((await squeeze(admin, { time: '15:10', confirmOutsideHours: true })).status).toBe(201);
    expect((await rowsAt('15:10'))[0]!.fittedIn).toBe('outside_hours');
  });

  it('never offers such a time to a client, and a client cannot take the path (403)', async () => {
    const slots = await client.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${salon.lucia}&date=${DATE}`);
    expect(slots.body.slots.map((s: { time: string }) => s.time)).not.toContain('17:30');
    const res = await client.post('/api/booking/squeeze', {
      clientId: record,
      serviceId: salon.corte,
      professionalId: salon.lucia,
      date: DATE,
      time: '17:30',
      confirmOutsideHours: true,
    });
    expect(res.status).toBe(403);
    const own = await client.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date: DATE, time: '17:30' });
    expect(own.status).toBe(400);
    expect(await rowsAt('17:30')).toEqual([]);
  });

  it('lets the professional fit someone into her own agenda', async () => {
    const res = await squeeze(salon.luciaSession, { time: '08:00', confirmOutsideHours: true });
    expect(res.status).toBe(201);
  });

  it('refuses a time already past, and books a walk-in at the visit under way', async () => {
    const today = '2026-01-14';
    const past = await squeeze(admin, { date: today, time: '10:30', confirmOutsideHours: true });
    expect(past.body.error?.message).toBe(STAFF_MSG.squeezePast);
    const walkIn = await squeeze(admin, { date: today, time: '10:45', walkIn: true });
    expect(walkIn.status).toBe(201);
    const [row] = await db()
      .select({ fittedIn: appointments.fittedIn })
      .from(appointments)
      .where(eq(appointments.id, walkIn.body.appointment.id));
    expect(row!.fittedIn).toBe('walk_in');
    const over = await squeeze(admin, { date: today, time: '09:00', walkIn: true });
    expect(over.body.error?.message).toBe(STAFF_MSG.walkInNotNow);
  });

  it("ten simultaneous squeezes of one time: one appointment, nine answers of the spec's text", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => squeeze(admin, { time: '18:00', confirmOutsideHours: true })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const lost = results.filter((r) => r.status !== 201);
    expect(lost.every((r) => r.status === 409 && r.body.error.message === MSG.slotTaken)).toBe(true);
    expect(await rowsAt('18:00')).toHaveLength(1);
  });
});

describe('blocks', () => {
  const slotTimes = async () =>
    (await client.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${salon.lucia}&date=${DATE}`)).body.slots.map(
      (s: { time: string }) => s.time,
    );

  it('takes the time out of client slots and of a squeeze, lists what it covers, and gives it back when removed', async () => {
    expect(await slotTimes()).toContain('11:00');
    const added = await admin.post('/api/blocks', {
      employeeId: salon.lucia,
      date: DATE,
      startTime: '10:00',
      endTime: '12:00',
      reason: 'Formación',
    });
    expect(added.status).toBe(201);
    // The 10:00 booked above is covered: listed, not cancelled.
    expect(added.body.conflicts.map((c: { label: string }) => c.label)).toEqual(['Bloqueo: Formación']);
    expect(await slotTimes()).not.toContain('11:00');
    const over = await squeeze(admin, { time: '11:00', confirmOutsideHours: true });
    expect(over.body.error).toEqual({ code: 'time_off', message: STAFF_MSG.availabilityTimeOff });
    const day = await admin.get(`/api/front-desk/day?date=${DATE}`);
    expect(day.body.absences).toContainEqual(
      expect.objectContaining({
        id: added.body.block.id,
        kind: 'block',
        professionalId: salon.lucia,
        startMinute: 600,
        endMinute: 720,
        label: 'Bloqueado: Formación',
      }),
    );

    expect((await admin.delete(`/api/blocks/${added.body.block.id}`)).status).toBe(200);
    expect(await slotTimes()).toContain('11:00');
    expect((await admin.delete(`/api/blocks/${added.body.block.id}`)).status).toBe(404);
  });

  it('a professional blocks only her own free time; a client none', async () => {
    const over = await salon.luciaSession.post('/api/blocks', {
      employeeId: salon.lucia,
      date: DATE,
      startTime: '09:30',
      endTime: '10:30',
      reason: 'Recado',
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(STAFF_MSG.blockOverAppointments);
    const free = await salon.luciaSession.post('/api/blocks', {
      employeeId: salon.lucia,
      date: DATE,
      startTime: '16:00',
      endTime: '16:30',
      reason: 'Recado',
    });
    expect(free.status).toBe(201);
    expect(
      (await client.post('/api/blocks', { employeeId: salon.lucia, date: DATE, startTime: '16:30', endTime: '17:00', reason: '' })).status,
    ).toBe(403);
    expect(
      (
        await salon.luciaSession.post('/api/blocks', {
          employeeId: salon.noAccount,
          date: DATE,
          startTime: '16:30',
          endTime: '17:00',
          reason: '',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a block with no target, both targets, backwards times or in the past', async () => {
    const base = { date: DATE, startTime: '16:30', endTime: '17:00', reason: '' };
    expect((await admin.post('/api/blocks', base)).body.error.message).toBe(STAFF_MSG.blockTargetRequired);
    expect((await admin.post('/api/blocks', { ...base, employeeId: salon.lucia, endTime: '16:00' })).body.error.message).toBe(
      STAFF_MSG.blockTimesInvalid,
    );
    expect((await admin.post('/api/blocks', { ...base, employeeId: salon.lucia, date: '2026-01-13' })).body.error.message).toBe(
      STAFF_MSG.blockInPast,
    );
  });
});

describe('a drag (a staff move) that loses a race', () => {
  it('two blocks dragged to one free time at once: one moves, the other is told and left as it was', async () => {
    const a = await squeeze(admin, { time: '09:00' });
    const b = await squeeze(admin, { time: '09:30' });
    expect([a.status, b.status]).toEqual([201, 201]);
    const move = (id: string) => admin.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: DATE, time: '14:30' });
    const [ra, rb] = await Promise.all([move(a.body.appointment.id), move(b.body.appointment.id)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    const loserId = ra.status === 409 ? a.body.appointment.id : b.body.appointment.id;
    expect(loser.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
    const [row] = await db().select({ startTime: appointments.startTime }).from(appointments).where(eq(appointments.id, loserId));
    expect(row!.startTime.toISOString()).toBe(loserId === a.body.appointment.id ? '2026-01-19T08:00:00.000Z' : '2026-01-19T08:30:00.000Z');
    expect(await db().select().from(appointmentChanges).where(eq(appointmentChanges.appointmentId, loserId))).toEqual([]);
  });
});
