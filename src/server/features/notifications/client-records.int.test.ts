import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonSettings } from '../../db/schema';
import { relayOutbox } from '../../notifications/relay';
import { signIn, signUp, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../../test/support/mail-catcher';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { madrid, nextWeekday, spanishDay } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// The front desk's most common case: a client record with a name, a phone and an email but no
// account, booked by the staff. She gets every message a client with an account gets, through the
// real queue to the real SMTP server; her stop-reminders link works on the record, and the record
// shows it. Beside her: a record with an account, a phone-only record, a deleted account's record.
// The stop link's GET only shows a page: the POST (the page's button, or the RFC 8058 one-click
// POST from the mail provider) is what stops reminders.
// "Now" is the next Wednesday, 11:00 Madrid; Friday 10:00 is more than 24 h away (a reminder).
// The queue runs on the real clock, behind the server's (test/support/clock-days.ts): its jobs
// wait until the test makes them due.

const WEDNESDAY = nextWeekday(3);
const NOW = madrid(WEDNESDAY, '11:00');
const FRIDAY = addDays(WEDNESDAY, 2);
const SATURDAY = addDays(WEDNESDAY, 3);

let server: TestServer;
let mail: MailCatcher;
let w: World;
let admin: Session;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  w = await arrangeWorld(server, 'sincuenta');
  admin = w.sessions.admin;
  await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

let phoneSeq = 0;
const newPhone = () => `6${String(20_000_000 + ++phoneSeq * 7919).padStart(8, '0')}`;

async function createRecord(body: Record<string, unknown>) {
  const res = await admin.post('/api/front-desk/clients', { phone: newPhone(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client as { id: string; hasAccount: boolean };
}

async function staffBook(clientId: string, date: string, time: string) {
  const res = await admin.post('/api/booking/staff', { serviceId: w.serviceId, professionalId: w.employeeRecord, clientId, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

const byKey = (key: string) => mail.mails.filter((m) => m.headers['x-auna-message-key'] === key);
const waitKey = (to: string, key: string) => mail.waitFor(to, { match: (m) => m.headers['x-auna-message-key'] === key, timeout: 15_000 });
const settle = () => sleep(1_500);

/** The queue runs on the real clock, behind the test's "now": relay, then make the reminder due now. */
async function runReminderNow(id: string) {
  await expect.poll(() => relayOutbox(server.deps.db), { timeout: 2000 }).toBe(true);
  const res = await server.deps.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`reminder:${id}`}`);
  expect(res.rowCount, 'a reminder job waits').toBe(1);
}

/** The outcome row of a message, once its job ran. */
async function outcomeOf(key: string) {
  let outcome: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await server.deps.db.execute<{ outcome: string }>(sql`SELECT outcome FROM sent_messages WHERE key = ${key}`);
        outcome = res.rows[0]?.outcome;
        return outcome;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return outcome;
}

/** Message jobs of this appointment that failed (a crash on every retry shows here). */
async function failedJobsOf(id: string) {
  const res = await server.deps.db.execute<{ key: string; last_error: string }>(
    sql`SELECT key, last_error FROM graphile_worker._private_jobs WHERE key LIKE ${`%${id}%`} AND last_error IS NOT NULL`,
  );
  return res.rows;
}

const stopLinkOf = (m: CaughtMail) => /No quiero recibir recordatorios: (\S+)/.exec(m.text)?.[1];

/** What a mail provider sends for RFC 8058: a form POST, no cookie, no Origin. */
const oneClick = (link: string) =>
  fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

const recordPage = async (id: string) => {
  const res = await admin.get(`/api/front-desk/clients/${id}`);
  expect(res.status).toBe(200);
  return res.body.client as { remindersStopped: boolean };
};

describe('a client record with an email and no account', () => {
  it('gets the confirmation, the reminder, the move and the cancellation, each once, with the one-click headers', async () => {
    const c = await createRecord({ name: 'Carmen Vidal', email: 'carmen.vidal@correo.test' });
    expect(c.hasAccount).toBe(false);
    const id = await staffBook(c.id, FRIDAY, '10:00');

    const confirmation = await waitKey('carmen.vidal@correo.test', `confirmation:client:${id}:0`);
    expect(confirmation.subject).toBe(`Cita confirmada: Corte y peinado, ${spanishDay(FRIDAY)} a las 10:00`);
    expect(confirmation.text).toContain('Hola Carmen Vidal: tu cita en Auna está confirmada.');
    expect(confirmation.calendar).toContain('METHOD:REQUEST');
    expect(confirmation.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/messages\/stop-reminders\?token=[^>]+>$/);
    expect(confirmation.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(`<${stopLinkOf(confirmation)}>`).toBe(confirmation.headers['list-unsubscribe']);

    await runReminderNow(id);
    const reminder = await waitKey('carmen.vidal@correo.test', `reminder:client:${id}:0`);
    expect(reminder.subject).toBe(`Recordatorio: tu cita mañana, ${spanishDay(FRIDAY)} a las 10:00`);
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const moved = await admin.post(`/api/booking/reschedule/${id}`, { professionalId: w.employeeRecord, date: FRIDAY, time: '12:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const move = await waitKey('carmen.vidal@correo.test', `rescheduled:client:${id}:1`);
    expect(move.subject).toBe(`Tu cita ha cambiado: Corte y peinado, ahora ${spanishDay(FRIDAY)} a las 12:00`);

    const cancelled = await admin.patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancellation = await waitKey('carmen.vidal@correo.test', `cancellation:client:${id}:1`);
    expect(cancellation.text).toContain('el salón Auna ha cancelado tu cita.');
    expect(cancellation.calendar).toContain('METHOD:CANCEL');

    await settle();
    for (const key of [
      `confirmation:client:${id}:0`,
      `reminder:client:${id}:0`,
      `rescheduled:client:${id}:1`,
      `cancellation:client:${id}:1`,
    ]) {
      expect(byKey(key), key).toHaveLength(1);
    }
    expect(await failedJobsOf(id)).toEqual([]);
  });

  it('her stop link: GET (twice, as a link scanner would) changes nothing; the one-click POST stops them on the record, and the record shows it', async () => {
    const c = await createRecord({ name: 'Rosa Prieto', email: 'rosa.prieto@correo.test' });
    const id = await staffBook(c.id, FRIDAY, '11:00');
    const link = stopLinkOf(await waitKey('rosa.prieto@correo.test', `confirmation:client:${id}:0`))!;
    expect(link).toBeDefined();

    for (let i = 0; i < 2; i++) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain(STAFF_MSG.stopRemindersQuestion);
      expect(html).toMatch(/<form method="post"[^>]*>/);
      expect(html).toContain(STAFF_MSG.stopRemindersButton);
    }
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: false });

    const res = await oneClick(link);
    expect(res.status).toBe(200);
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: true });
    expect(STAFF_MSG.remindersStoppedByClient).toBe('Recordatorios desactivados por la clienta');

    // Repeated and concurrent POSTs (a provider retrying) are all fine and change nothing more.
    const again = await Promise.all([oneClick(link), oneClick(link)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);

    await runReminderNow(id);
    await settle();
    await settle();
    expect(byKey(`reminder:client:${id}:0`)).toHaveLength(0);
    // Confirmations of what the salon does are still sent (ADR 022): a move reaches her.
    const moved = await admin.post(`/api/booking/reschedule/${id}`, { professionalId: w.employeeRecord, date: SATURDAY, time: '11:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await waitKey('rosa.prieto@correo.test', `rescheduled:client:${id}:1`);
  });

  it("the page's own button (a browser form POST) answers a Spanish confirmation page for a record without account", async () => {
    const c = await createRecord({ name: 'Nuria Gil', email: 'nuria.gil@correo.test' });
    const id = await staffBook(c.id, SATURDAY, '10:00');
    const link = stopLinkOf(await waitKey('nuria.gil@correo.test', `confirmation:client:${id}:0`))!;
    const origin = new URL(link).origin;
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(STAFF_MSG.stopRemindersDoneNoAccount);
    expect(html).not.toContain('<form');
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: true });
  });
});

describe('the one-click POST in every shape a provider sends it', () => {
  it("form-encoded, multipart (RFC 8058's example), JSON or empty: each stops them; a forged token is refused and changes nothing", async () => {
    const c = await createRecord({ name: 'Lola Ruiz', email: 'lola.ruiz@correo.test' });
    const id = await staffBook(c.id, SATURDAY, '16:00');
    const link = stopLinkOf(await waitKey('lola.ruiz@correo.test', `confirmation:client:${id}:0`))!;
    const boundary = 'auna-test-boundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const forged = await fetch(link.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error).toEqual({ code: 'invalid_link', message: STAFF_MSG.stopRemindersInvalidLink });
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: false });
    for (const init of [
      { body: multipart, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
      { body: '{}', headers: { 'content-type': 'application/json' } },
      { body: '' },
    ]) {
      const res = await fetch(link, { method: 'POST', ...init });
      expect(res.status, JSON.stringify(init.headers)).toBe(200);
      expect(await res.json()).toEqual({ reminders: false });
      expect(await recordPage(c.id)).toMatchObject({ remindersStopped: true });
      await server.deps.db.execute(sql`UPDATE clients SET reminders_stopped_at = NULL WHERE id = ${c.id}::uuid`);
    }
  });
});

describe('a record whose client opens an account later', () => {
  it('reminders she stopped on the record stay stopped on the account, until she turns them on in Mis Citas', async () => {
    const c = await createRecord({ name: 'Inés Mora', email: 'ines.mora@correo.test' });
    const id = await staffBook(c.id, SATURDAY, '17:00');
    const link = stopLinkOf(await waitKey('ines.mora@correo.test', `confirmation:client:${id}:0`))!;
    expect((await oneClick(link)).status).toBe(200);
    await signUp(server.url, { email: 'ines.mora@correo.test', password: WORLD_PASSWORD, name: 'Inés Mora' }, freshIp());
    await server.deps.db.execute(sql`UPDATE "user" SET email_verified = true WHERE email = 'ines.mora@correo.test'`);
    const ines = await signIn(server.url, { email: 'ines.mora@correo.test', password: WORLD_PASSWORD }, freshIp());
    expect((await admin.get(`/api/front-desk/clients/${c.id}`)).body.client).toMatchObject({ hasAccount: true, remindersStopped: true });
    expect((await ines.get('/api/messages/preferences')).body).toEqual({ reminders: false });
    // The old link still works (on the record, now hers).
    expect((await oneClick(link)).status).toBe(200);
    expect((await ines.put('/api/messages/preferences', { reminders: true })).body).toEqual({ reminders: true });
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: false });
    expect((await ines.get('/api/messages/preferences')).body).toEqual({ reminders: true });
  });
});

describe('a client with an account', () => {
  it('GET twice changes nothing; the one-click POST stops them; Mis Citas and the record both say so', async () => {
    const booked = await w.sessions.client.post('/api/booking', {
      serviceId: w.serviceId,
      professionalId: w.employeeRecord,
      date: SATURDAY,
      time: '12:00',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookedId = booked.body.appointment.id as string;
    const link = stopLinkOf(await waitKey(w.email.client, `confirmation:client:${bookedId}:0`))!;
    for (let i = 0; i < 2; i++) expect((await fetch(link)).status).toBe(200);
    expect((await w.sessions.client.get('/api/messages/preferences')).body).toEqual({ reminders: true });

    const res = await oneClick(link);
    expect(res.status).toBe(200);
    expect((await w.sessions.client.get('/api/messages/preferences')).body).toEqual({ reminders: false });
    const recordId = (await server.deps.db.execute<{ id: string }>(sql`SELECT id FROM clients WHERE user_id = ${w.uid.client}`)).rows[0]!
      .id;
    expect(await recordPage(recordId)).toMatchObject({ remindersStopped: true });

    // Turned back on in Mis Citas: the record no longer says stopped.
    expect((await w.sessions.client.put('/api/messages/preferences', { reminders: true })).body).toEqual({ reminders: true });
    expect(await recordPage(recordId)).toMatchObject({ remindersStopped: false });
  });

  it('a record with an account booked by the staff: the mail goes to the account, its link works on the account', async () => {
    const elenaRecord = (
      await server.deps.db.execute<{ id: string }>(
        sql`INSERT INTO clients (name, email, phone, user_id) VALUES ('Elena Torres', ${w.email.otherClient}, '+34611222333', ${w.uid.otherClient}) RETURNING id`,
      )
    ).rows[0]!.id;
    const id = await staffBook(elenaRecord, FRIDAY, '16:00');
    const m = await waitKey(w.email.otherClient, `confirmation:client:${id}:0`);
    expect((await oneClick(stopLinkOf(m)!)).status).toBe(200);
    expect((await w.sessions.otherClient.get('/api/messages/preferences')).body).toEqual({ reminders: false });
    expect(await failedJobsOf(id)).toEqual([]);
  });
});

describe('nothing to send, and no crash', () => {
  it('a phone-only record: no mail, the row says no_email, the job completes', async () => {
    const c = await createRecord({ name: 'Pilar Sanz' });
    const id = await staffBook(c.id, FRIDAY, '17:00');
    await waitKey(w.email.employee, `confirmation:professional:${id}:0`);
    expect(await outcomeOf(`confirmation:client:${id}:0`)).toBe('no_email');
    await runReminderNow(id);
    expect(await outcomeOf(`reminder:client:${id}:0`)).toBe('no_email');
    expect(await failedJobsOf(id)).toEqual([]);
    expect(await recordPage(c.id)).toMatchObject({ remindersStopped: false });
  });

  it('a deleted account: its cancellation finds no address, the job completes, and its old stop link changes nothing', async () => {
    const gone = await signUp(server.url, { email: 'baja@sincuenta.test', password: WORLD_PASSWORD, name: 'Baja' }, freshIp());
    const booked = await gone.post('/api/booking', {
      serviceId: w.serviceId,
      professionalId: w.employeeRecord,
      date: SATURDAY,
      time: '15:00',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.appointment.id as string;
    const link = stopLinkOf(await waitKey('baja@sincuenta.test', `confirmation:client:${id}:0`))!;
    const del = await gone.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await waitKey(w.email.employee, `cancellation:professional:${id}:0`);
    expect(await outcomeOf(`cancellation:client:${id}:0`)).toBe('no_email');
    expect(await failedJobsOf(id)).toEqual([]);
    const res = await oneClick(link);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(STAFF_MSG.stopRemindersInvalidLink);
  });
});
