import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT_REASONS, DEFAULT_STAFF_DISCOUNT_PERCENT } from '../../../domain/discounts';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { defaultWeeklySchedule, emptyWeeklySchedule } from '../../../domain/weekly-schedule';
import { salonSettings } from '../../db/schema';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { person, TRUST_PROXY_ENV } from '../../../../test/support/admin-support';

// Salon settings (SPEC §2, §3 Salon settings, §5 Settings, §9).

let server: TestServer;
let admin: Session;
const NOW = new Date('2026-06-10T08:00:00Z');

const body = (change: Record<string, unknown> = {}) => ({
  name: 'Auna Estética',
  address: 'Calle Mayor 12, Béjar',
  phoneNumber: '+34 923 40 12 34',
  appointmentTimeSlotInterval: 20,
  cancellationPolicyHours: 12,
  openingHours: defaultWeeklySchedule(),
  ...change,
});

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV, now: () => NOW });
  admin = await person(server, 'admin@settings.test', 'admin');
});

afterAll(async () => {
  await server?.close();
});

describe('salon settings', () => {
  it('answers the spec defaults while no record exists', async () => {
    const res = await admin.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Mi Salón de Belleza',
      address: '',
      phoneNumber: '',
      appointmentTimeSlotInterval: 30,
      cancellationPolicyHours: 24,
      openingHours: emptyWeeklySchedule(),
      reminderHours: 24,

      // ADR 025: the per-client cap and the booking horizon.
      maxFutureAppointmentsPerClient: 4,
      bookingHorizonDays: 90,
      // ADR 037: "Una ausencia consume la sesión".
      noShowSpendsSession: true,
      // ADR 041: "Permitir completar una cita sin consentimiento firmado".
      completeWithoutConsent: false,
      // ADR 052: the staff's discount limit (none until the owner sets one) and the owner's reasons.
      staffDiscountMaxPercent: DEFAULT_STAFF_DISCOUNT_PERCENT,
      discountReasons: [...DEFAULT_DISCOUNT_REASONS],
      updatedAt: null,
    });
  });

  // the reminders (ADR 021)
  it('keeps the reminder hours (0 = off), refuses a bad value, and leaves them alone when not sent', async () => {
    const body = {
      name: 'Auna',
      address: '',
      phoneNumber: '',
      appointmentTimeSlotInterval: 30,
      cancellationPolicyHours: 24,
      openingHours: emptyWeeklySchedule(),
    };
    expect((await admin.put('/api/admin/settings', { ...body, reminderHours: 0 })).body.reminderHours).toBe(0);
    expect((await admin.put('/api/admin/settings', body)).body.reminderHours).toBe(0);
    for (const bad of [-1, 169, 2.5, '24']) {
      const res = await admin.put('/api/admin/settings', { ...body, reminderHours: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(STAFF_MSG.reminderHoursInvalid);
    }
    expect((await admin.put('/api/admin/settings', { ...body, reminderHours: 48 })).body.reminderHours).toBe(48);
  });

  it('saves and reads back every field', async () => {
    const hours = defaultWeeklySchedule();
    hours.saturday = { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] };
    hours.monday.breaks = [{ start: '14:00', end: '15:00' }];
    const res = await admin.put('/api/admin/settings', body({ openingHours: hours, name: '  Auna Estética  ' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Auna Estética',
      appointmentTimeSlotInterval: 20,
      cancellationPolicyHours: 12,
      openingHours: hours,
      updatedAt: NOW.toISOString(),
    });
    expect((await admin.get('/api/admin/settings')).body).toEqual(res.body);

    const zero = await admin.put(
      '/api/admin/settings',
      body({ appointmentTimeSlotInterval: 15, cancellationPolicyHours: 0, openingHours: hours }),
    );
    expect(zero.body).toMatchObject({ appointmentTimeSlotInterval: 15, cancellationPolicyHours: 0 });
    expect(await server.deps.db.select().from(salonSettings)).toHaveLength(1);
  });

  it('fills the days an older record lacks with days off', async () => {
    await server.deps.db.update(salonSettings).set({ openingHours: { monday: defaultWeeklySchedule().monday } });
    const res = await admin.get('/api/admin/settings');
    expect(res.body.openingHours.monday.isWorkingDay).toBe(true);
    expect(res.body.openingHours.sunday.isWorkingDay).toBe(false);
  });

  const breakAfterClose = () => {
    const s = defaultWeeklySchedule();
    s.tuesday.breaks = [{ start: '16:30', end: '17:30' }];
    return s;
  };

  it.each([
    ['interval 25', { appointmentTimeSlotInterval: 25 }, MSG.slotIntervalInvalid],
    ['interval as text', { appointmentTimeSlotInterval: '30' }, MSG.slotIntervalInvalid],
    ['cancellation -1', { cancellationPolicyHours: -1 }, MSG.cancellationHoursInvalid],
    ['empty name', { name: '' }, MSG.salonNameRequired],
    ['a break after the day ends', { openingHours: breakAfterClose() }, `Martes: ${MSG.breakOutsideDay}`],
    ['an unknown field', { theme: 'dark' }, MSG.invalidInput],
    [
      'an unknown field in a day',
      { openingHours: { ...defaultWeeklySchedule(), monday: { ...defaultWeeklySchedule().monday, lunch: true } } },
      MSG.invalidInput,
    ],
  ])('refuses %s with 400 and keeps what was saved', async (_label, change, message) => {
    const before = (await admin.get('/api/admin/settings')).body;
    const res = await admin.put('/api/admin/settings', body(change));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await admin.get('/api/admin/settings')).body).toEqual(before);
  });
});

describe('"Una ausencia consume la sesión" (ADR 037)', () => {
  it('is kept when sent and left alone when not', async () => {
    const body = { name: 'Auna', address: '', phoneNumber: '', appointmentTimeSlotInterval: 30, cancellationPolicyHours: 24, openingHours: emptyWeeklySchedule() };
    expect((await admin.put('/api/admin/settings', { ...body, noShowSpendsSession: false })).body.noShowSpendsSession).toBe(false);
    expect((await admin.put('/api/admin/settings', body)).body.noShowSpendsSession).toBe(false);
    expect((await admin.put('/api/admin/settings', { ...body, noShowSpendsSession: 'sí' })).status).toBe(400);
    expect((await admin.put('/api/admin/settings', { ...body, noShowSpendsSession: true })).body.noShowSpendsSession).toBe(true);
  });
});
