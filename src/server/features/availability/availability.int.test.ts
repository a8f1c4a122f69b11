import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { employees, employeeTimeOff, salonExceptions, salonSettings } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { arrangeSalon, newClient, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// Closures, special hours and time off through the real API (ADR 023, 024). "Now" is Wednesday
// 2026-01-14 11:00 in Madrid. Lucía works Mon-Fri 09:00-17:00 (lunch 13:00-14:00), Sat 10:00-14:00.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let marta: Session;
let admin: Session;
let lucia: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  admin = await newClient(server, 'jefa@salon.test', 'Jefa');
  await promote(server.deps, 'jefa@salon.test', 'admin');
  lucia = salon.luciaSession;
  // This file books far ahead (6 January 2027) and often as Marta; the horizon, the per-client cap
  // and the booking rate (ADR 025, src/server/features/booking/booking-limits.int.test.ts) are not what it is about.
  const limits = { bookingHorizonDays: 730, maxFutureAppointmentsPerClient: 50 };
  await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', ...limits }).onConflictDoUpdate({ target: salonSettings.id, set: limits });
});

afterAll(async () => {
  await server?.close();
});

const slots = async (date: string, serviceId = salon.corte) => {
  const res = await marta.get(`/api/booking/slots?${new URLSearchParams({ serviceId, professionalId: salon.lucia, date }).toString()}`);
  expect(res.status).toBe(200);
  return (res.body.slots as { time: string }[]).map((s) => s.time);
};
const book = async (date: string, time: string, serviceId = salon.corte, who: Session = marta) => {
  await server.deps.db.execute(`DELETE FROM rate_limit WHERE key LIKE '%booking:%'`); // see beforeAll
  return who.post('/api/booking', { serviceId, professionalId: salon.lucia, date, time });
};
const clearExceptions = async () => {
  await server.deps.db.delete(salonExceptions);
  await server.deps.db.delete(employeeTimeOff);
};
const cancel = (id: string) => server.deps.db.execute(`UPDATE appointments SET status = 'cancelled_by_salon' WHERE id = '${id}'`);

describe('national holidays and closures', () => {
  it('adds Spain’s national holidays once; the booking refuses 6 January even by a hand-made request', async () => {
    const first = await admin.post('/api/admin/availability/national-holidays', { year: 2027 });
    expect(first.status).toBe(200);
    expect(first.body.added).toBe(10);
    const again = await admin.post('/api/admin/availability/national-holidays', { year: 2027 });
    expect(again.body.added).toBe(0);

    expect(await slots('2027-01-06')).toEqual([]);
    expect((await slots('2027-01-07')).length).toBeGreaterThan(0);
    const res = await book('2027-01-06', '10:00');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'salon_closed', message: STAFF_MSG.availabilitySalonClosed });
    expect((await book('2027-03-26', '10:00')).status).toBe(409); // Viernes Santo 2027
  });

  it('shows 6 January as unavailable: to clients without a reason, to staff as “Cerrado: Reyes”', async () => {
    const q = `/api/booking/closed-days?professionalId=${salon.lucia}&from=2027-01-01&to=2027-01-31`;
    const client = await marta.get(q);
    expect(client.status).toBe(200);
    expect(client.body.days).toEqual([{ date: '2027-01-01' }, { date: '2027-01-06' }]);
    const staff = await lucia.get(q);
    expect(staff.body.days).toEqual([
      { date: '2027-01-01', label: 'Cerrado: Año Nuevo' },
      { date: '2027-01-06', label: 'Cerrado: Reyes' },
    ]);
    const agenda = await lucia.get('/api/agenda?date=2027-01-06');
    expect(agenda.body.closed).toBe('Cerrado: Reyes');
    expect((await lucia.get('/api/agenda?date=2027-01-07')).body.closed).toBeNull();
    expect((await marta.get(`/api/booking/closed-days?professionalId=${salon.lucia}&from=2027-01-01&to=2027-06-30`)).status).toBe(400);
  });

  it('refuses bad closures with a Spanish message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'closed', startDate: '2027-02-10', endDate: '2027-02-09', reason: 'x' }, STAFF_MSG.exceptionDatesInvalid],
      [{ kind: 'closed', startDate: '2027-02-10', endDate: '2027-02-10', reason: '' }, STAFF_MSG.exceptionReasonRequired],
      [{ kind: 'special_hours', startDate: '2027-02-10', endDate: '2027-02-10', startTime: '18:00', endTime: '10:00', reason: '' }, STAFF_MSG.exceptionTimesInvalid],
      [{ kind: 'closed', startDate: 'mañana', endDate: '2027-02-10', reason: 'x' }, STAFF_MSG.exceptionDatesInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/availability/closures', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await admin.post('/api/admin/availability/national-holidays', { year: 1999 })).body.error.message).toBe(STAFF_MSG.holidaysYearInvalid);
  });

  it('special hours longer than her pattern do not stretch her hours: slot list and booking stay within them', async () => {
    // Saturday 2026-12-19: Lucía works 10:00-14:00; the salon stays open 09:00-20:00 that day.
    // Special hours change the salon's opening, not her contract (ADR 031).
    const res = await admin.post('/api/admin/availability/closures', { kind: 'special_hours', startDate: '2026-12-19', endDate: '2026-12-19', startTime: '09:00', endTime: '20:00', reason: 'Navidad' });
    expect(res.status).toBe(201);
    const list = await slots('2026-12-19');
    expect(list[0]).toBe('10:00');
    expect(list.at(-1)).toBe('13:30');
    for (const time of ['09:00', '14:00', '19:00']) {
      const late = await book('2026-12-19', time);
      expect(late.status, time).toBe(400);
      expect(late.body.error.code, time).toBe('slot_not_offered');
    }
    const booked = await book('2026-12-19', '13:30');
    expect(booked.status).toBe(201);
    await cancel(booked.body.appointment.id);
  });

  it('special hours opening later than her start cut the morning', async () => {
    // Saturday 2026-12-12: the salon opens 11:00-20:00; Lucía keeps her 14:00 end.
    expect((await admin.post('/api/admin/availability/closures', { kind: 'special_hours', startDate: '2026-12-12', endDate: '2026-12-12', startTime: '11:00', endTime: '20:00', reason: 'Inventario' })).status).toBe(201);
    const list = await slots('2026-12-12');
    expect([list[0], list.at(-1)]).toEqual(['11:00', '13:30']);
    const early = await book('2026-12-12', '10:00');
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({ code: 'salon_closed', message: STAFF_MSG.availabilitySalonClosed });
  });
});

describe('time off', () => {
  it('a part-day time off removes the afternoon live and the booking refuses it with 409', async () => {
    await clearExceptions();
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    const res = await admin.post('/api/admin/availability/time-off', { employeeId: salon.lucia, startDate: '2026-01-15', endDate: '2026-01-15', startTime: '15:00', endTime: '17:00', reason: 'Médico' });
    expect(res.status).toBe(201);
    expect(res.body.conflicts).toEqual([]);
    await expect.poll(() => events, { timeout: 2000 }).toContainEqual({ type: 'appointments', employeeId: salon.luciaUserId, dates: ['2026-01-15'] });
    unsubscribe();

    expect((await slots('2026-01-15')).at(-1)).toBe('14:30');
    // Tinte (90 min) at 14:00 would end inside the time off.
    const cut = await book('2026-01-15', '14:00', salon.tinte);
    expect(cut.status).toBe(409);
    expect(cut.body.error).toEqual({ code: 'time_off', message: STAFF_MSG.availabilityTimeOff });
    expect((await book('2026-01-15', '15:30')).body.error.code).toBe('time_off');
    const ok = await book('2026-01-15', '14:30');
    expect(ok.status).toBe(201);
    await cancel(ok.body.appointment.id);
  });

  it('an employee adds her own time off over free time at once, but not over confirmed appointments', async () => {
    await clearExceptions();
    const free = await lucia.post('/api/my-time-off', { startDate: '2026-02-02', endDate: '2026-02-06', reason: 'Vacaciones' });
    expect(free.status).toBe(201);
    expect(await slots('2026-02-04')).toEqual([]);
    expect((await lucia.get('/api/my-time-off')).body.timeOff).toHaveLength(1);

    const booked = await book('2026-02-10', '10:00');
    expect(booked.status).toBe(201);
    const over = await lucia.post('/api/my-time-off', { startDate: '2026-02-10', endDate: '2026-02-10', startTime: '09:00', endTime: '12:00', reason: '' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(STAFF_MSG.timeOffOverAppointments);
    expect((await lucia.get('/api/my-time-off')).body.timeOff).toHaveLength(1);
    await cancel(booked.body.appointment.id);

    // Another professional's (or an unknown) time off is not hers to delete.
    const adminMade = await admin.post('/api/admin/availability/time-off', { employeeId: salon.noAccount, startDate: '2026-02-11', endDate: '2026-02-11', reason: '' });
    expect((await lucia.delete(`/api/my-time-off/${adminMade.body.timeOff.id}`)).status).toBe(404);
    expect((await lucia.delete(`/api/my-time-off/${free.body.timeOff.id}`)).status).toBe(200);
    expect((await slots('2026-02-04')).length).toBeGreaterThan(0);
    expect((await marta.post('/api/my-time-off', { startDate: '2026-02-02', endDate: '2026-02-02', reason: '' })).status).toBe(403);
  });
});

describe('who reads a time off’s reason (it may be about health)', () => {
  it('the admin and the professional herself see it; other staff see “Ausencia”, clients nothing', async () => {
    await clearExceptions();
    const carmen = await newClient(server, 'carmen@salon.test', 'Carmen Ruiz');
    await promote(server.deps, 'carmen@salon.test', 'employee');
    // A colleague: an employee account with its active employee record (without one it acts as a client, ADR 032).
    await server.deps.db.insert(employees).values({ name: 'Carmen Ruiz', availability: defaultWeeklySchedule(), userId: await userIdOf(server, 'carmen@salon.test') });
    expect((await admin.post('/api/admin/availability/time-off', { employeeId: salon.lucia, startDate: '2027-03-01', endDate: '2027-03-01', reason: 'Médico' })).status).toBe(201);
    expect((await lucia.post('/api/my-time-off', { startDate: '2027-03-02', endDate: '2027-03-02', reason: 'Operación' })).status).toBe(201);
    expect((await admin.post('/api/admin/availability/time-off', { employeeId: salon.noAccount, startDate: '2027-03-01', endDate: '2027-03-01', reason: 'Baja' })).status).toBe(201);
    const days = async (who: Session, professionalId: string) => {
      const res = await who.get(`/api/booking/closed-days?professionalId=${professionalId}&from=2027-03-01&to=2027-03-03`);
      expect(res.status).toBe(200);
      return res.body.days;
    };
    const withReasons = [{ date: '2027-03-01', label: 'Ausencia: Médico' }, { date: '2027-03-02', label: 'Ausencia: Operación' }];
    expect(await days(lucia, salon.lucia)).toEqual(withReasons);
    expect(await days(admin, salon.lucia)).toEqual(withReasons);
    expect(await days(carmen, salon.lucia)).toEqual([{ date: '2027-03-01', label: 'Ausencia' }, { date: '2027-03-02', label: 'Ausencia' }]);
    expect(await days(lucia, salon.noAccount)).toEqual([{ date: '2027-03-01', label: 'Ausencia' }]);
    expect(await days(marta, salon.lucia)).toEqual([{ date: '2027-03-01' }, { date: '2027-03-02' }]);
    // A salon closure's reason is the salon's, not a person's: every member of staff reads it.
    expect((await admin.post('/api/admin/availability/closures', { kind: 'closed', startDate: '2027-03-03', endDate: '2027-03-03', reason: 'Inventario' })).status).toBe(201);
    expect((await days(carmen, salon.lucia)).at(-1)).toEqual({ date: '2027-03-03', label: 'Cerrado: Inventario' });
    // Her own agenda tells Lucía why; the admin's list and her own list keep the reason too.
    expect((await lucia.get('/api/agenda?date=2027-03-01')).body.closed).toBe('Ausencia: Médico');
    expect((await lucia.get('/api/my-time-off')).body.timeOff.map((t: { reason: string }) => t.reason).sort()).toEqual(['Médico', 'Operación']);
    expect((await carmen.get('/api/my-time-off')).body.timeOff).toEqual([]);
    expect((await carmen.get('/api/admin/availability')).status).toBe(403);
    const serialized = JSON.stringify((await carmen.get(`/api/booking/closed-days?professionalId=${salon.lucia}&from=2027-03-01&to=2027-03-03`)).body);
    expect(serialized).not.toMatch(/Médico|Operación/);
  });
});

describe('conflicts: nothing is cancelled silently', () => {
  it('a closure over a confirmed appointment lists it; cancelling as the salon clears it', async () => {
    await clearExceptions();
    const booked = await book('2026-01-16', '10:00');
    expect(booked.status).toBe(201);
    const id = booked.body.appointment.id as string;
    const res = await admin.post('/api/admin/availability/closures', { kind: 'closed', startDate: '2026-01-16', endDate: '2026-01-17', reason: 'Inventario' });
    expect(res.status).toBe(201);
    expect(res.body.conflicts).toMatchObject([{ id, date: '2026-01-16', clientName: 'Marta García', employeeName: 'Lucía Martín', label: 'Cerrado: Inventario' }]);
    const overview = await admin.get('/api/admin/availability');
    expect(overview.body.conflicts.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await server.deps.db.execute<{ status: string }>(`SELECT status FROM appointments WHERE id = '${id}'`)).rows[0]!.status).toBe('confirmed');

    const cancelled = await admin.patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' });
    expect(cancelled.status).toBe(200);
    expect((await admin.get('/api/admin/availability')).body.conflicts).toEqual([]);
    expect((await admin.delete(`/api/admin/availability/closures/${res.body.exception.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/availability/closures/${res.body.exception.id}`)).status).toBe(404);
  });

  it('a time off set by the admin over an appointment is stored and lists it', async () => {
    await clearExceptions();
    const booked = await book('2026-01-19', '15:00');
    const res = await admin.post('/api/admin/availability/time-off', { employeeId: salon.lucia, startDate: '2026-01-19', endDate: '2026-01-19', startTime: '14:00', endTime: '17:00', reason: 'Tarde libre' });
    expect(res.status).toBe(201);
    expect(res.body.conflicts).toMatchObject([{ id: booked.body.appointment.id, label: 'Ausencia: Tarde libre' }]);
    await cancel(booked.body.appointment.id);
  });
});

describe('property: the slot list and the booking agree under random exceptions', () => {
  // A small seeded generator: the same exceptions on every run, different per scenario.
  const rng = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const WEEK = ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-21'];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

  it.each([1, 2, 3])('scenario %i: every offered slot books and every refused time is not offered', async (seed) => {
    await clearExceptions();
    const r = rng(seed);
    const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
    for (let i = 0; i < 4; i++) {
      const d = pick(WEEK);
      const kind = r();
      if (kind < 0.25) {
        await admin.post('/api/admin/availability/closures', { kind: 'closed', startDate: d, endDate: d, reason: 'Cierre' });
      } else if (kind < 0.5) {
        const open = 8 * 60 + Math.floor(r() * 8) * 15;
        await admin.post('/api/admin/availability/closures', { kind: 'special_hours', startDate: d, endDate: d, startTime: hhmm(open), endTime: hhmm(open + 120 + Math.floor(r() * 24) * 20), reason: 'Especial' });
      } else if (kind < 0.6) {
        await admin.post('/api/admin/availability/time-off', { employeeId: salon.lucia, startDate: d, endDate: d, reason: 'Día libre' });
      } else {
        const from = 9 * 60 + Math.floor(r() * 40) * 10;
        await admin.post('/api/admin/availability/time-off', { employeeId: salon.lucia, startDate: d, endDate: d, startTime: hhmm(from), endTime: hhmm(Math.min(from + 30 + Math.floor(r() * 12) * 15, 23 * 60)), reason: 'Rato libre' });
      }
    }
    const service = seed % 2 ? salon.corte : salon.tinte;
    let booked = 0;
    let refused = 0;
    for (const date of WEEK) {
      const offered = new Set(await slots(date, service));
      for (let m = 8 * 60; m < 20 * 60; m += 30) {
        const time = hhmm(m);
        const res = await book(date, time, service);
        if (offered.has(time)) {
          expect(res.status, `${date} ${time} offered but refused: ${JSON.stringify(res.body)}`).toBe(201);
          booked++;
          await cancel(res.body.appointment.id);
        } else {
          expect([400, 409], `${date} ${time} not offered but booked`).toContain(res.status);
          if (res.status === 409) refused++;
        }
      }
    }
    expect(booked).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
