import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonSettings } from '../../db/schema';
import { enqueueAppointmentMessages } from '../../notifications/enqueue';
import { relayOutbox } from '../../notifications/relay';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { spanishDay, springForwardSaturday } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// The messages about an appointment (ADR 021), through the real queue (graphile-worker in the
// server) to the real SMTP server of the tests. "Now" is 11:00 Madrid (CET) on the Saturday before
// the next spring-forward Sunday (always ahead of the real clock the queue runs on:
// test/support/clock-days.ts); the clocks go forward that night, so Monday 10:00 Madrid is 08:00Z (CEST).

const SATURDAY = springForwardSaturday();
const NOW = new Date(`${SATURDAY}T10:00:00Z`);
const [SUNDAY, MONDAY, TUESDAY] = [1, 2, 3].map((n) => addDays(SATURDAY, n)) as [string, string, string];
let server: TestServer;
let mail: MailCatcher;
let salon: Salon;
let marta: Session;
let admin: Session;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  salon = await arrangeSalon(server);
  await server.deps.db
    .insert(salonSettings)
    // Marta books many times here; the per-client cap (ADR 025, src/server/features/booking/booking-limits.int.test.ts) is not what this file is about.
    .values({
      id: 1,
      name: 'Auna <Salón>',
      address: 'Calle Mayor 1, Madrid',
      appointmentTimeSlotInterval: 30,
      cancellationPolicyHours: 0,
      maxFutureAppointmentsPerClient: 50,
    });
  marta = await newClient(server, 'marta@example.com', 'Marta <b>García</b>');
  admin = await newClient(server, 'jefa@salon.test', 'Jefa');
  await promote(server.deps, 'jefa@salon.test', 'admin');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const book = async (date: string, time: string, who = marta) => {
  const res = await who.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
};

const byKey = (key: string) => mail.mails.filter((m) => m.headers['x-auna-message-key'] === key);
const waitKey = async (to: string, key: string) =>
  mail.waitFor(to, { match: (m) => m.headers['x-auna-message-key'] === key, timeout: 15_000 });
/** A little longer than a job takes: a duplicate would have arrived by then. */
const settle = () => sleep(1_500);

function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const ev = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: ev.uid,
    sequence: ev.sequence,
    start: ev.startDate.toJSDate().toISOString(),
    end: ev.endDate.toJSDate().toISOString(),
  };
}

const reminderJob = async (id: string) => {
  // A change writes its messages to the outbox; they are jobs once relayed (ADR 028): relay now
  // (true once no other relay held the lock) instead of waiting for the server's next tick.
  await expect.poll(() => relayOutbox(server.deps.db), { timeout: 2000 }).toBe(true);
  const res = await server.deps.db.execute<{ run_at: Date; payload: { version: number } }>(
    sql`SELECT run_at, payload FROM graphile_worker._private_jobs WHERE key = ${`reminder:${id}`}`,
  );
  return res.rows[0];
};
/** The queue runs on the real clock, behind the test's "now": make the reminder due now. */
const runReminderNow = (id: string) =>
  server.deps.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`reminder:${id}`}`);

describe('booking confirmation', () => {
  let id: string;
  let confirmation: CaughtMail;
  beforeAll(async () => {
    id = await book(MONDAY, '10:00');
    confirmation = await waitKey('marta@example.com', `confirmation:client:${id}:0`);
  });

  it('reaches the client once, in Madrid time across the DST change, with the salon and escaped names', async () => {
    expect(confirmation.subject).toBe(`Cita confirmada: Corte y peinado, ${spanishDay(MONDAY)} a las 10:00`);
    expect(confirmation.text).toContain('Hola Marta <b>García</b>: tu cita en Auna <Salón> está confirmada.');
    expect(confirmation.text).toContain(`Cuándo: ${spanishDay(MONDAY)} a las 10:00 (hora de Madrid), 30 min`);
    expect(confirmation.text).toContain('Salón: Auna <Salón>, Calle Mayor 1, Madrid');
    expect(confirmation.text).toMatch(/Precio: 25,50\s€/);
    expect(confirmation.html).toContain('Marta &lt;b&gt;García&lt;/b&gt;');
    expect(confirmation.html).not.toContain('<b>García');
    const compact = MONDAY.replaceAll('-', '');
    expect(confirmation.text).toMatch(
      new RegExp(
        `Añadir a Google Calendar: https://calendar\\.google\\.com/calendar/render\\?action=TEMPLATE&\\S*dates=${compact}T080000Z%2F${compact}T083000Z`,
      ),
    );
    expect(confirmation.text).toMatch(/No quiero recibir recordatorios: http:\/\/127\.0\.0\.1:\d+\/api\/messages\/stop-reminders\?token=/);
    await settle();
    expect(byKey(`confirmation:client:${id}:0`)).toHaveLength(1);
  });

  it('carries an .ics REQUEST a parser reads back to the same start, end, UID and SEQUENCE', () => {
    expect(confirmation.calendar).toBeDefined();
    expect(parseIcs(confirmation.calendar!)).toEqual({
      method: 'REQUEST',
      uid: `${id}@auna`,
      sequence: 0,
      start: `${MONDAY}T08:00:00.000Z`,
      end: `${MONDAY}T08:30:00.000Z`,
    });
  });

  it('tells the professional once', async () => {
    const notice = await waitKey('lucia@salon.test', `confirmation:professional:${id}:0`);
    expect(notice.subject).toBe(`Nueva cita: Corte y peinado, ${spanishDay(MONDAY)} a las 10:00`);
    expect(notice.text).toContain('Marta <b>García</b> ha reservado una cita contigo.');
    expect(notice.text).not.toContain('marta@example.com');
    await settle();
    expect(byKey(`confirmation:professional:${id}:0`)).toHaveLength(1);
  });

  it('schedules the reminder 24 real hours before (Sunday 10:00 Madrid = 08:00Z), and it arrives once', async () => {
    const job = await reminderJob(id);
    expect(new Date(job!.run_at).toISOString()).toBe(`${SUNDAY}T08:00:00.000Z`);
    await runReminderNow(id);
    const reminder = await waitKey('marta@example.com', `reminder:client:${id}:0`);
    expect(reminder.subject).toBe(`Recordatorio: tu cita mañana, ${spanishDay(MONDAY)} a las 10:00`);
    expect(reminder.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/messages\/stop-reminders\?token=/);
    await settle();
    expect(byKey(`reminder:client:${id}:0`)).toHaveLength(1);
  });
});

describe('no reminder', () => {
  it('for an appointment booked inside the reminder window', async () => {
    const id = await book(SATURDAY, '13:00'); // Saturday 13:00 Madrid, two hours away
    await waitKey('marta@example.com', `confirmation:client:${id}:0`);
    expect(await reminderJob(id)).toBeUndefined();
  });

  it('when the salon turned reminders off (0)', async () => {
    await server.deps.db.update(salonSettings).set({ reminderHours: 0 });
    try {
      const id = await book(TUESDAY, '11:00');
      expect(await reminderJob(id)).toBeUndefined();
    } finally {
      await server.deps.db.update(salonSettings).set({ reminderHours: 24 });
    }
  });
});

describe('cancellation', () => {
  it('by the client: both told once, METHOD:CANCEL with the same UID, and the pending reminder sends nothing', async () => {
    const id = await book(TUESDAY, '09:00');
    expect(await reminderJob(id)).toBeDefined();
    const res = await marta.post(`/api/my-appointments/${id}/cancel`, {});
    expect(res.status).toBe(200);
    const m = await waitKey('marta@example.com', `cancellation:client:${id}:0`);
    expect(m.subject).toBe(`Cita cancelada: Corte y peinado, ${spanishDay(TUESDAY)} a las 09:00`);
    expect(m.text).toContain('has cancelado tu cita en Auna <Salón>.');
    expect(parseIcs(m.calendar!)).toMatchObject({ method: 'CANCEL', uid: `${id}@auna`, sequence: 1, start: `${TUESDAY}T07:00:00.000Z` });
    const p = await waitKey('lucia@salon.test', `cancellation:professional:${id}:0`);
    expect(p.text).toContain('Marta <b>García</b> ha cancelado su cita contigo.');
    // The reminder job went with the cancellation; even a stray one finds it cancelled.
    expect(await reminderJob(id)).toBeUndefined();
    await server.deps.db.execute(
      sql`SELECT graphile_worker.add_job('appointment_message', json_build_object('appointmentId', ${id}::uuid, 'kind', 'reminder', 'recipient', 'client', 'version', 0), job_key := ${`reminder:${id}`})`,
    );
    await sleep(2_500);
    expect(byKey(`reminder:client:${id}:0`)).toHaveLength(0);
    expect(byKey(`cancellation:client:${id}:0`)).toHaveLength(1);
  });

  it('by the salon: the client is told the salon cancelled', async () => {
    const id = await book(TUESDAY, '10:00');
    const res = await admin.patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = await waitKey('marta@example.com', `cancellation:client:${id}:0`);
    expect(m.text).toContain('el salón Auna <Salón> ha cancelado tu cita.');
    const p = await waitKey('lucia@salon.test', `cancellation:professional:${id}:0`);
    expect(p.text).toContain('El salón ha cancelado la cita de Marta <b>García</b> contigo.');
    expect(await reminderJob(id)).toBeUndefined();
  });
});

describe('reschedule (enqueueAppointmentMessages, as the reschedule calls it)', () => {
  it('sends the new time with the same UID and a higher SEQUENCE, and the reminder follows', async () => {
    const id = await book(MONDAY, '11:00');
    await waitKey('marta@example.com', `confirmation:client:${id}:0`);
    expect(new Date((await reminderJob(id))!.run_at).toISOString()).toBe(`${SUNDAY}T09:00:00.000Z`);
    await server.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE appointments SET start_time = ${`${TUESDAY}T12:00:00Z`}::timestamptz, end_time = ${`${TUESDAY}T12:30:00Z`}::timestamptz WHERE id = ${id}::uuid`,
      );
      await enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId: id, now: NOW });
    });
    const m = await waitKey('marta@example.com', `rescheduled:client:${id}:1`);
    expect(m.subject).toBe(`Tu cita ha cambiado: Corte y peinado, ahora ${spanishDay(TUESDAY)} a las 14:00`);
    expect(parseIcs(m.calendar!)).toEqual({
      method: 'REQUEST',
      uid: `${id}@auna`,
      sequence: 1,
      start: `${TUESDAY}T12:00:00.000Z`,
      end: `${TUESDAY}T12:30:00.000Z`,
    });
    await waitKey('lucia@salon.test', `rescheduled:professional:${id}:1`);
    const job = await reminderJob(id);
    expect(new Date(job!.run_at).toISOString()).toBe(`${MONDAY}T12:00:00.000Z`);
    expect(job!.payload.version).toBe(1);
    await runReminderNow(id);
    const r = await waitKey('marta@example.com', `reminder:client:${id}:1`);
    expect(r.subject).toContain(`${spanishDay(TUESDAY)} a las 14:00`);
    await settle();
    expect(byKey(`rescheduled:client:${id}:1`)).toHaveLength(1);
  });

  it('a rolled-back change enqueues nothing', async () => {
    const id = await book(MONDAY, '12:00');
    await expect(
      server.deps.db.transaction(async (tx) => {
        await enqueueAppointmentMessages(tx, { kind: 'rescheduled', appointmentId: id, now: NOW });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await sleep(2_000);
    expect(byKey(`rescheduled:client:${id}:1`)).toHaveLength(0);
  });
});

describe('the client controls reminders', () => {
  it("the link's page asks, its button stops them without a login, Mis Citas turns them back on, and a forged link is refused", async () => {
    const elena = await newClient(server, 'elena@example.com', 'Elena');
    const id = await book(TUESDAY, '12:00', elena);
    const confirmation = await waitKey('elena@example.com', `confirmation:client:${id}:0`);
    const link = /No quiero recibir recordatorios: (\S+)/.exec(confirmation.text)![1]!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(STAFF_MSG.stopRemindersButton);
    // Opening the link (or a mail scanner following it) changes nothing (ADR 029).
    expect((await elena.get('/api/messages/preferences')).body).toEqual({ reminders: true });
    const done = await fetch(link, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(STAFF_MSG.stopRemindersDone);
    expect((await elena.get('/api/messages/preferences')).body).toEqual({ reminders: false });

    await runReminderNow(id);
    await sleep(2_500);
    expect(byKey(`reminder:client:${id}:0`)).toHaveLength(0);

    const forged = await fetch(link.replace(/token=[^.]+/, `token=${Buffer.from('someone-else').toString('base64url')}`));
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe(STAFF_MSG.stopRemindersInvalidLink);

    expect((await elena.put('/api/messages/preferences', { reminders: true })).body).toEqual({ reminders: true });
    expect((await newSession(server.url).get('/api/messages/preferences')).status).toBe(401);
  });
});

describe('a client without an email', () => {
  it('gets nothing, and the row says so', async () => {
    const id = await book(TUESDAY, '15:00');
    await waitKey('marta@example.com', `confirmation:client:${id}:0`);
    await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE appointments SET client_email = '' WHERE id = ${id}::uuid`);
      await enqueueAppointmentMessages(tx, { kind: 'cancellation', appointmentId: id, now: NOW });
    });
    await waitKey('lucia@salon.test', `cancellation:professional:${id}:0`);
    await settle();
    expect(byKey(`cancellation:client:${id}:0`)).toHaveLength(0);
    const rows = await server.deps.db.execute<{ outcome: string }>(
      sql`SELECT outcome FROM sent_messages WHERE key = ${`cancellation:client:${id}:0`}`,
    );
    expect(rows.rows).toEqual([{ outcome: 'no_email' }]);
  });
});

describe('calendar feed', () => {
  it('a secret URL per employee with only what the agenda shows; regenerating kills the old one at once', async () => {
    const id = await book(MONDAY, '15:00');
    await server.deps.db.execute(sql`UPDATE appointments SET notes_client = 'nota privada' WHERE id = ${id}::uuid`);
    expect((await salon.luciaSession.get('/api/messages/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    // the professional is an employee: the role decides who may have a feed
    const first = (await salon.luciaSession.post('/api/messages/calendar-feed', {})).body.url as string;
    expect(first).toMatch(/\/api\/messages\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);
    // shown once (ADR 032): afterwards only that it exists
    expect((await salon.luciaSession.get('/api/messages/calendar-feed')).body).toEqual({ active: true, createdAt: expect.any(String) });
    const res = await fetch(first);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = await res.text();
    expect(text).not.toContain('marta@example.com');
    expect(text).not.toContain('nota privada');
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const ev = events.find((e) => e.uid === `${id}@auna`)!;
    expect(ev.summary).toBe('Corte y peinado · Marta <b>García</b>');
    expect(ev.startDate.toJSDate().toISOString()).toBe(`${MONDAY}T13:00:00.000Z`);
    expect(ev.description).not.toContain('@');

    const second = (await salon.luciaSession.post('/api/messages/calendar-feed', {})).body.url as string;
    expect(second).not.toBe(first);
    const old = await fetch(first);
    expect(old.status).toBe(404);
    expect((await old.json()).error.message).toBe(STAFF_MSG.calendarFeedNotFound);
    expect((await fetch(second)).status).toBe(200);
    // a client has none
    expect((await marta.post('/api/messages/calendar-feed', {})).status).toBe(403);
  });
});

describe('SMTP down', () => {
  it('the message is retried, and the admin sees it failing', async () => {
    const down = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const s = await arrangeSalon(down);
      const ana = await newClient(down, 'ana@example.com', 'Ana');
      const boss = await newClient(down, 'jefa2@salon.test', 'Jefa');
      await promote(down.deps, 'jefa2@salon.test', 'admin');
      const res = await ana.post('/api/booking', { serviceId: s.corte, professionalId: s.lucia, date: MONDAY, time: '10:00' });
      expect(res.status).toBe(201);
      const id = res.body.appointment.id as string;
      let failed: Array<{ key: string; kind: string; attempts: number; lastError: string }> = [];
      for (let i = 0; i < 40 && failed.length < 2; i++) {
        await sleep(250);
        failed = (await boss.get('/api/messages/failed')).body.messages;
      }
      expect(failed.map((m) => m.key).sort()).toEqual([`confirmation:client:${id}:0`, `confirmation:professional:${id}:0`]);
      expect(failed[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(failed[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });
});
