import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/domain/texts/common';
import { defaultWeeklySchedule } from '../src/domain/weekly-schedule';
import { newSession, type HttpResult, type Session } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { person, TRUST_PROXY_ENV } from './support/admin-support';

// Every back-office route is admin-only on the server (SPEC §6, ARCHITECTURE §1): anonymous 401,
// client and employee 403, and a refused write changes nothing. The bodies are VALID, so a missing
// guard would show up as a 2xx here.

let server: TestServer;
let admin: Session;
let serviceId: string;
let employeeId: string;

const serviceBody = { name: 'Intruso', description: '', duration: 30, price: 10, category: '' };
const employeeBody = { name: 'Intrusa', servicesOffered: [], availability: defaultWeeklySchedule(), userId: null };
const settingsBody = {
  name: 'Salón pirata',
  address: '',
  phoneNumber: '',
  appointmentTimeSlotInterval: 15,
  cancellationPolicyHours: 0,
  openingHours: defaultWeeklySchedule(),
};

type Call = [label: string, run: (s: Session) => Promise<HttpResult>];
const routes = (): Call[] => [
  ['GET services', (s) => s.get('/api/admin/services')],
  ['POST services', (s) => s.post('/api/admin/services', serviceBody)],
  ['PUT services/:id', (s) => s.put(`/api/admin/services/${serviceId}`, serviceBody)],
  ['PATCH services/:id/status', (s) => s.patch(`/api/admin/services/${serviceId}/status`, { isActive: false })],
  ['DELETE services/:id', (s) => s.delete(`/api/admin/services/${serviceId}`)],
  ['GET employees', (s) => s.get('/api/admin/employees')],
  ['POST employees/link-lookup', (s) => s.post('/api/admin/employees/link-lookup', { email: 'cliente@access.test' })],
  ['POST employees', (s) => s.post('/api/admin/employees', employeeBody)],
  ['PUT employees/:id', (s) => s.put(`/api/admin/employees/${employeeId}`, employeeBody)],
  ['PATCH employees/:id/status', (s) => s.patch(`/api/admin/employees/${employeeId}/status`, { isActive: false })],
  ['DELETE employees/:id', (s) => s.delete(`/api/admin/employees/${employeeId}`)],
  ['GET settings', (s) => s.get('/api/admin/settings')],
  ['PUT settings', (s) => s.put('/api/admin/settings', settingsBody)],
];

beforeAll(async () => {
  server = await startTestServer({ env: TRUST_PROXY_ENV });
  admin = await person(server, 'admin@access.test', 'admin');
  const svc = await admin.post('/api/admin/services', { name: 'Corte', description: '', duration: 30, price: 20, category: 'Cabello' });
  expect(svc.status).toBe(201);
  serviceId = svc.body.id;
  const emp = await admin.post('/api/admin/employees', { name: 'Lucía', servicesOffered: [serviceId], userId: null });
  expect(emp.status).toBe(201);
  employeeId = emp.body.employee.id;
});

afterAll(async () => {
  await server?.close();
});

async function unchanged() {
  const services = await admin.get('/api/admin/services');
  expect(services.body).toEqual([expect.objectContaining({ id: serviceId, name: 'Corte', isActive: true })]);
  const employees = await admin.get('/api/admin/employees');
  expect(employees.body).toEqual([expect.objectContaining({ id: employeeId, name: 'Lucía', isActive: true })]);
  const settings = await admin.get('/api/admin/settings');
  expect(settings.body).toMatchObject({ name: 'Mi Salón de Belleza', appointmentTimeSlotInterval: 30, updatedAt: null });
}

describe('back-office routes', () => {
  it.each(routes().map(([label]) => [label]))('%s: anonymous gets 401', async (label) => {
    const [, run] = routes().find(([l]) => l === label)!;
    const res = await run(newSession(server.url));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MSG.unauthenticated);
  });

  it('a client gets 403 on every route and changes nothing', async () => {
    const client = await person(server, 'cliente@access.test', 'client');
    for (const [label, run] of routes()) {
      const res = await run(client);
      expect(res.status, label).toBe(403);
      expect(res.body.error.message, label).toBe(MSG.forbidden);
    }
    await unchanged();
  });

  it('an employee gets 403 on every route and changes nothing', async () => {
    const employee = await person(server, 'empleada@access.test', 'employee');
    for (const [label, run] of routes()) {
      const res = await run(employee);
      expect(res.status, label).toBe(403);
    }
    await unchanged();
  });

  it('an admin passes (reads answer 200)', async () => {
    for (const path of ['/api/admin/services', '/api/admin/employees', '/api/admin/settings']) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  });
});
