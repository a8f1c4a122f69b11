import { consentSignToken } from '../../notifications/consent-tokens';
import { signatureDataUrl } from '../../seed/signature-png';
import { eq } from 'drizzle-orm';
import { toldOffer } from '../../../../test/support/waiting-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointmentChanges, appointments, clients, employeeServices, salonSettings, services } from '../../db/schema';
import { apiRouteKeysOf } from '../../../../test/support/api-routes';
import { newSession, signUp, type Session } from '../../../../test/support/http-client';
import { firstLink, startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from '../../../../test/support/salon-world';
import { stopRemindersToken, visitToken } from '../../notifications/tokens';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The front desk (ADR 018-020) through the real HTTP API on a real PostgreSQL and a real SMTP server:
// client records, staff booking, rescheduling, email verification and attaching history.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid; the salon (salon-world) works Mon-Sat 09:00-20:00,
// slots every 15 minutes, a 30-minute service, 24 h cancellation policy.

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
const FRIDAY = '2026-01-16';
const SECRET_NOTE = 'NOTA-PRIVADA: alergia al látex';

let server: TestServer;
let mail: MailCatcher;
let w: World;
let admin: Session;
let lucia: Session; // employee
let sara: Session; // otherEmployee
let marta: Session; // client
let elena: Session; // otherClient

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  w = await arrangeWorld(server, 'recepcion');
  ({ admin, employee: lucia, otherEmployee: sara, client: marta, otherClient: elena } = w.sessions);
  // The world's clients book often here; the per-client cap (ADR 025, src/server/features/booking/booking-limits.int.test.ts) is not what this file is about.
  await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

let phoneSeq = 0;
const newPhone = () => `6${String(10_000_000 + ++phoneSeq * 7919).padStart(8, '0')}`;

async function createClient(s: Session, body: Record<string, unknown> = {}) {
  const res = await s.post('/api/front-desk/clients', { name: 'Carmen Vidal', phone: newPhone(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client as { id: string; name: string; phone: string; email: string | null; hasAccount: boolean };
}

const staffBook = (s: Session, body: Record<string, unknown>) =>
  s.post('/api/booking/staff', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time: '10:00', ...body });

async function appointment(id: string) {
  const [row] = await server.deps.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

describe('client records', () => {
  it('are made by the staff with a name and a Spanish phone stored in one format, and found by three digits, name or email', async () => {
    const c = await createClient(admin, { name: 'Rocío Alcántara', phone: '655 12 34 99', email: 'Rocio@Correo.test' });
    expect(c).toMatchObject({ name: 'Rocío Alcántara', phone: '+34655123499', email: 'rocio@correo.test', hasAccount: false });
    for (const q of ['499', '655 12', 'rocio', 'ALCÁNTARA', 'correo.test']) {
      const found = await lucia.get(`/api/front-desk/clients?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(
        found.body.clients.map((x: { id: string }) => x.id),
        q,
      ).toContain(c.id);
    }
    const none = await admin.get('/api/front-desk/clients?q=zzzz');
    expect(none.body.clients).toEqual([]);
  });

  it.each([
    [{ name: '', phone: '612345678' }, STAFF_MSG.clientNameRequired],
    [{ name: 'Ana', phone: '' }, STAFF_MSG.clientPhoneRequired],
    [{ name: 'Ana', phone: '123' }, STAFF_MSG.clientPhoneInvalid],
    [{ name: 'Ana', phone: '612345678', email: 'no-email' }, STAFF_MSG.clientEmailInvalid],
    [{ name: 'Ana' }, STAFF_MSG.clientPhoneInvalid],
  ])('refuses %j with a Spanish message', async (body, message) => {
    const res = await admin.post('/api/front-desk/clients', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('the client page shows upcoming and past appointments, totals and the private notes', async () => {
    const c = await createClient(admin, { notes: 'Prefiere la mañana' });
    const booked = await staffBook(admin, { clientId: c.id, date: FRIDAY, time: '12:00' });
    expect(booked.status).toBe(201);
    const past1 = await w.appointment({
      client: 'client',
      employee: 'employee',
      start: new Date('2026-01-05T10:00:00Z'),
      status: 'completed',
    });
    const past2 = await w.appointment({
      client: 'client',
      employee: 'employee',
      start: new Date('2026-01-06T10:00:00Z'),
      status: 'no_show',
    });
    await server.deps.db.update(appointments).set({ clientRecordId: c.id }).where(eq(appointments.id, past1));
    await server.deps.db.update(appointments).set({ clientRecordId: c.id }).where(eq(appointments.id, past2));
    const page = await admin.get(`/api/front-desk/clients/${c.id}`);
    expect(page.status).toBe(200);
    expect(page.body.client).toMatchObject({ id: c.id, notes: 'Prefiere la mañana' });
    expect(page.body.upcoming.map((a: { id: string }) => a.id)).toEqual([booked.body.appointment.id]);
    expect(page.body.past.map((a: { id: string }) => a.id)).toEqual([past2, past1]);
    expect(page.body.totals).toEqual({ visits: 1, noShows: 1, spent: 25.5 });
    expect((await admin.get('/api/front-desk/clients/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('staff booking', () => {
  it('books a client without an account, recording who booked; the day view shows it', async () => {
    const c = await createClient(admin, { name: 'Pilar Sanz' });
    const res = await staffBook(admin, { clientId: c.id, time: '09:00', notes: 'Llamó por teléfono' });
    expect(res.status).toBe(201);
    const row = await appointment(res.body.appointment.id);
    expect(row).toMatchObject({
      clientId: null,
      clientName: 'Pilar Sanz',
      clientRecordId: c.id,
      bookedBy: 'staff',
      bookedByUserId: w.uid.admin,
      notes_client: 'Llamó por teléfono',
    });
    const day = await admin.get(`/api/front-desk/day?date=${THURSDAY}`);
    expect(day.status).toBe(200);
    expect(day.body.professionals.map((p: { name: string }) => p.name)).toEqual(['Lucía Martín', 'Sara Molina']);
    expect(day.body.appointments.find((a: { id: string }) => a.id === row.id)).toMatchObject({
      clientName: 'Pilar Sanz',
      bookedBy: 'staff',
      status: 'confirmed',
      // Where the day view draws it: 09:00 on the salon's clock, for the service's length.
      startMinute: 9 * 60,
      endMinute: 9 * 60 + (row.endTime.getTime() - row.startTime.getTime()) / 60_000,
    });
  });

  it('an employee books a client on their own agenda or a colleague’s (docs/decisions/086)', async () => {
    const c = await createClient(lucia);
    expect((await staffBook(lucia, { clientId: c.id, time: '09:30' })).status).toBe(201);
    const withSara = await staffBook(lucia, { clientId: c.id, time: '09:30', professionalId: w.otherEmployeeRecord });
    expect(withSara.status).toBe(201);
    const sarasDay = await server.deps.db.select().from(appointments).where(eq(appointments.employeeId, w.uid.otherEmployee));
    expect(sarasDay.find((a) => a.clientRecordId === c.id)).toMatchObject({ bookedBy: 'staff', bookedByUserId: w.uid.employee });
    // A client cannot use the staff booking at all.
    expect((await staffBook(marta, { clientId: c.id, time: '11:00' })).status).toBe(403);
  });

  it('a staff booking and an online booking racing for one slot: one 201 and one 409 with the booking text', async () => {
    const c = await createClient(admin);
    for (const time of ['14:00', '14:30', '15:00']) {
      const [staff, online] = await Promise.all([
        staffBook(admin, { clientId: c.id, time }),
        elena.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time }),
      ]);
      expect([staff.status, online.status].sort()).toEqual([201, 409]);
      const loser = staff.status === 409 ? staff : online;
      expect(loser.body.error.message).toBe(MSG.slotTaken);
    }
  });

  it('refuses a time the slot engine does not offer, and an unknown client', async () => {
    const c = await createClient(admin);
    const early = await staffBook(admin, { clientId: c.id, time: '07:00' });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(MSG.slotNotOffered);
    const unknown = await staffBook(admin, { clientId: '00000000-0000-4000-8000-000000000000', time: '16:00' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(STAFF_MSG.clientNotFound);
  });
});

describe('rescheduling', () => {
  it('the admin moves an appointment to another professional: same id, the old time freed, an audit row', async () => {
    const c = await createClient(admin);
    const booked = await staffBook(admin, { clientId: c.id, time: '16:00' });
    const id = booked.body.appointment.id as string;
    const moved = await admin.post(`/api/booking/reschedule/${id}`, {
      professionalId: w.otherEmployeeRecord,
      date: THURSDAY,
      time: '16:30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.appointment).toMatchObject({ id, employeeName: 'Sara Molina' });
    const row = await appointment(id);
    expect(row.employeeId).toBe(w.uid.otherEmployee);
    expect(row.startTime.toISOString()).toBe('2026-01-15T15:30:00.000Z');
    const free = await marta.get(`/api/booking/slots?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&date=${THURSDAY}`);
    expect(free.body.slots.map((s: { time: string }) => s.time)).toContain('16:00');
    const changes = await admin.get(`/api/front-desk/appointments/${id}/changes`);
    expect(changes.status).toBe(200);
    expect(changes.body.changes).toHaveLength(1);
    expect(changes.body.changes[0]).toMatchObject({
      action: 'rescheduled',
      changedByName: 'Administración',
      changedByRole: 'admin',
      before: { employeeName: 'Lucía Martín', startTime: '2026-01-15T15:00:00.000Z' },
      after: { employeeName: 'Sara Molina', startTime: '2026-01-15T15:30:00.000Z' },
    });
  });

  it('offers the appointment’s own time as free when moving it within the same agenda', async () => {
    const c = await createClient(admin);
    const booked = await staffBook(admin, { clientId: c.id, time: '17:00' });
    const slots = await admin.get(
      `/api/booking/reschedule/${booked.body.appointment.id}/slots?professionalId=${w.employeeRecord}&date=${THURSDAY}`,
    );
    expect(slots.status).toBe(200);
    const times = slots.body.slots.map((s: { time: string }) => s.time);
    expect(times).toContain('17:00');
    expect(times).toContain('16:45');
  });

  it('a reschedule racing a new booking for the target time: one winner, the loser’s data untouched', async () => {
    const c = await createClient(admin);
    for (const [from, time] of [
      ['10:15', '18:00'],
      ['10:45', '18:30'],
      ['11:15', '19:00'],
    ] as const) {
      const booked = await staffBook(admin, { clientId: c.id, date: FRIDAY, time: from });
      expect(booked.status).toBe(201);
      const id = booked.body.appointment.id as string;
      const before = await appointment(id);
      const [move, online] = await Promise.all([
        admin.post(`/api/booking/reschedule/${id}`, { professionalId: w.employeeRecord, date: THURSDAY, time }),
        elena.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time }),
      ]);
      // Exactly one wins: the move (200) or the booking (201).
      expect([move.status === 200, online.status === 201].filter(Boolean)).toHaveLength(1);
      expect([move.status, online.status]).toContain(409);
      const after = await appointment(id);
      const audit = await server.deps.db.select().from(appointmentChanges).where(eq(appointmentChanges.appointmentId, id));
      if (move.status === 409) {
        expect(move.body.error.message).toBe(MSG.slotTaken);
        expect(after.startTime.toISOString()).toBe(before.startTime.toISOString());
        expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
        expect(audit).toEqual([]);
      } else {
        expect(online.body.error.message).toBe(MSG.slotTaken);
        expect(audit).toHaveLength(1);
        const holders = await server.deps.db.select().from(appointments).where(eq(appointments.startTime, after.startTime));
        expect(holders.filter((h) => h.employeeId === w.uid.employee && h.status === 'confirmed').map((h) => h.id)).toEqual([id]);
      }
    }
  });

  it('an employee cannot move another employee’s appointment (403), nor move their own onto another agenda', async () => {
    const sarasOwn = await w.appointment({ client: 'client', employee: 'otherEmployee', start: new Date('2026-01-22T09:00:00Z') });
    const refused = await lucia.post(`/api/booking/reschedule/${sarasOwn}`, {
      professionalId: w.otherEmployeeRecord,
      date: '2026-01-22',
      time: '12:00',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(STAFF_MSG.notOwnAgenda);
    expect((await appointment(sarasOwn)).startTime.toISOString()).toBe('2026-01-22T09:00:00.000Z');
    const luciasOwn = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-22T10:00:00Z') });
    const away = await lucia.post(`/api/booking/reschedule/${luciasOwn}`, {
      professionalId: w.otherEmployeeRecord,
      date: '2026-01-22',
      time: '12:00',
    });
    expect(away.status).toBe(403);
    const mine = await lucia.post(`/api/booking/reschedule/${luciasOwn}`, {
      professionalId: w.employeeRecord,
      date: '2026-01-22',
      time: '12:00',
    });
    expect(mine.status).toBe(200);
    expect(
      (
        await sara.post(`/api/booking/reschedule/${luciasOwn}`, {
          professionalId: w.otherEmployeeRecord,
          date: '2026-01-22',
          time: '13:00',
        })
      ).status,
    ).toBe(403);
  });

  it('a client moves their own appointment; another client’s is 404; inside the policy window 409 with the text', async () => {
    const own = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-23T09:00:00Z') });
    const other = await elena.post(`/api/booking/reschedule/${own}`, {
      professionalId: w.employeeRecord,
      date: '2026-01-23',
      time: '12:00',
    });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(STAFF_MSG.appointmentNotFound);
    expect((await elena.get(`/api/booking/reschedule/${own}/slots?professionalId=${w.employeeRecord}&date=2026-01-23`)).status).toBe(404);

    const moved = await marta.post(`/api/booking/reschedule/${own}`, {
      professionalId: w.employeeRecord,
      date: '2026-01-23',
      time: '12:00',
    });
    expect(moved.status).toBe(200);
    const audit = await admin.get(`/api/front-desk/appointments/${own}/changes`);
    expect(audit.body.changes[0]).toMatchObject({ changedByRole: 'client', changedByName: 'Marta García' });
    // Another employee reads no audit of an agenda that is not theirs.
    expect((await sara.get(`/api/front-desk/appointments/${own}/changes`)).status).toBe(404);

    // Tomorrow at 10:00 Madrid is less than 24 h away.
    const soon = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-15T09:00:00Z') });
    const late = await marta.post(`/api/booking/reschedule/${soon}`, {
      professionalId: w.employeeRecord,
      date: '2026-01-23',
      time: '15:00',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(STAFF_MSG.rescheduleTooLate(24));
    expect(late.body.error.message).toBe(
      'Lo sentimos, no puedes cambiar la hora de esta cita. La política del salón requiere al menos 24 horas de antelación.',
    );
    expect((await appointment(soon)).startTime.toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });

  it('a cancelled appointment does not move (409)', async () => {
    const gone = await w.appointment({
      client: 'client',
      employee: 'employee',
      start: new Date('2026-01-24T09:00:00Z'),
      status: 'cancelled_by_client',
    });
    const res = await admin.post(`/api/booking/reschedule/${gone}`, {
      professionalId: w.employeeRecord,
      date: '2026-01-24',
      time: '12:00',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MSG.rescheduleNotAllowed);
  });
});

describe('email verification and the client record', () => {
  it('a new account gets a Spanish verification mail; only once verified does the salon’s record (and its history) become theirs', async () => {
    const email = 'nueva.clienta@correo.test';
    const c = await createClient(admin, { name: 'Nueva Clienta', email, notes: SECRET_NOTE });
    const booked = await staffBook(admin, { clientId: c.id, date: FRIDAY, time: '16:00' });
    expect(booked.status).toBe(201);

    const s = await signUp(server.url, { email, password: WORLD_PASSWORD, name: 'Nueva' }, freshIp());
    const m = await mail.waitFor(email, { match: (x) => x.subject === STAFF_MSG.emailVerifySubject });
    expect(m.text).toMatch(/^Hola Nueva:/);
    // Unverified: booking works, but nothing is attached.
    expect((await s.get('/api/my-appointments')).body.appointments).toEqual([]);
    const [still] = await server.deps.db.select().from(clients).where(eq(clients.id, c.id));
    expect(still!.userId).toBeNull();
    const own = await s.post('/api/booking', {
      serviceId: w.serviceId,
      professionalId: w.otherEmployeeRecord,
      date: FRIDAY,
      time: '17:00',
    });
    expect(own.status).toBe(201);

    const link = firstLink(m.text)!;
    expect(link.startsWith(`${server.url}/api/auth/verify-email?`)).toBe(true);
    const follow = await newSession(server.url, freshIp()).get(link);
    expect(follow.status).toBeGreaterThanOrEqual(300);
    expect(follow.status).toBeLessThan(400);
    expect(new URL(follow.headers.get('location')!, server.url).pathname).toBe('/email-verificado');

    const mine = await s.get('/api/my-appointments');
    expect(mine.body.appointments.map((a: { id: string }) => a.id).sort()).toEqual(
      [booked.body.appointment.id, own.body.appointment.id].sort(),
    );
    // One record: the staff's one, now the account's, with the online booking merged into it.
    const records = await server.deps.db.select().from(clients).where(eq(clients.email, email));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: c.id, notes: SECRET_NOTE });
    expect(records[0]!.userId).not.toBeNull();
    const page = await admin.get(`/api/front-desk/clients/${c.id}`);
    expect(page.body.upcoming).toHaveLength(2);
    expect(page.body.client.hasAccount).toBe(true);
  });

  it('a broken verification link lands on the app’s page with the error, and attaches nothing', async () => {
    const res = await newSession(server.url, freshIp()).get(
      `/api/auth/verify-email?token=roto&callbackURL=${encodeURIComponent('/email-verificado')}`,
    );
    expect(res.status).toBeGreaterThanOrEqual(300);
    const to = new URL(res.headers.get('location')!, server.url);
    expect(to.pathname).toBe('/email-verificado');
    expect(to.searchParams.get('error')).toBeTruthy();
  });

  it('a record made with the email of an already verified account is theirs at once, once the staff confirm it (ADR 033)', async () => {
    const email = 'verificada@correo.test';
    const s = await signUp(server.url, { email, password: WORLD_PASSWORD, name: 'Vera' }, freshIp());
    const m = await mail.waitFor(email, { match: (x) => x.subject === STAFF_MSG.emailVerifySubject });
    await newSession(server.url, freshIp()).get(firstLink(m.text)!);
    const unconfirmed = await admin.post('/api/front-desk/clients', { name: 'Vera Ruiz', phone: newPhone(), email });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toEqual({ code: 'attach_confirm', message: STAFF_MSG.clientAttachConfirm });
    const c = await createClient(admin, { name: 'Vera Ruiz', email, confirmAttach: true });
    expect(c.hasAccount).toBe(true);
    const booked = await staffBook(admin, { clientId: c.id, date: FRIDAY, time: '18:00' });
    const mine = await s.get('/api/my-appointments');
    expect(mine.body.appointments.map((a: { id: string }) => a.id)).toEqual([booked.body.appointment.id]);
  });
});

describe('private notes', () => {
  // Every route a client may call (everything but the staff's): none may carry the staff notes.
  // The calendar feed (ADR 022) is a professional's own agenda; my-time-off (ADR 024) is an employee's;
  // bonos, gift cards and payments (ADR 037-039) are the desk's; the Informes (ADR 042) the admin's.
  const STAFF_ONLY =
    /^(GET|POST|PUT|PATCH|DELETE) \/api\/(admin|agenda|front-desk|my-time-off|blocks|bonos|gift-cards|payments|reports|cash-close)\b|^POST \/api\/booking\/(staff|squeeze|visits\/staff)$|^(GET|POST) \/api\/messages\/(failed|calendar-feed|calendar\.ics)$|^POST \/api\/email-verification\/resend-for-account$|^GET \/api\/consents\/appointments\/:id\/documents$|^(GET|POST) \/api\/messaging\/(tomorrow|appointments\/:id\/(whatsapp|reminder-sent)|clients\/:id\/whatsapp)$|^GET \/api\/settings\/discounts$|^(GET|POST|DELETE) \/api\/waiting-list\/(day|entries)\b|^(GET|POST) \/api\/kiosk\b/;
  // Meta's and Twilio's signed notifications (ADR 055, 056): they answer those services, never a client, and carry no salon data.
  const PROVIDERS_ONLY = /^(GET|POST) \/api\/webhooks\//;

  it('never appear in any client-facing response', async () => {
    const email = w.email.client;
    // Marta's own record (made by her bookings) gets private notes; and one appointment to act on.
    const mine = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-28T09:00:00Z') });
    const toCancel = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-01-28T11:00:00Z') });
    await server.deps.db
      .insert(clients)
      .values({ name: 'Marta', email, userId: w.uid.client, notes: SECRET_NOTE })
      .onConflictDoUpdate({ target: clients.userId, set: { notes: SECRET_NOTE } });
    const [rec] = await server.deps.db.select().from(clients).where(eq(clients.userId, w.uid.client));
    await server.deps.db.update(appointments).set({ clientRecordId: rec!.id }).where(eq(appointments.clientId, w.uid.client));

    const template = await admin.post('/api/admin/consent-templates', { title: 'Consentimiento', body: 'Texto.', questions: [], validity: { kind: 'visit' }, serviceIds: [w.serviceId] });
    expect(template.status).toBe(201);
    const consentToken = () => consentSignToken(server.deps.messageSecret, mine);
    // Signed for the visit as it stands now (a move raises its message sequence, the link's version).
    const visitLink = async () => {
      const [a] = await server.deps.db.select({ v: appointments.messageSequence }).from(appointments).where(eq(appointments.id, mine));
      return encodeURIComponent(visitToken(server.deps.messageSecret, { appointmentId: mine, version: a!.v }));
    };
    let signedDoc = '';
    let second: string | undefined;
    const secondService = async () => {
      if (second) return second;
      const [row] = await server.deps.db.insert(services).values({ name: 'Segunda parte', duration: 30, price: 15 }).returning({ id: services.id });
      await server.deps.db.insert(employeeServices).values({ employeeId: w.employeeRecord, serviceId: row!.id });
      return (second = row!.id);
    };
    // A time told to her from the waiting list: its signed link (what the message carries).
    const offerLink = async (start: string) =>
      encodeURIComponent(await toldOffer(server, { clientRecord: rec!.id, serviceId: w.serviceId, employeeRecord: w.employeeRecord, start: new Date(start) }));
    const calls: Record<string, () => Promise<{ status: number; body: unknown }>> = {
      'GET /api/health': () => marta.get('/api/health'),
      'GET /api/health/ready': () => marta.get('/api/health/ready'),
      // ADR 057: her visit's confirm/cancel link (no sign-in), and her own phone and channel.
      'GET /api/messaging/visit': async () => marta.get(`/api/messaging/visit?token=${await visitLink()}`),
      'POST /api/messaging/visit/confirm': async () => marta.post(`/api/messaging/visit/confirm?token=${await visitLink()}`),
      'GET /api/my-account/contact': () => marta.get('/api/my-account/contact'),
      'PUT /api/my-account/contact': () => marta.put('/api/my-account/contact', { phone: '612 34 56 78', messageChannel: 'whatsapp' }),
      'POST /api/my-account/phone-note/dismiss': () => marta.post('/api/my-account/phone-note/dismiss'),
      'GET /api/me': () => marta.get('/api/me'),
      'GET /api/auth/*': () => marta.get('/api/auth/get-session'),
      'POST /api/auth/*': () => marta.post('/api/auth/update-user', { image: null }),
      'GET /api/events': async () => {
        const ctrl = new AbortController();
        const res = await fetch(`${server.url}/api/events`, {
          headers: { cookie: [...marta.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          signal: ctrl.signal,
        });
        const reader = res.body!.getReader();
        const first = await reader.read();
        ctrl.abort();
        return { status: res.status, body: new TextDecoder().decode(first.value) };
      },
      'GET /api/catalog/services': () => marta.get('/api/catalog/services'),
      'GET /api/catalog/services/:serviceId': () => marta.get(`/api/catalog/services/${w.serviceId}`),
      'GET /api/catalog/services/:serviceId/professionals': () => marta.get(`/api/catalog/services/${w.serviceId}/professionals`),
      'GET /api/booking/slots': () =>
        marta.get(`/api/booking/slots?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&date=2026-01-28`),
      'POST /api/booking': () =>
        marta.post('/api/booking', { serviceId: w.serviceId, professionalId: w.employeeRecord, date: '2026-01-28', time: '15:00' }),
      'GET /api/my-appointments': () => marta.get('/api/my-appointments'),
      'POST /api/my-appointments/:id/cancel': () => marta.post(`/api/my-appointments/${toCancel}/cancel`),
      'GET /api/booking/reschedule/:id/slots': () =>
        marta.get(`/api/booking/reschedule/${mine}/slots?professionalId=${w.employeeRecord}&date=2026-01-28`),
      'POST /api/booking/reschedule/:id': () =>
        marta.post(`/api/booking/reschedule/${mine}`, { professionalId: w.employeeRecord, date: '2026-01-28', time: '16:00' }),
      'GET /api/booking/closed-days': () =>
        marta.get(`/api/booking/closed-days?professionalId=${w.employeeRecord}&from=2026-01-01&to=2026-01-31`),
      'GET /api/messages/preferences': () => marta.get('/api/messages/preferences'),
      'PUT /api/messages/preferences': () => marta.put('/api/messages/preferences', { reminders: true }),
      'GET /api/messages/stop-reminders': () =>
        marta.get(`/api/messages/stop-reminders?token=${stopRemindersToken(server.deps.messageSecret, w.uid.client)}`),
      'POST /api/messages/stop-reminders': () =>
        marta.post(`/api/messages/stop-reminders?token=${stopRemindersToken(server.deps.messageSecret, w.uid.client)}`),
      'GET /api/email-verification': () => marta.get('/api/email-verification'),
      'POST /api/email-verification/resend': () => marta.post('/api/email-verification/resend'),
      'GET /api/my-account/export': () => marta.get('/api/my-account/export'),
      // ADR 037: her bonos (the staff's /api/bonos routes are staff-only, above).
      'GET /api/my-bonos': () => marta.get('/api/my-bonos'),
      'GET /api/privacy': () => marta.get('/api/privacy'),
      // ADR 041: signing her consent by its link, then reading it (her own documents carry no staff note).
      'GET /api/consents/link': async () => {
        // Her mailed link: /firma/<token> puts the token in a cookie (ADR 051).
        await marta.get(`/firma/${consentToken()}`);
        return marta.get('/api/consents/link');
      },
      'POST /api/consents/link': async () => {
        const form = await marta.get('/api/consents/link');
        const res = await marta.post('/api/consents/link', {
          appointmentId: mine,
          templateVersionId: form.body.pending[0].templateVersionId,
          answers: [],
          healthDataConsent: true,
          signerName: 'Marta',
          signature: signatureDataUrl(),
        });
        signedDoc = res.body.documentId;
        return res;
      },
      'GET /api/consents/documents/:id': () => marta.get(`/api/consents/documents/${signedDoc}`),
      'GET /api/consents/documents/:id/pdf': () => marta.get(`/api/consents/documents/${signedDoc}/pdf`),
      'GET /api/consents/link/documents/:documentId/pdf': () => marta.get(`/api/consents/link/documents/${signedDoc}/pdf`),
      'GET /api/my-account/consents': () => marta.get('/api/my-account/consents'),
      // Late: her link cancels the visit the other checks used (outside the policy window).
      'POST /api/messaging/visit/cancel': async () => marta.post(`/api/messaging/visit/cancel?token=${await visitLink()}`),
      // The month map, the public page and its free times (ADRs 061, 078, 079).
      'GET /api/booking/month': () => marta.get(`/api/booking/month?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&month=2026-01`),
      'GET /api/public-page': () => marta.get('/api/public-page'),
      'GET /api/booking/public/slots': () =>
        marta.get(`/api/booking/public/slots?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&date=2026-01-29`),
      'GET /api/booking/public/month': () =>
        marta.get(`/api/booking/public/month?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&month=2026-01`),
      // A visit of two services back to back (ADR 081).
      'GET /api/booking/visits/slots': async () =>
        marta.get(`/api/booking/visits/slots?services=${w.serviceId},${await secondService()}&professionals=${w.employeeRecord},${w.employeeRecord}&mode=sequence&date=2026-01-29`),
      'POST /api/booking/visits': async () =>
        marta.post('/api/booking/visits', {
          parts: [
            { serviceId: w.serviceId, professionalId: w.employeeRecord },
            { serviceId: await secondService(), professionalId: w.employeeRecord },
          ],
          mode: 'sequence',
          date: '2026-01-29',
          time: '10:00',
        }),
      // The same visit's times for anyone, on the public page (ADR 105).
      'GET /api/booking/public/visits/slots': async () =>
        marta.get(`/api/booking/public/visits/slots?services=${w.serviceId},${await secondService()}&professionals=${w.employeeRecord},${w.employeeRecord}&mode=sequence&date=2026-01-29`),
      // Her waiting list, and a time offered to her by its signed link (ADRs 070-072).
      'POST /api/waiting-list/mine': () =>
        marta.post('/api/waiting-list/mine', { serviceId: w.serviceId, professionalId: null, fromDate: '2026-01-30', toDate: '2026-01-30', partOfDay: 'any' }),
      'GET /api/waiting-list/mine': () => marta.get('/api/waiting-list/mine'),
      'DELETE /api/waiting-list/mine/:id': async () => {
        const made = await marta.post('/api/waiting-list/mine', { serviceId: w.serviceId, professionalId: null, fromDate: '2026-02-02', toDate: '2026-02-02', partOfDay: 'any' });
        return marta.delete(`/api/waiting-list/mine/${(made.body as { entry?: { id: string }; id?: string }).entry?.id ?? (made.body as { id: string }).id}`);
      },
      'GET /api/waiting-list/offer': async () => marta.get(`/api/waiting-list/offer?token=${await offerLink('2026-01-30T15:00:00Z')}`),
      'POST /api/waiting-list/offer/book': async () => marta.post(`/api/waiting-list/offer/book?token=${await offerLink('2026-01-30T16:00:00Z')}`),
      'POST /api/waiting-list/offer/withdraw': async () => marta.post(`/api/waiting-list/offer/withdraw?token=${await offerLink('2026-01-30T17:00:00Z')}`),
      // Last: a throwaway client deletes their own account (the answer is about them, never the salon's notes).
      'POST /api/my-account/delete': async () => {
        const gone = await signUp(server.url, { email: 'baja@privado.test', password: WORLD_PASSWORD }, freshIp());
        return gone.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
      },
    };
    const clientRoutes = apiRouteKeysOf(server.deps).filter((r) => !STAFF_ONLY.test(r) && !PROVIDERS_ONLY.test(r));
    expect(
      clientRoutes.filter((r) => !(r in calls)),
      'client routes without a check here',
    ).toEqual([]);
    for (const [route, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expect(JSON.stringify(res.body), route).not.toContain('NOTA-PRIVADA');
      expect(JSON.stringify(res.body), route).not.toContain('látex');
    }
    // The staff do see them.
    expect(JSON.stringify((await admin.get(`/api/front-desk/clients/${rec!.id}`)).body)).toContain('NOTA-PRIVADA');
  });
});
