import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointments, clients, salonSettings } from '../../db/schema';
import type { Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { arrangeWorld, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A professional books for the client in front of her (docs/decisions/086): the booking page's
// "¿Para quién es la cita?" sends "Para mí" to the client route (unchanged) and any client record
// to the staff booking. What each caller sees, on a real server, PostgreSQL and SMTP server.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid; the world's salon works Mon-Sat 09:00-20:00.

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';

let server: TestServer;
let mail: MailCatcher;
let w: World;
let lucia: Session; // a professional (employee)
let marta: Session; // a client with an account
let elena: Session; // another client

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  w = await arrangeWorld(server, 'paraquien');
  ({ employee: lucia, client: marta, otherClient: elena } = w.sessions);
  await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

let minute = 9 * 60;
/** A fresh time on Thursday for each booking (30-minute service). */
const nextTime = () => {
  const m = (minute += 30);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const staffBook = (s: Session, body: Record<string, unknown>) =>
  s.post('/api/booking/staff', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time: nextTime(), ...body });
const clientBook = (s: Session, body: Record<string, unknown> = {}) =>
  s.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time: nextTime(), ...body });
const row = async (id: string) => (await server.deps.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const mine = async (s: Session) => ((await s.get('/api/my-appointments')).body.appointments as { id: string }[]).map((a) => a.id);
const newRecord = async (values: { name: string; phone?: string | null; email?: string | null; userId?: string | null }) =>
  (await server.deps.db.insert(clients).values(values).returning({ id: clients.id }))[0]!.id;
/** The client record an account has (made on her first booking, else here). */
const recordOf = async (userId: string, name: string) =>
  (
    await server.deps.db
      .insert(clients)
      .values({ name, userId })
      .onConflictDoUpdate({ target: clients.userId, set: { userId } })
      .returning({ id: clients.id })
  )[0]!.id;

describe('a professional books for her client', () => {
  it('a phone-only client: in the day view and on the record, not in the professional’s Mis Citas', async () => {
    const clientId = await newRecord({ name: 'Rosa Fuentes', phone: '+34611222333' });
    const found = await lucia.get('/api/front-desk/clients?q=611222');
    expect(found.body.clients.map((c: { id: string }) => c.id)).toContain(clientId);
    const res = await staffBook(lucia, { clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({
      clientId: null,
      clientRecordId: clientId,
      clientName: 'Rosa Fuentes',
      bookedBy: 'staff',
      bookedByUserId: w.uid.employee,
      employeeId: w.uid.employee,
    });
    const agenda = await lucia.get(`/api/agenda?date=${THURSDAY}`);
    expect(JSON.stringify(agenda.body)).toContain('Rosa Fuentes');
    expect(await mine(lucia)).not.toContain(res.body.appointment.id);
  });

  it('an email-only record (no account, no phone): booked, and told by email', async () => {
    const email = 'ines.paraquien@example.com';
    const clientId = await newRecord({ name: 'Inés Prado', email });
    const res = await staffBook(lucia, { clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({ clientId: null, clientEmail: email, clientRecordId: clientId });
    const told = await mail.waitFor(email, { timeout: 15_000 });
    expect(told.subject.length).toBeGreaterThan(0);
  });

  it('a client with an account: the visit is in her Mis Citas, not in the professional’s', async () => {
    const clientId = await recordOf(w.uid.client, 'Marta');
    const res = await staffBook(lucia, { clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({ clientId: w.uid.client, bookedBy: 'staff' });
    expect(await mine(marta)).toContain(res.body.appointment.id);
    expect(await mine(lucia)).not.toContain(res.body.appointment.id);
  });

  it('with a colleague (docs/decisions/086), but a squeeze only on her own agenda', async () => {
    const clientId = await newRecord({ name: 'Nuria Gil', phone: '+34611222444' });
    const res = await staffBook(lucia, { clientId, professionalId: w.otherEmployeeRecord });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({ employeeId: w.uid.otherEmployee, bookedByUserId: w.uid.employee });
    const squeeze = await lucia.post('/api/booking/squeeze', {
      clientId,
      serviceId: w.serviceId,
      professionalId: w.otherEmployeeRecord,
      date: THURSDAY,
      time: '20:30',
      confirmOutsideHours: true,
    });
    expect(squeeze.status).toBe(403);
    expect(squeeze.body.error.message).toBe(STAFF_MSG.notOwnAgenda);
  });

  it('"Para mí" is the client route as before: hers, booked by herself', async () => {
    const res = await clientBook(lucia);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({ clientId: w.uid.employee, bookedBy: 'client', employeeId: w.uid.employee });
    expect(await mine(lucia)).toContain(res.body.appointment.id);
  });
});

describe('who cannot be booked, and who cannot book for others', () => {
  it('a client record that does not exist, or is not an id: 404 in Spanish, nothing written', async () => {
    const before = (await server.deps.db.select().from(appointments)).length;
    for (const clientId of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await staffBook(lucia, { clientId });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(STAFF_MSG.clientNotFound);
    }
    expect((await server.deps.db.select().from(appointments)).length).toBe(before);
  });

  it('the record a deleted account left: 409 in Spanish', async () => {
    const clientId = await newRecord({ name: MSG.deletedClientName, phone: null, email: null, userId: null });
    const res = await staffBook(lucia, { clientId });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MSG.clientErased);
    expect(await server.deps.db.select().from(appointments).where(eq(appointments.clientRecordId, clientId))).toEqual([]);
  });

  it('a client sending another client’s record to the client route books for herself only; the staff route is 403', async () => {
    const elenaRecord = await recordOf(w.uid.otherClient, 'Elena');
    const res = await clientBook(marta, { clientId: elenaRecord, clientName: 'Elena' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await row(res.body.appointment.id)).toMatchObject({ clientId: w.uid.client, bookedBy: 'client' });
    expect(await mine(elena)).not.toContain(res.body.appointment.id);
    const staff = await staffBook(marta, { clientId: elenaRecord });
    expect(staff.status).toBe(403);
    expect(await server.deps.db.select().from(appointments).where(eq(appointments.clientRecordId, elenaRecord))).toEqual([]);
  });
});
