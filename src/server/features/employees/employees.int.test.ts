import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG, unlinkBlocked } from '../../../domain/texts/staff';
import { DEFAULT_WEEKLY_SCHEDULE, defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { appointments, employees } from '../../db/schema';
import type { Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { person, signInAgain, TRUST_PROXY_ENV, userRow } from '../../../../test/support/admin-support';

// Manage employees and account linking (SPEC §2, §4 Employee account linking, §5 Employee form)
// and the unlink rules of docs/decisions/004-employee-account-linking.md.

let server: TestServer;
let admin: Session;
let corte: string;
let tinte: string;
const NOW = new Date('2026-06-10T08:00:00Z');

const body = (change: Record<string, unknown> = {}) => ({
  name: 'Lucía Martín',
  email: 'lucia@contacto.test',
  phoneNumber: '+34 612 345 678',
  servicesOffered: [corte],
  availability: defaultWeeklySchedule(),
  userId: null,
  ...change,
});

const create = (change: Record<string, unknown> = {}) => admin.post('/api/admin/employees', body(change));
const employeeCount = async () => (await server.deps.db.select({ id: employees.id }).from(employees)).length;
const roleOf = async (email: string) => (await userRow(server, email)).role;

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV, now: () => NOW });
  admin = await person(server, 'admin@employees.test', 'admin', 'Rocío');
  corte = (await admin.post('/api/admin/services', { name: 'Corte', duration: 30, price: 20 })).body.id;
  tinte = (await admin.post('/api/admin/services', { name: 'Tinte', duration: 90, price: 55 })).body.id;
});

afterAll(async () => {
  await server?.close();
});

describe('create and list', () => {
  it('creates an active employee; availability defaults to the spec default', async () => {
    const res = await admin.post('/api/admin/employees', { name: 'Nuria Gil', servicesOffered: [corte, tinte, corte], userId: null });
    expect(res.status).toBe(201);
    expect(res.body.adminRoleKept).toBe(false);
    expect(res.body.employee).toMatchObject({ name: 'Nuria Gil', email: null, phoneNumber: null, isActive: true, userId: null, userAccountEmail: null });
    expect(res.body.employee.servicesOffered.sort()).toEqual([corte, tinte].sort());
    expect(res.body.employee.availability).toEqual(DEFAULT_WEEKLY_SCHEDULE);

    await create({ name: 'Ángela Ruiz' });
    const list = await admin.get('/api/admin/employees');
    expect(list.status).toBe(200);
    expect(list.body.map((e: { name: string }) => e.name)).toEqual(['Ángela Ruiz', 'Nuria Gil']);
  });

  it('edits fields, services and schedule', async () => {
    const created = await create({ name: 'Carmen' });
    const schedule = defaultWeeklySchedule();
    schedule.monday = { isWorkingDay: true, startTime: '10:00', endTime: '20:00', breaks: [{ start: '14:00', end: '15:00' }] };
    schedule.saturday = { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] };
    const res = await admin.put(`/api/admin/employees/${created.body.employee.id}`, body({ name: 'Carmen Ruiz', email: '', phoneNumber: '', servicesOffered: [tinte], availability: schedule }));
    expect(res.status).toBe(200);
    expect(res.body.employee).toMatchObject({ name: 'Carmen Ruiz', email: null, phoneNumber: null, servicesOffered: [tinte], availability: schedule });
  });
});

describe('invalid bodies: 400 with a Spanish message and nothing changed', () => {
  const lateBreak = () => {
    const s = defaultWeeklySchedule();
    s.monday.breaks = [{ start: '17:30', end: '18:00' }];
    return s;
  };
  const endBeforeStart = () => {
    const s = defaultWeeklySchedule();
    s.wednesday = { ...s.wednesday, startTime: '17:00', endTime: '09:00' };
    return s;
  };
  const overlapping = () => {
    const s = defaultWeeklySchedule();
    s.friday.breaks = [
      { start: '12:00', end: '13:00' },
      { start: '12:30', end: '13:30' },
    ];
    return s;
  };

  it.each([
    ['empty name', { name: '' }, MSG.employeeNameRequired],
    ['bad contact email', { email: 'lucia@' }, MSG.employeeEmailInvalid],
    ['a break after the day ends', { availability: lateBreak() }, `Lunes: ${MSG.breakOutsideDay}`],
    ['a day that ends before it starts', { availability: endBeforeStart() }, `Miércoles: ${MSG.scheduleEndBeforeStart}`],
    ['overlapping breaks', { availability: overlapping() }, `Viernes: ${MSG.breaksOverlap}`],
    ['a time off the clock', { availability: { ...defaultWeeklySchedule(), monday: { isWorkingDay: true, startTime: '25:00', endTime: '17:00', breaks: [] } } }, MSG.scheduleInvalidTime],
    ['a day missing', { availability: { monday: defaultWeeklySchedule().monday } }, MSG.invalidInput],
    ['an unknown service', { servicesOffered: ['7d1c2b8e-0000-4000-8000-000000000000'] }, STAFF_MSG.employeeServicesUnknown],
    ['an unknown field', { isActive: false }, MSG.invalidInput],
    ['an account that does not exist', { userId: 'no-existe' }, MSG.linkUserNotFound],
  ])('POST with %s', async (_label, change, message) => {
    const before = await employeeCount();
    const res = await create(change);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await employeeCount()).toBe(before);
  });

  it('PUT with a bad schedule leaves the employee as it was', async () => {
    const created = await create({ name: 'Sara' });
    const res = await admin.put(`/api/admin/employees/${created.body.employee.id}`, body({ name: 'Sara Molina', availability: lateBreak() }));
    expect(res.status).toBe(400);
    const [row] = await server.deps.db.select().from(employees).where(eq(employees.id, created.body.employee.id));
    expect(row).toMatchObject({ name: 'Sara', availability: DEFAULT_WEEKLY_SCHEDULE });
  });
});

describe('account lookup', () => {
  it('finds a registered user whatever the case of the email', async () => {
    await person(server, 'marta.lookup@example.com', 'client', 'Marta García');
    const res = await admin.post('/api/admin/employees/link-lookup', { email: '  Marta.LOOKUP@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Marta García', email: 'marta.lookup@example.com', role: 'client' });
    expect(MSG.linkFound(res.body.name)).toBe('Usuario encontrado: Marta García. Se vinculará al guardar.');
  });

  it('answers the spec texts for an empty email and an unknown one', async () => {
    const empty = await admin.post('/api/admin/employees/link-lookup', { email: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MSG.linkEmailRequired);
    const unknown = await admin.post('/api/admin/employees/link-lookup', { email: 'nadie@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MSG.linkUserNotFound);
  });
});

describe('an account whose email is not verified (ADR 025)', () => {
  it('is refused in the lookup and on save, in Spanish, and nobody becomes staff', async () => {
    await person(server, 'sin.verificar@example.com', 'client', 'Impostora', { verified: false });
    const lookup = await admin.post('/api/admin/employees/link-lookup', { email: 'sin.verificar@example.com' });
    expect(lookup.status).toBe(400);
    expect(lookup.body.error).toEqual({ code: 'link_email_not_verified', message: STAFF_MSG.linkEmailNotVerified });
    const u = await userRow(server, 'sin.verificar@example.com');
    const before = await server.deps.db.select().from(employees);
    const res = await create({ name: 'Impostora', userId: u.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(STAFF_MSG.linkEmailNotVerified);
    expect(await server.deps.db.select().from(employees)).toHaveLength(before.length);
    expect(await roleOf('sin.verificar@example.com')).toBe('client');
  });
});

describe('linking on save', () => {
  it('promotes a linked client to employee and stores the account email', async () => {
    const clara = await person(server, 'clara@example.com', 'client', 'Clara');
    expect((await clara.get('/api/me')).body.role).toBe('client');
    const found = await admin.post('/api/admin/employees/link-lookup', { email: 'CLARA@example.com' });
    const res = await create({ name: 'Clara Vidal', userId: found.body.userId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ adminRoleKept: false, employee: { userId: found.body.userId, userAccountEmail: 'clara@example.com' } });
    // Her open session ends with the link (ADR 030: a staff account needs a staff password); signed
    // in again she is an employee.
    expect((await clara.get('/api/me')).status).toBe(401);
    expect((await (await signInAgain(server, 'clara@example.com')).get('/api/me')).body.role).toBe('employee');
  });

  it('keeps an admin an admin and says so', async () => {
    const me = await admin.post('/api/admin/employees/link-lookup', { email: 'admin@employees.test' });
    expect(me.body.role).toBe('admin');
    const res = await create({ name: 'Rocío Navarro', userId: me.body.userId });
    expect(res.status).toBe(201);
    expect(res.body.adminRoleKept).toBe(true);
    expect(await roleOf('admin@employees.test')).toBe('admin');
    // Re-saving the same link is not news.
    const again = await admin.put(`/api/admin/employees/${res.body.employee.id}`, body({ name: 'Rocío N.', userId: me.body.userId }));
    expect(again.body.adminRoleKept).toBe(false);
  });

  it('refuses a double link in the lookup and on save, and creates nothing', async () => {
    await person(server, 'doble@example.com', 'client');
    const userId = (await admin.post('/api/admin/employees/link-lookup', { email: 'doble@example.com' })).body.userId;
    const first = await create({ name: 'Primera', userId });
    expect(first.status).toBe(201);

    const lookup = await admin.post('/api/admin/employees/link-lookup', { email: 'doble@example.com' });
    expect(lookup.status).toBe(409);
    expect(lookup.body.error.message).toBe(MSG.linkAlreadyLinked);
    // The employee that holds the link may look it up again (editing itself).
    const own = await admin.post('/api/admin/employees/link-lookup', { email: 'doble@example.com', employeeId: first.body.employee.id });
    expect(own.status).toBe(200);

    const before = await employeeCount();
    const second = await create({ name: 'Segunda', userId });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(MSG.linkAlreadyLinked);
    expect(await employeeCount()).toBe(before);

    const other = await create({ name: 'Tercera' });
    const steal = await admin.put(`/api/admin/employees/${other.body.employee.id}`, body({ name: 'Tercera', userId }));
    expect(steal.status).toBe(409);
    const [row] = await server.deps.db.select().from(employees).where(eq(employees.id, other.body.employee.id));
    expect(row!.userId).toBeNull();
  });

  it('two saves racing for the same account: one wins, the other gets the spec text', async () => {
    await person(server, 'carrera@example.com', 'client');
    const userId = (await admin.post('/api/admin/employees/link-lookup', { email: 'carrera@example.com' })).body.userId;
    const results = await Promise.all([create({ name: 'Carrera A', userId }), create({ name: 'Carrera B', userId })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(MSG.linkAlreadyLinked);
    expect(await server.deps.db.select().from(employees).where(eq(employees.userId, userId))).toHaveLength(1);
  });
});

describe('unlinking and relinking', () => {
  async function linkedEmployee(email: string, name: string) {
    const session = await person(server, email, 'client', name);
    const userId = (await admin.post('/api/admin/employees/link-lookup', { email })).body.userId as string;
    const res = await create({ name, userId });
    expect(res.status).toBe(201);
    expect((await session.get('/api/me')).status).toBe(401);
    return { session: await signInAgain(server, email), userId, employeeId: res.body.employee.id as string };
  }

  async function appointmentFor(employeeUserId: string, start: Date, status: 'confirmed' | 'completed' = 'confirmed') {
    const client = await userRow(server, 'admin@employees.test');
    const [row] = await server.deps.db
      .insert(appointments)
      .values({
        clientId: client.id,
        clientName: 'Rocío',
        clientEmail: client.email,
        employeeId: employeeUserId,
        employeeName: 'Profesional',
        serviceId: corte,
        serviceName: 'Corte',
        serviceDuration: 30,
        price: 20,
        startTime: start,
        endTime: new Date(start.getTime() + 30 * 60_000),
        status,
      })
      .returning();
    return row!.id;
  }

  it('unlinking sends the account back to client', async () => {
    const e = await linkedEmployee('irene@example.com', 'Irene');
    expect((await e.session.get('/api/me')).body.role).toBe('employee');
    // A past, completed appointment does not stand in the way.
    await appointmentFor(e.userId, new Date('2026-06-01T09:00:00Z'), 'completed');
    const res = await admin.put(`/api/admin/employees/${e.employeeId}`, body({ name: 'Irene', userId: null }));
    expect(res.status).toBe(200);
    expect(res.body.employee).toMatchObject({ userId: null, userAccountEmail: null });
    expect((await e.session.get('/api/me')).body.role).toBe('client');
  });

  it('relinking moves the role from the old account to the new one', async () => {
    const e = await linkedEmployee('vieja@example.com', 'Vieja');
    await person(server, 'nueva@example.com', 'client');
    const newId = (await admin.post('/api/admin/employees/link-lookup', { email: 'nueva@example.com', employeeId: e.employeeId })).body.userId;
    const res = await admin.put(`/api/admin/employees/${e.employeeId}`, body({ name: 'Vieja', userId: newId }));
    expect(res.status).toBe(200);
    expect(res.body.employee.userAccountEmail).toBe('nueva@example.com');
    expect(await roleOf('vieja@example.com')).toBe('client');
    expect(await roleOf('nueva@example.com')).toBe('employee');
  });

  it('refuses to unlink an account with pending confirmed appointments, and changes nothing', async () => {
    const e = await linkedEmployee('ocupada@example.com', 'Ocupada');
    const future = await appointmentFor(e.userId, new Date('2026-06-12T09:00:00Z'));
    const res = await admin.put(`/api/admin/employees/${e.employeeId}`, body({ name: 'Ocupada Cambiada', userId: null }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(unlinkBlocked(1));
    expect(res.body.error.message).toBe('No se puede desvincular esta cuenta: tiene una cita confirmada pendiente como profesional. Cancélalas primero en «Ver Citas».');
    const [row] = await server.deps.db.select().from(employees).where(eq(employees.id, e.employeeId));
    expect(row).toMatchObject({ name: 'Ocupada', userId: e.userId });
    expect(await roleOf('ocupada@example.com')).toBe('employee');

    // Deleting is refused for the same reason, even once inactive.
    await admin.patch(`/api/admin/employees/${e.employeeId}/status`, { isActive: false });
    const del = await admin.delete(`/api/admin/employees/${e.employeeId}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(unlinkBlocked(1));

    // Once the salon cancels it, the unlink goes through.
    await server.deps.db.update(appointments).set({ status: 'cancelled_by_salon' }).where(eq(appointments.id, future));
    const ok = await admin.put(`/api/admin/employees/${e.employeeId}`, body({ name: 'Ocupada', userId: null }));
    expect(ok.status).toBe(200);
    expect(await roleOf('ocupada@example.com')).toBe('client');
  });
});

describe('activation and deletion', () => {
  it('deactivating keeps the role; deleting needs inactive and sends the account back to client', async () => {
    await person(server, 'baja@example.com', 'client');
    const userId = (await admin.post('/api/admin/employees/link-lookup', { email: 'baja@example.com' })).body.userId;
    const id = (await create({ name: 'Baja', userId })).body.employee.id;

    const refused = await admin.delete(`/api/admin/employees/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(STAFF_MSG.employeeDeleteActive);

    const off = await admin.patch(`/api/admin/employees/${id}/status`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect(await roleOf('baja@example.com')).toBe('employee');

    const deleted = await admin.delete(`/api/admin/employees/${id}`);
    expect(deleted.status).toBe(200);
    expect(await server.deps.db.select().from(employees).where(eq(employees.id, id))).toHaveLength(0);
    expect(await roleOf('baja@example.com')).toBe('client');
  });

  it('404 with a Spanish text for an unknown employee', async () => {
    const id = '5e1c2b8e-0000-4000-8000-000000000000';
    const res = await admin.patch(`/api/admin/employees/${id}/status`, { isActive: true });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(STAFF_MSG.employeeNotFound);
    expect((await admin.put(`/api/admin/employees/${id}`, body())).status).toBe(404);
    expect((await admin.delete(`/api/admin/employees/${id}`)).status).toBe(404);
  });
});
