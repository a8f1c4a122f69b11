import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salonSettings } from '../../db/schema';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startMetaGraph, type MetaGraph } from '../../../../test/support/meta-graph';
import { arrangeWorld, freshIp, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { madrid, nextWeekday, spanishDay } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';
import { startTwilio, type Sms, type TwilioStandIn } from '../../../../test/support/twilio';

// SMS through Twilio (ADR 056), against a stand-in for its Messages API that signs its receipts
// (test/support/twilio.ts), beside the WhatsApp stand-in: a client who chose SMS gets her
// confirmation with her one-tap link, which confirms without signing in; receipts are stored only
// when Twilio signed them; a WhatsApp refused falls back to SMS, an undelivered SMS to email.
// "Now" is the next Tuesday, 10:00 in Madrid, ahead of the real clock the queue runs on
// (test/support/clock-days.ts).

const TUESDAY = nextWeekday(2);
const NOW = madrid(TUESDAY, '10:00');
const THURSDAY = addDays(TUESDAY, 2);
const NOTE = 'Alergia al látex';

let server: TestServer;
let mail: MailCatcher;
let meta: MetaGraph;
let twilio: TwilioStandIn;
let w: World;
let admin: Session;

beforeAll(async () => {
  mail = await startMailCatcher();
  meta = await startMetaGraph();
  twilio = await startTwilio();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, ...meta.env, ...twilio.env } });
  meta.deliverTo(`${server.url}/api/webhooks/whatsapp`);
  w = await arrangeWorld(server, 'sms');
  admin = w.sessions.admin;
  await server.deps.db.update(salonSettings).set({ name: 'Auna Estética', phoneNumber: '953 12 34 56' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await meta?.close();
  await mail?.close();
});

async function deskClient(name: string, phone: string, email: string | null, messageChannel: string | null) {
  const res = await admin.post('/api/front-desk/clients', { name, phone, email, messageChannel });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

async function book(clientId: string, time: string) {
  const res = await admin.post('/api/booking/staff', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, date: THURSDAY, time, notes: NOTE });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

/** The SMS, once Twilio accepted it AND our server recorded it (it sends inside that transaction). */
async function smsTo(to: string, match: (m: Sms) => boolean) {
  const m = await twilio.waitFor(to, match, 15_000);
  for (let i = 0; i < 50; i++) {
    if ((await server.deps.db.execute(sql`SELECT 1 FROM sent_messages WHERE provider_id = ${m.sid}`)).rows.length === 1) return m;
    await sleep(100);
  }
  throw new Error(`${m.sid} was sent but never recorded`);
}

const statusOfSms = async (sid: string) =>
  (await server.deps.db.execute<{ delivery_status: string }>(sql`SELECT delivery_status FROM sent_messages WHERE provider_id = ${sid}`)).rows[0]?.delivery_status;

describe('a client who chose SMS', () => {
  const to = '+34612345678';
  let id: string;
  let sms: Sms;
  beforeAll(async () => {
    id = await book(await deskClient('Marisa Mensajes', '612 34 56 78', null, 'sms'), '12:00');
    sms = await smsTo(to, (m) => m.body.includes('12:00'));
  }, 30_000);

  it('gets her confirmation by SMS, with the service, day, time, salon and her link; never her note; not by WhatsApp', async () => {
    expect(sms.body).toMatch(
      new RegExp(
        `^Auna Estética: tu cita de Corte y peinado es el ${spanishDay(THURSDAY, false)} a las 12:00\\. Confirma o cancela aquí: http://127\\.0\\.0\\.1:\\d+/api/messaging/visit\\?token=[\\w.-]+$`,
      ),
    );
    expect(sms.body).not.toContain('látex');
    expect(sms.from).toBe('AunaEstet');
    expect(sms.statusCallback).toBe(`${server.url}/api/webhooks/sms`);
    expect(meta.messages.filter((m) => m.to === '34612345678')).toEqual([]);
    const rows = await server.deps.db.execute(sql`SELECT channel, outcome, sent_to FROM sent_messages WHERE appointment_id = ${id}::uuid AND recipient = 'client'`);
    expect(rows.rows).toEqual([{ channel: 'sms', outcome: 'sent', sent_to: to }]);
  });

  it('stores Twilio\'s signed receipts only: a forged or unsigned one is 401 and changes nothing', async () => {
    expect((await twilio.receipt(sms, 'undelivered', { sign: 'forged' })).status).toBe(401);
    expect((await twilio.receipt(sms, 'failed', { sign: 'none' })).status).toBe(401);
    expect(await statusOfSms(sms.sid)).toBe('sent');
    expect((await twilio.receipt(sms, 'delivered')).status).toBe(204);
    expect(await statusOfSms(sms.sid)).toBe('delivered');
  });

  it('her link confirms without signing in: the day view shows it', async () => {
    const link = /(\/api\/messaging\/visit\?token=[\w.-]+)$/.exec(sms.body)![1]!;
    const visitor = newSession(server.url, freshIp());
    const res = await visitor.post(link.replace('/visit?', '/visit/confirm?'));
    expect(res.body).toEqual({ answer: 'confirmed' });
    const day = await admin.get(`/api/front-desk/day?date=${THURSDAY}`);
    expect(day.body.appointments.find((a: { id: string }) => a.id === id).clientConfirmedAt).toBe(NOW.toISOString());
  });
});

describe('falling back', () => {
  it('a WhatsApp refused for good goes by SMS', async () => {
    meta.refuseNext('34622334455', { status: 400, code: 131026, message: '(#131026) Message undeliverable' });
    const id = await book(await deskClient('Lola Sin WhatsApp', '622 33 44 55', null, null), '16:00');
    const sms = await smsTo('+34622334455', (m) => m.body.includes('16:00'));
    expect(sms.body).toContain(`tu cita de Corte y peinado es el ${spanishDay(THURSDAY, false)} a las 16:00`);
    const rows = await server.deps.db.execute(sql`SELECT key, channel, outcome FROM sent_messages WHERE appointment_id = ${id}::uuid AND recipient = 'client' ORDER BY key`);
    expect(rows.rows).toEqual([
      { key: `confirmation:client:${id}:0`, channel: 'whatsapp', outcome: 'failed' },
      { key: `confirmation:client:${id}:0:sms`, channel: 'sms', outcome: 'sent' },
    ]);
  });

  it('an undelivered SMS goes by email, once', async () => {
    const id = await book(await deskClient('Nuria Correo', '633 44 55 66', 'nuria.sms@example.com', 'sms'), '17:00');
    const sms = await smsTo('+34633445566', (m) => m.body.includes('17:00'));
    expect((await twilio.receipt(sms, 'undelivered', { errorCode: '30003' })).status).toBe(204);
    expect((await twilio.receipt(sms, 'undelivered', { errorCode: '30003' })).status).toBe(204);
    await mail.waitFor('nuria.sms@example.com', { match: (m) => m.headers['x-auna-message-key'] === `confirmation:client:${id}:0:email`, timeout: 15_000 });
    await sleep(1_500);
    expect(mail.mails.filter((m) => m.to.includes('nuria.sms@example.com'))).toHaveLength(1);
    expect(await statusOfSms(sms.sid)).toBe('failed');
  });
});
