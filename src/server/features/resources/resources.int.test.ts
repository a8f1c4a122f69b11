import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { employeeServices } from '../../db/schema';
import type { RealtimeEvent } from '../../live-events/realtime';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The admin's cabins and machines (ADR 036) through the real API: the CRUD, maintenance, the
// conflicts they list, and a service's buffers and groups. "Now" is Wednesday 2026-01-14 11:00 in Madrid.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;
let marta: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server);
  admin = await newClient(server, 'admin@salon.test', 'Dueña');
  await promote(server.deps, 'admin@salon.test', 'admin');
  marta = await newClient(server, 'marta@example.com', 'Marta García');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const slots = async (serviceId: string, date: string) =>
  (
    (await marta.get(`/api/booking/slots?serviceId=${serviceId}&professionalId=${salon.lucia}&date=${date}`)).body.slots as Array<{
      time: string;
    }>
  ).map((s) => s.time);

describe('/api/admin/resources', () => {
  let laser: string;
  let laserService: string;

  it('creates, lists in a stable order and edits resources', async () => {
    const a = await admin.post('/api/admin/resources', { name: 'Cabina 1', kind: 'cabina' });
    const b = await admin.post('/api/admin/resources', { name: '  Láser de diodo ', kind: 'aparato' });
    expect(a.status).toBe(201);
    expect(b.body.resource).toMatchObject({ name: 'Láser de diodo', kind: 'aparato', isActive: true, position: 1 });
    laser = b.body.resource.id;
    const list = await admin.get('/api/admin/resources');
    expect(list.status).toBe(200);
    expect(list.body.resources.map((r: { name: string }) => r.name)).toEqual(['Cabina 1', 'Láser de diodo']);
    expect(list.body).toMatchObject({ maintenance: [], conflicts: [] });
    const edited = await admin.put(`/api/admin/resources/${a.body.resource.id}`, { name: 'Cabina A', kind: 'cabina', position: 5 });
    expect(edited.body.resource).toMatchObject({ name: 'Cabina A', position: 5 });
  });

  it('refuses bad input with Spanish texts, never a 500', async () => {
    const cases: Array<[Promise<{ status: number; body: { error: { message: string } } }>, number, string]> = [
      [admin.post('/api/admin/resources', { name: ' ', kind: 'cabina' }), 400, STAFF_MSG.resourceNameRequired],
      [admin.post('/api/admin/resources', { name: 'Sala', kind: 'sala' }), 400, STAFF_MSG.resourceKindInvalid],
      [admin.post('/api/admin/resources', { name: 'Cabina\n2', kind: 'cabina' }), 400, STAFF_MSG.textControlCharacters],
      [admin.put('/api/admin/resources/no-es-un-id', { name: 'X', kind: 'cabina' }), 404, STAFF_MSG.resourceNotFound],
      [
        admin.patch('/api/admin/resources/00000000-0000-0000-0000-000000000000/status', { isActive: false }),
        404,
        STAFF_MSG.resourceNotFound,
      ],
      [
        admin.post(`/api/admin/resources/${laser}/maintenance`, { startDate: '2026-01-20', endDate: '2026-01-19', reason: '' }),
        400,
        STAFF_MSG.exceptionDatesInvalid,
      ],
      [
        admin.post(`/api/admin/resources/${laser}/maintenance`, {
          startDate: '2026-01-20',
          endDate: '2026-01-20',
          startTime: '12:00',
          endTime: '10:00',
          reason: '',
        }),
        400,
        STAFF_MSG.exceptionTimesInvalid,
      ],
      [admin.delete('/api/admin/resources/maintenance/00000000-0000-0000-0000-000000000000'), 404, STAFF_MSG.resourceMaintenanceNotFound],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    expect((await marta.get('/api/admin/resources')).status).toBe(403);
  });

  it('a service gains buffers and groups; groups name active resources and are never empty', async () => {
    const base = { name: 'Depilación láser', description: '', duration: 60, price: 80, category: 'Láser' };
    const empty = await admin.post('/api/admin/services', { ...base, resourceGroups: [{ resourceIds: [] }] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(STAFF_MSG.resourceGroupEmpty);
    const unknown = await admin.post('/api/admin/services', {
      ...base,
      resourceGroups: [{ resourceIds: ['00000000-0000-0000-0000-000000000000'] }],
    });
    expect(unknown.body.error.message).toBe(STAFF_MSG.resourceGroupInactive);
    const buffers = await admin.post('/api/admin/services', { ...base, prepMinutes: 121 });
    expect(buffers.body.error.message).toBe(STAFF_MSG.serviceBuffersInvalid);
    const ok = await admin.post('/api/admin/services', {
      ...base,
      prepMinutes: 10,
      cleanupMinutes: 5,
      resourceGroups: [{ resourceIds: [laser] }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ prepMinutes: 10, cleanupMinutes: 5, resourceGroups: [{ resourceIds: [laser] }] });
    laserService = ok.body.id;
    // A form that does not send them (the current screens) leaves them as they are.
    const edit = await admin.put(`/api/admin/services/${laserService}`, { ...base, price: 85 });
    expect(edit.body).toMatchObject({ price: 85, prepMinutes: 10, cleanupMinutes: 5, resourceGroups: [{ resourceIds: [laser] }] });
    const list = await admin.get('/api/admin/services');
    expect(list.body.find((s: { id: string }) => s.id === salon.corte)).toMatchObject({
      prepMinutes: 0,
      cleanupMinutes: 0,
      resourceGroups: [],
    });
    await server.deps.db.insert(employeeServices).values({ employeeId: salon.lucia, serviceId: laserService });
  });

  it('maintenance hours take the laser slots away and list the appointments they leave without it', async () => {
    const date = '2026-01-19';
    // 09:00 and 14:00 are not offered: their 10 min of preparation would start before opening or in
    // the lunch break; 12:00 and 16:00: the 5 min of cleaning would end in the break or after closing.
    expect(await slots(laserService, date)).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30', '14:30', '15:00', '15:30']);
    const booked = await marta.post('/api/booking', { serviceId: laserService, professionalId: salon.lucia, date, time: '11:00' });
    expect(booked.status).toBe(201);
    const m = await admin.post(`/api/admin/resources/${laser}/maintenance`, {
      startDate: date,
      endDate: date,
      startTime: '09:00',
      endTime: '11:30',
      reason: 'Revisión anual',
    });
    expect(m.status).toBe(201);
    expect(m.body.conflicts).toEqual([
      expect.objectContaining({
        id: booked.body.appointment.id,
        resourceId: laser,
        resourceName: 'Láser de diodo',
        kind: 'maintenance',
        reason: 'Revisión anual',
        date,
      }),
    ]);
    expect(await slots(laserService, date)).toEqual(['14:30', '15:00', '15:30']);
    const refused = await marta.post('/api/booking', { serviceId: laserService, professionalId: salon.lucia, date, time: '10:00' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MSG.slotTaken);
    expect((await admin.get('/api/admin/resources')).body.conflicts).toHaveLength(1);
    expect((await admin.delete(`/api/admin/resources/maintenance/${m.body.maintenance.id}`)).status).toBe(200);
    expect((await admin.get('/api/admin/resources')).body.conflicts).toEqual([]);
  });

  it('deactivating a resource lists the appointments holding it and takes it out of new bookings', async () => {
    const off = await admin.patch(`/api/admin/resources/${laser}/status`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.resource.isActive).toBe(false);
    expect(off.body.conflicts).toEqual([expect.objectContaining({ kind: 'inactive', resourceName: 'Láser de diodo' })]);
    expect(await slots(laserService, '2026-01-20')).toEqual([]);
    const group = await admin.put(`/api/admin/services/${laserService}`, {
      name: 'Depilación láser',
      duration: 60,
      price: 80,
      resourceGroups: [{ resourceIds: [laser] }],
    });
    expect(group.status).toBe(400);
    expect(group.body.error.message).toBe(STAFF_MSG.resourceGroupInactive);
    await admin.patch(`/api/admin/resources/${laser}/status`, { isActive: true });
    expect(await slots(laserService, '2026-01-20')).toContain('10:00');
  });

  it('maintenance, its removal and deactivation reach every open booking page live, held appointment or not', async () => {
    const events: RealtimeEvent[] = [];
    const unsubscribe = server.deps.realtime.subscribe((e) => events.push(e));
    // Sent in the background after the change (live-events/realtime.ts): waited for, as Lucía's days.
    const luciaDays = () => events.filter((e) => e.employeeId === salon.luciaUserId).flatMap((e) => e.dates);
    try {
      // Lucía holds nothing on the 21st: her clients' booking pages still refetch the day.
      const m = await admin.post(`/api/admin/resources/${laser}/maintenance`, { startDate: '2026-01-21', endDate: '2026-01-22', reason: 'Revisión' });
      expect(m.status).toBe(201);
      expect(m.body.conflicts).toEqual([]);
      await expect.poll(luciaDays, { timeout: 2000 }).toEqual(expect.arrayContaining(['2026-01-21', '2026-01-22']));
      events.length = 0;
      expect((await admin.delete(`/api/admin/resources/maintenance/${m.body.maintenance.id}`)).status).toBe(200);
      await expect.poll(luciaDays, { timeout: 2000 }).toEqual(expect.arrayContaining(['2026-01-21', '2026-01-22']));
      events.length = 0;
      // Every day a client can book (the 90-day horizon from today).
      await admin.patch(`/api/admin/resources/${laser}/status`, { isActive: false });
      await expect.poll(luciaDays, { timeout: 2000 }).toEqual(expect.arrayContaining(['2026-01-14', '2026-02-20', '2026-04-14']));
    } finally {
      unsubscribe();
      await admin.patch(`/api/admin/resources/${laser}/status`, { isActive: true });
    }
  });
});
