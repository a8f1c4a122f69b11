import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, user } from '../../db/schema';
import { signIn, signUp, type Session } from '../../../../test/support/http-client';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { STAFF_MSG } from '../../../domain/texts/staff';

// A client record's email (ADR 033): an unverified account's claimed email is not written to the
// salon's record; only the admin changes a record's email; attaching a record's history to an
// account needs the admin's explicit confirmation; every record says who created and changed it.

// "Now" is Wednesday 2026-01-14 11:00 in Madrid.
const NOW = new Date('2026-01-14T10:00:00Z');
const FRIDAY = '2026-01-16';
let server: TestServer;
let w: World;
let admin: Session;
let lucia: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'fichas');
  ({ admin, employee: lucia } = w.sessions);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

let phoneSeq = 0;
const newPhone = () => `6${String(20_000_000 + ++phoneSeq * 7919).padStart(8, '0')}`;

async function record(id: string) {
  const [row] = await server.deps.db.select().from(clients).where(eq(clients.id, id));
  return row!;
}

async function newRecord(s: Session, body: Record<string, unknown> = {}) {
  const res = await s.post('/api/front-desk/clients', { name: 'Carmen Vidal', phone: newPhone(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

describe('an unverified account and the salon’s record', () => {
  it('keeps the account’s name but not its claimed email until the email is verified', async () => {
    const email = 'reclama.email@correo.test';
    const s = await signUp(server.url, { email, password: WORLD_PASSWORD, name: 'Quien Reclama' }, freshIp());
    const booked = await s.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: FRIDAY, time: '10:00' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [u] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const [own] = await server.deps.db.select().from(clients).where(eq(clients.userId, u!.id));
    expect(own).toMatchObject({ name: 'Quien Reclama', email: null });
    // The staff searching that email find no record of it.
    expect((await admin.get(`/api/front-desk/clients?q=${encodeURIComponent(email)}`)).body.clients).toEqual([]);

    // Verified (and signed in again): the record gets the email.
    await server.deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, u!.id));
    await signIn(server.url, { email, password: WORLD_PASSWORD }, freshIp());
    expect((await record(own!.id)).email).toBe(email);
  });
});

describe('who may change a record’s email', () => {
  it('an employee gets 403 in Spanish, and the record keeps its email; other fields she may change', async () => {
    const id = await newRecord(admin, { email: 'antes@correo.test' });
    const phone = (await record(id)).phone;
    for (const email of ['despues@correo.test', null]) {
      const res = await lucia.put(`/api/front-desk/clients/${id}`, { name: 'Carmen Vidal', phone: phone!, email });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'client_email_admin_only', message: STAFF_MSG.clientEmailAdminOnly });
    }
    expect((await record(id)).email).toBe('antes@correo.test');
    const same = await lucia.put(`/api/front-desk/clients/${id}`, {
      name: 'Carmen Vidal Ruiz',
      phone: phone!,
      email: 'Antes@Correo.test',
      notes: 'Prefiere tardes',
    });
    expect(same.status).toBe(200);
    expect(await record(id)).toMatchObject({ name: 'Carmen Vidal Ruiz', email: 'antes@correo.test' });

    const byAdmin = await admin.put(`/api/front-desk/clients/${id}`, {
      name: 'Carmen Vidal Ruiz',
      phone: phone!,
      email: 'despues@correo.test',
    });
    expect(byAdmin.status).toBe(200);
    expect((await record(id)).email).toBe('despues@correo.test');
  });
});

describe('attaching a record’s history to an account', () => {
  it('asks the admin to confirm (409) before an edit gives the record to a verified account', async () => {
    const id = await newRecord(admin, { name: 'Elena Torres' });
    await w.appointment({ client: 'otherClient', employee: 'employee', start: new Date('2026-01-20T10:00:00Z') });
    const phone = (await record(id)).phone!;
    const body = { name: 'Elena Torres', phone, email: w.email.otherClient };
    const res = await admin.put(`/api/front-desk/clients/${id}`, body);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'attach_confirm', message: STAFF_MSG.clientAttachConfirm });
    expect(await record(id)).toMatchObject({ email: null, userId: null });

    const confirmed = await admin.put(`/api/front-desk/clients/${id}`, { ...body, confirmAttach: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.client.hasAccount).toBe(true);
    expect((await record(id)).userId).toBe(w.uid.otherClient);
  });

  it('a new record with a verified account’s email is not created without the confirmation', async () => {
    const name = 'Marta Nueva Ficha';
    const res = await admin.post('/api/front-desk/clients', { name, phone: newPhone(), email: w.email.client });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MSG.clientAttachConfirm);
    expect((await server.deps.db.execute(sql`SELECT 1 FROM clients WHERE name = ${name}`)).rows).toHaveLength(0);
    const ok = await admin.post('/api/front-desk/clients', { name, phone: newPhone(), email: w.email.client, confirmAttach: true });
    expect(ok.status).toBe(201);
    expect(ok.body.client.hasAccount).toBe(true);
  });

  it('an email nobody has verified needs no confirmation; the flag must be a boolean', async () => {
    expect(
      (await admin.post('/api/front-desk/clients', { name: 'Sin Cuenta', phone: newPhone(), email: 'nadie@correo.test' })).status,
    ).toBe(201);
    const bad = await admin.post('/api/front-desk/clients', { name: 'Sin Cuenta', phone: newPhone(), confirmAttach: 'sí' });
    expect(bad.status).toBe(400);
  });
});

describe('who created and changed a record', () => {
  it('the record’s page says who created it and who changed it last, and when', async () => {
    const id = await newRecord(lucia, { name: 'Paloma Auditada' });
    const first = await admin.get(`/api/front-desk/clients/${id}`);
    expect(first.body.audit).toEqual({ created: { byName: 'Lucía Martín', at: NOW.toISOString() }, updated: null });

    const phone = (await record(id)).phone!;
    expect((await admin.put(`/api/front-desk/clients/${id}`, { name: 'Paloma Auditada', phone, notes: 'Nueva nota' })).status).toBe(200);
    const page = await lucia.get(`/api/front-desk/clients/${id}`);
    expect(page.body.audit).toEqual({
      created: { byName: 'Lucía Martín', at: NOW.toISOString() },
      updated: { byName: 'Administración', at: NOW.toISOString() },
    });
  });

  it('a record made by an online booking was created by the client herself', async () => {
    const email = 'reserva.online@correo.test';
    const s = await signUp(server.url, { email, password: WORLD_PASSWORD, name: 'Olga Online' }, freshIp());
    expect(
      (await s.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: FRIDAY, time: '12:00' })).status,
    ).toBe(201);
    const [u] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const [own] = await server.deps.db.select().from(clients).where(eq(clients.userId, u!.id));
    const page = await admin.get(`/api/front-desk/clients/${own!.id}`);
    expect(page.body.audit.created).toMatchObject({ byName: 'Olga Online' });
  });
});
