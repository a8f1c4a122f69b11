import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { emptyWeeklySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { salonSettings } from '../../db/schema';
import { person } from '../../../../test/support/admin-support';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The salon's opening hours (Configuración) and the client's booking (ADR 060), through the real
// HTTP API. "Now" is Wednesday 2026-01-14 11:00 in Madrid. Lucía works Monday to Friday
// 09:00-17:00 (lunch 13:00-14:00) and Saturday 10:00-14:00; "Corte y peinado" takes 30 minutes.

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
const FRIDAY = '2026-01-16';
const SATURDAY = '2026-01-17';
const SATURDAY_TIMES = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];
let server: TestServer;
let salon: Salon;
let marta: Session;
let admin: Session;
let record: string;

/** Monday to Friday 10:00-16:00, Saturday and Sunday closed. */
function weekdaysTenToFour(): WeeklySchedule {
  const s = emptyWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const)
    s[d] = { isWorkingDay: true, startTime: '10:00', endTime: '16:00', breaks: [] };
  return s;
}

/** What the Configuración form sends: every field, the opening hours as shown. */
const saveHours = (openingHours: WeeklySchedule) =>
  admin.put('/api/admin/settings', {
    name: 'Auna',
    address: '',
    phoneNumber: '',
    appointmentTimeSlotInterval: 30,
    cancellationPolicyHours: 24,
    openingHours,
    maxFutureAppointmentsPerClient: 50,
  });

const times = async (s: Session, date: string) => {
  const res = await s.get(`/api/booking/slots?serviceId=${salon.corte}&professionalId=${salon.lucia}&date=${date}`);
  expect(res.status).toBe(200);
  return (res.body.slots as Array<{ time: string }>).map((x) => x.time);
};
const book = (date: string, time: string) =>
  marta.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date, time });
const deskBook = (date: string, time: string) =>
  admin.post('/api/booking/staff', { clientId: record, serviceId: salon.corte, professionalId: salon.lucia, date, time });

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta.horario@example.com', 'Marta García');
  admin = await person(server, 'admin.horario@example.com', 'admin');
  const [row] = (
    await server.deps.db.execute<{ id: string }>(sql`INSERT INTO clients (name, phone) VALUES ('Ana Ruiz', '+34600111222') RETURNING id`)
  ).rows;
  record = row!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('opening hours not set: no effect (ADR 060)', () => {
  it('a salon without a settings record: Lucía is booked in her own hours, Saturday included', async () => {
    expect(await times(marta, SATURDAY)).toEqual(SATURDAY_TIMES);
  });

  it('hours saved with every day closed (what the form saved before they counted) read as not set', async () => {
    await server.deps.db
      .insert(salonSettings)
      .values({ id: 1, name: 'Auna', maxFutureAppointmentsPerClient: 50, openingHours: emptyWeeklySchedule() });
    expect(await times(marta, SATURDAY)).toEqual(SATURDAY_TIMES);
  });

  it('saving Configuración without touching the hours keeps them not set', async () => {
    expect((await saveHours(emptyWeeklySchedule())).status).toBe(200);
    expect(await times(marta, SATURDAY)).toEqual(SATURDAY_TIMES);
    expect(await times(marta, THURSDAY)).toContain('16:30');
  });
});

describe('opening hours set: Monday to Friday 10:00-16:00', () => {
  beforeAll(async () => {
    expect((await saveHours(weekdaysTenToFour())).status).toBe(200);
  });

  it('the client is offered only what both the salon and Lucía open', async () => {
    expect(await times(marta, THURSDAY)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
    ]);
    expect(await times(marta, SATURDAY)).toEqual([]);
  });

  it.each([
    ['Saturday, the salon closed', SATURDAY, '10:00'],
    ['Thursday after the salon closes', THURSDAY, '16:00'],
    ['Thursday before the salon opens', THURSDAY, '09:00'],
  ])('a client booking on %s is refused as closed (409)', async (_what, date, time) => {
    const res = await book(date, time);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'salon_closed', message: STAFF_MSG.availabilitySalonClosed });
  });

  it('inside the hours she books', async () => {
    expect((await book(THURSDAY, '10:00')).status).toBe(201);
  });

  it("the desk may still squeeze in outside them, within Lucía's own hours", async () => {
    expect((await deskBook(THURSDAY, '16:30')).status).toBe(201);
    expect((await deskBook(SATURDAY, '11:00')).status).toBe(201);
    // Not outside hers: she does not work at 17:00, a time never offered.
    const late = await deskBook(THURSDAY, '17:00');
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('slot_not_offered');
  });

  it("a client's move stays inside the hours; the salon's own move of it may leave them", async () => {
    const booked = await book(FRIDAY, '10:00');
    expect(booked.status).toBe(201);
    const id = booked.body.appointment.id as string;
    const ownSlots = await marta.get(`/api/booking/reschedule/${id}/slots?professionalId=${salon.lucia}&date=${SATURDAY}`);
    expect(ownSlots.body.slots).toEqual([]);
    const moved = await marta.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: SATURDAY, time: '12:00' });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('salon_closed');
    const deskSlots = await admin.get(`/api/booking/reschedule/${id}/slots?professionalId=${salon.lucia}&date=${SATURDAY}`);
    expect((deskSlots.body.slots as Array<{ time: string }>).map((x) => x.time)).toContain('12:00');
    expect((await admin.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: SATURDAY, time: '12:00' })).status).toBe(
      200,
    );
  });

  it('unset again (every day closed), Saturday is bookable again', async () => {
    expect((await saveHours(emptyWeeklySchedule())).status).toBe(200);
    expect(await times(marta, SATURDAY)).toEqual(SATURDAY_TIMES.filter((t) => t !== '11:00' && t !== '12:00'));
  });
});
