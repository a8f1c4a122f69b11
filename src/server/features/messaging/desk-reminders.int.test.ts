import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import { appointments, salonSettings } from '../../db/schema';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { arrangeWorld, freshIp, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { visitToken } from '../../notifications/tokens';

// Day one for a small salon, no provider at all (ADR 057): "Recordatorios de mañana" gives each
// visit a wa.me link prefilled with the reminder and her confirm/cancel link; the tap marks
// "Recordatorio enviado"; the link's page confirms (the day view and the agenda show it) or cancels
// as hers under the policy (the time is free again, the professional is told).
// "Now" is Tuesday 2026-01-13, 10:00 in Madrid; tomorrow is Wednesday the 14th.

const NOW = new Date('2026-01-13T09:00:00Z');
const TOMORROW = '2026-01-14';
const NOTE = 'Alergia al látex';

let server: TestServer;
let mail: MailCatcher;
let w: World;
let admin: Session;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  w = await arrangeWorld(server, 'recordatorios');
  admin = w.sessions.admin;
  await server.deps.db.update(salonSettings).set({ name: 'Auna Estética', phoneNumber: '953 12 34 56' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

async function deskClient(name: string, phone: string, email: string | null = null) {
  const res = await admin.post('/api/front-desk/clients', { name, phone, email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

async function book(clientId: string, time: string, date = TOMORROW) {
  const res = await admin.post('/api/booking/staff', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, date, time, notes: NOTE });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

const visitOf = async (s: Session, id: string) => (await s.get('/api/messaging/tomorrow')).body.visits.find((v: { appointmentId: string }) => v.appointmentId === id);
const linkIn = (waUrl: string) => /(http:\/\/\S+\/api\/messaging\/visit\?token=\S+)$/.exec(new URL(waUrl).searchParams.get('text') ?? '')![1]!;
const html = { accept: 'text/html' };

describe('Recordatorios de mañana', () => {
  let mobileVisit: string;
  let landlineVisit: string;
  let lateVisit: string;
  let laterVisit: string;
  let mobileRecord: string;

  beforeAll(async () => {
    mobileRecord = await deskClient('María José Ruiz', '612 34 56 78');
    const landline = await deskClient('Paca Fijo', '953 11 22 33');
    const withEmail = await deskClient('Eva Correo', '699 00 11 22', 'eva.correo@example.com');
    lateVisit = await book(mobileRecord, '09:30'); // 23.5 hours away: inside the 24-hour policy
    mobileVisit = await book(mobileRecord, '12:00');
    landlineVisit = await book(landline, '16:00');
    laterVisit = await book(withEmail, '17:00');
    await book(mobileRecord, '12:00', '2026-01-15'); // the day after: not on the list
  });

  it('lists tomorrow\'s confirmed visits by time, each with a wa.me link to her mobile, prefilled', async () => {
    const res = await admin.get('/api/messaging/tomorrow');
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(TOMORROW);
    expect(res.body.visits.map((v: { appointmentId: string }) => v.appointmentId)).toEqual([lateVisit, mobileVisit, landlineVisit, laterVisit]);
    const v = await visitOf(admin, mobileVisit);
    expect(v).toMatchObject({ clientName: 'María José Ruiz', phone: '+34612345678', serviceName: 'Corte y peinado', employeeName: 'Lucía Martín', reminderSentAt: null, clientConfirmedAt: null });
    const url = new URL(v.whatsappUrl);
    expect(url.origin + url.pathname).toBe('https://wa.me/34612345678');
    const text = url.searchParams.get('text')!;
    expect(text).toMatch(/^Hola, María: te recordamos tu cita de Corte y peinado en Auna Estética el miércoles, 14 de enero a las 12:00\. Para confirmarla o cancelarla: http:\/\/127\.0\.0\.1:\d+\/api\/messaging\/visit\?token=[\w.-]+$/);
    // No health data: her note never goes into a message.
    expect(text).not.toContain(NOTE);
    // A landline gets no link: the desk calls.
    expect((await visitOf(admin, landlineVisit)).whatsappUrl).toBeNull();
  });

  it('the tap marks "recordatorio enviado", once; the employee sees the same list, a client none of it', async () => {
    const first = await admin.post(`/api/messaging/appointments/${mobileVisit}/reminder-sent`);
    expect(first.status).toBe(200);
    expect(first.body.reminderSentAt).toBe(NOW.toISOString());
    expect(first.body.reminderChannel).toBe('whatsapp_link');
    expect((await admin.post(`/api/messaging/appointments/${mobileVisit}/reminder-sent`)).body.reminderSentAt).toBe(NOW.toISOString());
    const rows = await server.deps.db.execute(sql`SELECT 1 FROM sent_messages WHERE appointment_id = ${mobileVisit}::uuid AND channel = 'whatsapp_link'`);
    expect(rows.rows).toHaveLength(1);
    expect((await visitOf(w.sessions.employee, mobileVisit)).reminderSentAt).toBe(NOW.toISOString());
    expect((await w.sessions.client.get('/api/messaging/tomorrow')).status).toBe(403);
    expect((await w.sessions.anonymous.post(`/api/messaging/appointments/${mobileVisit}/reminder-sent`)).status).toBe(401);
  });

  it('the appointment\'s details and her record give the same link', async () => {
    const list = await visitOf(admin, mobileVisit);
    const one = await admin.get(`/api/messaging/appointments/${mobileVisit}/whatsapp`);
    expect(one.body.whatsappUrl).toBe(list.whatsappUrl);
    const record = await admin.get(`/api/messaging/clients/${mobileRecord}/whatsapp`);
    expect(record.body.visits.find((v: { appointmentId: string }) => v.appointmentId === mobileVisit).whatsappUrl).toBe(list.whatsappUrl);
    expect(record.body.visits).toHaveLength(3);
    expect((await admin.get('/api/messaging/appointments/00000000-0000-4000-8000-000000000000/whatsapp')).status).toBe(404);
    expect((await admin.get('/api/messaging/appointments/no-es-un-id/whatsapp')).status).toBe(404);
  });

  it('her link opens a page without signing in; "Confirmo" shows on the day view and the agenda', async () => {
    const link = linkIn((await visitOf(admin, mobileVisit)).whatsappUrl);
    const visitor = newSession(server.url, freshIp());
    const page = await visitor.get(link.replace(server.url, ''), html);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Corte y peinado');
    expect(page.body).toContain('miércoles, 14 de enero');
    expect(page.body).not.toContain(NOTE);
    // The GET changed nothing.
    expect((await server.deps.db.select({ c: appointments.clientConfirmedAt }).from(appointments).where(eq(appointments.id, mobileVisit)))[0]!.c).toBeNull();

    const confirm = await visitor.post(link.replace(server.url, '').replace('/visit?', '/visit/confirm?'), undefined, html);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain(MESSAGING_MSG.visitConfirmed);
    const day = await admin.get(`/api/front-desk/day?date=${TOMORROW}`);
    expect(day.body.appointments.find((a: { id: string }) => a.id === mobileVisit).clientConfirmedAt).toBe(NOW.toISOString());
    const agenda = await w.sessions.employee.get(`/api/agenda?date=${TOMORROW}`);
    expect(JSON.stringify(agenda.body)).toContain(NOW.toISOString());
    expect((await visitOf(admin, mobileVisit)).clientConfirmedAt).toBe(NOW.toISOString());
  });

  it('"Cancelar cita" inside the policy window: refused, with the salon\'s phone; outside it: cancelled as hers, the time free again', async () => {
    const visitor = newSession(server.url, freshIp());
    const tokenOf = (id: string) => visitToken(server.deps.messageSecret, { appointmentId: id, version: 0 });
    const late = await visitor.post(`/api/messaging/visit/cancel?token=${tokenOf(lateVisit)}`, undefined, html);
    expect(late.body).toContain('La política del salón requiere al menos 24 horas de antelación. Llámanos al 953 12 34 56.');
    expect((await w.statusOf(lateVisit))).toBe('confirmed');

    const slotsOf = async () =>
      (await w.sessions.otherClient.get(`/api/booking/slots?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&date=${TOMORROW}`)).body.slots.map((s: { time: string }) => s.time) as string[];
    expect(await slotsOf()).not.toContain('17:00');
    const json = await visitor.post(`/api/messaging/visit/cancel?token=${tokenOf(laterVisit)}`);
    expect(json.body).toEqual({ answer: 'cancelled' });
    expect(await w.statusOf(laterVisit)).toBe('cancelled_by_client');
    // The professional is told; the time is free for another client.
    await mail.waitFor(w.email.employee, { match: (m) => m.subject.startsWith('Cita cancelada: Corte y peinado') });
    expect(await slotsOf()).toContain('17:00');
    // Again: nothing more to do.
    expect((await visitor.post(`/api/messaging/visit/cancel?token=${tokenOf(laterVisit)}`)).body).toEqual({ answer: 'not_pending' });
  });

  it('a link for another time, another kind or a forged one does nothing', async () => {
    const visitor = newSession(server.url, freshIp());
    const stale = visitToken(server.deps.messageSecret, { appointmentId: lateVisit, version: 1 });
    expect((await visitor.post(`/api/messaging/visit/confirm?token=${stale}`)).body).toEqual({ answer: 'not_pending' });
    const forged = visitToken('otro-secreto', { appointmentId: lateVisit, version: 0 });
    for (const token of [forged, 'x', `${forged}x`, 'a'.repeat(400)]) {
      const res = await visitor.post(`/api/messaging/visit/confirm?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(MESSAGING_MSG.visitLinkInvalid);
      expect((await visitor.get(`/api/messaging/visit?token=${encodeURIComponent(token)}`, html)).status).toBe(404);
    }
    expect((await visitor.get('/api/messaging/visit?token=' + 'a'.repeat(401))).status).toBe(400);
    const [row] = await server.deps.db.select({ c: appointments.clientConfirmedAt, s: appointments.status }).from(appointments).where(eq(appointments.id, lateVisit));
    expect(row).toEqual({ c: null, s: 'confirmed' });
  });
});
