import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES_MSG } from '../../../domain/texts/roles';
import { salonSettings, services, user } from '../../db/schema';
import { promote, signIn, signUp, type Session } from '../../../../test/support/http-client';
import { freshIp } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// "Acceso: Recepción" on the employee form (ADR 063): the linked account becomes the desk, which
// offers no services, reaches the salon's day and not the owner's pages, goes back to a
// professional when the admin says so, and loses the desk as a leaver.

const NOW = new Date('2026-01-14T10:00:00Z');
const PASSWORD = 'una-clave-de-recepcion-1';
let server: TestServer;
let admin: Session;
let serviceId = '';

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 15, cancellationPolicyHours: 24 }).onConflictDoNothing();
  admin = await signUp(server.url, { email: 'jefa@recepcion.test', password: PASSWORD, name: 'Jefa' }, freshIp());
  await promote(server.deps, 'jefa@recepcion.test', 'admin');
  const [s] = await server.deps.db.insert(services).values({ name: 'Manicura', category: 'Uñas', duration: 30, price: 18, description: '' }).returning({ id: services.id });
  serviceId = s!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const roleOf = async (email: string) => (await server.deps.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]!.role;

describe('Acceso: Recepción', () => {
  it('gives the desk, refuses services, opens the day and not the owner’s pages, trades back, and ends with the record', async () => {
    const email = 'paula@recepcion.test';
    await signUp(server.url, { email, password: PASSWORD, name: 'Paula' }, freshIp());
    await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const found = await admin.post('/api/admin/employees/link-lookup', { email });
    expect(found.status).toBe(200);
    const userId = found.body.userId as string;
    const body = { name: 'Paula', servicesOffered: [] as string[], userId, accountRole: 'receptionist' };

    // The desk treats no one.
    const withService = await admin.post('/api/admin/employees', { ...body, servicesOffered: [serviceId] });
    expect(withService.status).toBe(400);
    expect(withService.body.error.message).toBe(ROLES_MSG.receptionNoServices);
    const bad = await admin.post('/api/admin/employees', { ...body, accountRole: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ROLES_MSG.accessInvalid);

    const saved = await admin.post('/api/admin/employees', body);
    expect(saved.status).toBe(201);
    expect(saved.body.employee.accountRole).toBe('receptionist');
    expect(await roleOf(email)).toBe('receptionist');

    // A client made staff needs the staff password (ADR 030): the 16-character one here is one.
    const desk = await signIn(server.url, { email, password: PASSWORD }, freshIp());
    expect((await desk.get('/api/me')).body.role).toBe('receptionist');
    const day = await desk.get('/api/front-desk/day?date=2026-01-14');
    expect(day.status).toBe(200);
    expect((day.body.professionals as { userId: string }[]).some((p) => p.userId === userId)).toBe(false);
    for (const path of ['/api/admin/settings', '/api/admin/employees', '/api/reports/revenue?period=month', '/api/agenda?date=2026-01-14']) {
      expect((await desk.get(path)).status, path).toBe(403);
    }
    expect((await desk.get('/api/payments/caja?date=2026-01-14')).status).toBe(200);

    // Back to a professional: her account follows, and the desk closes.
    const back = await admin.put(`/api/admin/employees/${saved.body.employee.id}`, { ...body, accountRole: 'employee', servicesOffered: [serviceId] });
    expect(back.status).toBe(200);
    expect(await roleOf(email)).toBe('employee');
    expect((await desk.get('/api/payments/caja?date=2026-01-14')).status).toBe(403);
    expect((await desk.get('/api/agenda?date=2026-01-14')).status).toBe(200);

    // The desk again, then a leaver: a client on every route.
    await admin.put(`/api/admin/employees/${saved.body.employee.id}`, body);
    expect(await roleOf(email)).toBe('receptionist');
    const again = await signIn(server.url, { email, password: PASSWORD }, freshIp());
    expect((await again.get('/api/front-desk/day?date=2026-01-14')).status).toBe(200);
    expect((await admin.patch(`/api/admin/employees/${saved.body.employee.id}/status`, { isActive: false })).status).toBe(200);
    const after = await signIn(server.url, { email, password: PASSWORD }, freshIp());
    expect((await after.get('/api/me')).body.role).toBe('client');
    expect((await after.get('/api/front-desk/day?date=2026-01-14')).status).toBe(403);
  });
});
