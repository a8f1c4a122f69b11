import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { MONEY_MSG } from '../../../domain/money';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { appointments, employees, employeeServices, services } from '../../db/schema';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { person, TRUST_PROXY_ENV, userRow } from '../../../../test/support/admin-support';

// Manage services (SPEC §2, §4, §5 Service form, §7 Services) through the real API.

let server: TestServer;
let admin: Session;
const NOW = new Date('2026-06-10T08:00:00Z');

const body = (change: Record<string, unknown> = {}) => ({
  name: 'Corte y peinado',
  description: 'Lavado, corte y peinado.',
  duration: 45,
  price: 28.5,
  category: 'Cabello',
  ...change,
});

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV, now: () => NOW });
  admin = await person(server, 'admin@services.test', 'admin');
});

afterAll(async () => {
  await server?.close();
});

const rowCount = async () => (await server.deps.db.select({ id: services.id }).from(services)).length;

describe('create and list', () => {
  it('creates an active service and lists all of them by name, inactive ones too', async () => {
    const created = await admin.post('/api/admin/services', body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Corte y peinado', duration: 45, price: 28.5, category: 'Cabello', isActive: true });

    const other = await admin.post('/api/admin/services', body({ name: 'Ácido hialurónico', description: undefined, category: undefined, price: 0 }));
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ description: '', category: '', price: 0 });
    const off = await admin.post('/api/admin/services', body({ name: 'Manicura' }));
    expect((await admin.patch(`/api/admin/services/${off.body.id}/status`, { isActive: false })).body.isActive).toBe(false);

    const list = await admin.get('/api/admin/services');
    expect(list.status).toBe(200);
    // Spanish order: the accented Á sits with the A's.
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Ácido hialurónico', 'Corte y peinado', 'Manicura']);
    expect(list.body.find((s: { name: string }) => s.name === 'Manicura').isActive).toBe(false);
  });

  it('trims the name and keeps cents', async () => {
    const res = await admin.post('/api/admin/services', body({ name: '  Pedicura spa  ', price: 30.05 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Pedicura spa', price: 30.05 });
  });
});

describe('invalid bodies: 400 with a Spanish message and nothing changed', () => {
  it.each([
    ['empty name', { name: '' }, MSG.serviceNameRequired],
    ['blank name', { name: '   ' }, MSG.serviceNameRequired],
    ['missing name', { name: undefined }, MSG.serviceNameRequired],
    ['duration 0', { duration: 0 }, MSG.serviceDurationInvalid],
    ['non-integer duration', { duration: 30.5 }, MSG.serviceDurationInvalid],
    ['duration as text', { duration: '45' }, MSG.serviceDurationInvalid],
    ['price -1', { price: -1 }, MSG.servicePriceInvalid],
    // ADR 052: a fraction of a cent is refused by one rule in every money field.
    ['price with 3 decimals', { price: 9.999 }, MONEY_MSG.fractionOfCent],
    ['unknown field', { isActive: false }, MSG.invalidInput],
    ['unknown field (id)', { id: '00000000-0000-4000-8000-000000000000' }, MSG.invalidInput],
  ])('POST with %s', async (_label, change, message) => {
    const before = await rowCount();
    const res = await admin.post('/api/admin/services', body(change));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCount()).toBe(before);
  });

  it('PUT with a bad body leaves the service as it was', async () => {
    const created = await admin.post('/api/admin/services', body({ name: 'Tinte' }));
    for (const change of [{ name: '' }, { duration: 0 }, { price: -1 }, { extra: 1 }]) {
      const res = await admin.put(`/api/admin/services/${created.body.id}`, body({ name: 'Tinte', ...change }));
      expect(res.status).toBe(400);
    }
    const [row] = await server.deps.db.select().from(services).where(eq(services.id, created.body.id));
    expect(row).toMatchObject({ name: 'Tinte', duration: 45, price: 28.5 });
  });

  it('a malformed JSON body is a 400 in Spanish', async () => {
    const res = await admin.request('POST', '/api/admin/services', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.invalidInput);
  });
});

describe('edit, activation and deletion', () => {
  it('edits every field', async () => {
    const created = await admin.post('/api/admin/services', body({ name: 'Cejas' }));
    const res = await admin.put(`/api/admin/services/${created.body.id}`, body({ name: 'Diseño de cejas', duration: 20, price: 12.5, category: '', description: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, name: 'Diseño de cejas', duration: 20, price: 12.5, category: '', isActive: true });
  });

  it('answers 404 with the spec text for an unknown service', async () => {
    const id = '3f1c2b8e-0000-4000-8000-000000000000';
    expect((await admin.put(`/api/admin/services/${id}`, body())).status).toBe(404);
    const res = await admin.patch(`/api/admin/services/${id}/status`, { isActive: true });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MSG.serviceNotFound);
    expect((await admin.delete(`/api/admin/services/${id}`)).status).toBe(404);
    expect((await admin.delete('/api/admin/services/no-es-un-id')).status).toBe(400);
  });

  it('refuses to delete an active service, deletes an inactive one', async () => {
    const created = await admin.post('/api/admin/services', body({ name: 'Masaje' }));
    const id = created.body.id;
    const refused = await admin.delete(`/api/admin/services/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(STAFF_MSG.serviceDeleteActive);
    expect(await server.deps.db.select().from(services).where(eq(services.id, id))).toHaveLength(1);

    expect((await admin.patch(`/api/admin/services/${id}/status`, { isActive: false })).status).toBe(200);
    expect((await admin.patch(`/api/admin/services/${id}/status`, { isActive: true })).body.isActive).toBe(true);
    await admin.patch(`/api/admin/services/${id}/status`, { isActive: false });
    const deleted = await admin.delete(`/api/admin/services/${id}`);
    expect(deleted.status).toBe(200);
    expect(await server.deps.db.select().from(services).where(eq(services.id, id))).toHaveLength(0);
  });

  it('deleting a service that appointments refer to keeps those appointments readable', async () => {
    const client = await person(server, 'marta@services.test', 'client', 'Marta');
    await person(server, 'lucia@services.test', 'employee', 'Lucía');
    const clientUser = await userRow(server, 'marta@services.test');
    const employeeUser = await userRow(server, 'lucia@services.test');
    const svc = await admin.post('/api/admin/services', body({ name: 'Mechas balayage', duration: 120, price: 85 }));
    const [emp] = await server.deps.db
      .insert(employees)
      .values({ name: 'Lucía', availability: defaultWeeklySchedule(), userId: employeeUser.id, userAccountEmail: employeeUser.email })
      .returning();
    await server.deps.db.insert(employeeServices).values({ employeeId: emp!.id, serviceId: svc.body.id });
    const start = new Date('2026-06-01T08:00:00Z');
    const [appt] = await server.deps.db
      .insert(appointments)
      .values({
        clientId: clientUser.id,
        clientName: 'Marta',
        clientEmail: clientUser.email,
        employeeId: employeeUser.id,
        employeeName: 'Lucía',
        serviceId: svc.body.id,
        serviceName: 'Mechas balayage',
        serviceDuration: 120,
        price: 85,
        startTime: start,
        endTime: new Date(start.getTime() + 120 * 60_000),
        status: 'completed',
      })
      .returning();

    await admin.patch(`/api/admin/services/${svc.body.id}/status`, { isActive: false });
    expect((await admin.delete(`/api/admin/services/${svc.body.id}`)).status).toBe(200);

    const [row] = await server.deps.db.select().from(appointments).where(eq(appointments.id, appt!.id));
    expect(row).toMatchObject({ serviceId: null, serviceName: 'Mechas balayage', serviceDuration: 120, price: 85, employeeName: 'Lucía', status: 'completed' });
    // The employee no longer offers it (the join row cascaded)...
    expect(await server.deps.db.select().from(employeeServices).where(eq(employeeServices.employeeId, emp!.id))).toHaveLength(0);
    // ...and the client still reads the appointment with its stored names.
    const mine = await client.get('/api/my-appointments');
    expect(mine.status).toBe(200);
    expect(mine.body.appointments).toEqual([expect.objectContaining({ id: appt!.id, serviceName: 'Mechas balayage', employeeName: 'Lucía' })]);
  });
});
