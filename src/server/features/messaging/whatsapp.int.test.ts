import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salonSettings } from '../../db/schema';
import { relayOutbox } from '../../notifications/relay';
import { replyPayload } from '../../notifications/tokens';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startMetaGraph, type MetaGraph, type WaMessage } from '../../../../test/support/meta-graph';
import { arrangeWorld, freshIp, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { hoursBefore, madrid, nextWeekday, spanishDay } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// WhatsApp through the Cloud API (ADR 055), against a stand-in for Meta's Graph API that speaks
// its protocol and signs its notifications (test/support/meta-graph.ts): the desk's client with a
// mobile and no email gets her confirmation template and her 24-hour reminder; her buttons confirm
// (the day view shows it) or cancel as hers under the policy (the time is free again at once);
// a forged, unsigned, replayed or borrowed notification changes nothing more than once; a failed
// WhatsApp falls back to her email. "Now" is the next Tuesday, 10:00 in Madrid, ahead of the real
// clock the queue runs on (test/support/clock-days.ts).

const TODAY = nextWeekday(2);
const NOW = madrid(TODAY, '10:00');
const THURSDAY = addDays(TODAY, 2);
const NOTE = 'Embarazada, alergia al látex';

let server: TestServer;
let mail: MailCatcher;
let meta: MetaGraph;
let w: World;
let admin: Session;

beforeAll(async () => {
  mail = await startMailCatcher();
  meta = await startMetaGraph();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, ...meta.env } });
  meta.deliverTo(`${server.url}/api/webhooks/whatsapp`);
  w = await arrangeWorld(server, 'whatsapp');
  admin = w.sessions.admin;
  await server.deps.db.update(salonSettings).set({ name: 'Auna Estética', phoneNumber: '953 12 34 56' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await meta?.close();
  await mail?.close();
});

async function deskClient(name: string, phone: string, email: string | null = null) {
  const res = await admin.post('/api/front-desk/clients', { name, phone, email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

async function book(clientId: string, time: string, date = THURSDAY) {
  const res = await admin.post('/api/booking/staff', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, date, time, notes: NOTE });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}

/**
 * The template of that visit, once Meta accepted it AND our server recorded it: it sends inside the
 * transaction that records it, which commits a moment after Meta's answer (its statuses come later).
 */
async function templateTo(to: string, template: string, day: string, time: string) {
  const m = await meta.waitFor(to, (x) => x.template === template && x.parameters[1] === day && x.parameters[2] === time, 15_000);
  for (let i = 0; i < 50; i++) {
    if ((await server.deps.db.execute(sql`SELECT 1 FROM sent_messages WHERE provider_id = ${m.id}`)).rows.length === 1) return m;
    await sleep(100);
  }
  throw new Error(`${m.id} was sent but never recorded`);
}
const textTo = (to: string, match: (t: string) => boolean) => meta.waitFor(to, (m) => m.type === 'text' && match(m.text ?? ''), 15_000);
const sentTo = (to: string) => meta.messages.filter((m) => m.to === to);
/** A little longer than a job takes: a duplicate would have arrived by then. */
const settle = () => sleep(1_500);

async function rowsOf(id: string) {
  const res = await server.deps.db.execute<{ key: string; channel: string; provider_id: string | null; delivery_status: string | null; outcome: string; sent_to: string | null }>(
    sql`SELECT key, channel, provider_id, delivery_status, outcome, sent_to FROM sent_messages WHERE appointment_id = ${id}::uuid AND recipient = 'client' ORDER BY key`,
  );
  return res.rows;
}

const dayView = async (date: string, id: string) =>
  (await admin.get(`/api/front-desk/day?date=${date}`)).body.appointments.find((a: { id: string }) => a.id === id) as { clientConfirmedAt: string | null; status: string };

const slotsOf = async (date: string) =>
  (await w.sessions.otherClient.get(`/api/booking/slots?serviceId=${w.serviceId}&professionalId=${w.employeeRecord}&date=${date}`)).body.slots.map((s: { time: string }) => s.time) as string[];

describe('a desk client with a mobile and no email', () => {
  const to = '34612345678';
  let id: string;
  let confirmation: WaMessage;

  beforeAll(async () => {
    const record = await deskClient('Carmen Sin Correo', '612 34 56 78');
    id = await book(record, '12:00');
    confirmation = await templateTo(to, 'auna_cita_confirmada', spanishDay(THURSDAY, false), '12:00');
  }, 30_000);

  it('gets the confirmation template: language es, service, day and time, the two quick-reply buttons, nothing else', async () => {
    expect(confirmation.parameters).toEqual(['Corte y peinado', spanishDay(THURSDAY, false), '12:00']);
    const tpl = (confirmation.body as { template: { language: { code: string }; components: Array<{ type: string; sub_type?: string; index?: string }> } }).template;
    expect(tpl.language.code).toBe('es');
    expect(tpl.components.filter((c) => c.type === 'button').map((c) => [c.sub_type, c.index])).toEqual([
      ['quick_reply', '0'],
      ['quick_reply', '1'],
    ]);
    // Her buttons' payloads are ours, signed: confirm this visit at this version, cancel it.
    const ref = { appointmentId: id, version: 0 };
    expect(confirmation.payloads).toEqual([replyPayload(server.deps.messageSecret, 'confirm', ref), replyPayload(server.deps.messageSecret, 'cancel', ref)]);
    // No health data in a message: her note goes nowhere.
    expect(JSON.stringify(confirmation.body)).not.toContain('látex');
    expect(await rowsOf(id)).toEqual([
      { key: `confirmation:client:${id}:0`, channel: 'whatsapp', provider_id: confirmation.id, delivery_status: 'sent', outcome: 'sent', sent_to: '+34612345678' },
    ]);
    await settle();
    expect(sentTo(to)).toHaveLength(1);
  });

  it('a status that overtakes the commit of its send is still stored', async () => {
    const record = await deskClient('Pili Prisa', '611 22 33 44');
    const id2 = await book(record, '13:00');
    // Straight after Meta accepted it, without waiting for our server to record it.
    const fast = await meta.waitFor('34611223344', (m) => m.template === 'auna_cita_confirmada', 15_000);
    expect((await meta.status(fast, 'delivered')).status).toBe(200);
    expect((await rowsOf(id2))[0]).toMatchObject({ provider_id: fast.id, delivery_status: 'delivered' });
  });

  it('stores the delivery statuses, the furthest one kept whatever order they come in', async () => {
    expect((await meta.status(confirmation, 'delivered')).status).toBe(200);
    expect((await meta.status(confirmation, 'read')).status).toBe(200);
    expect((await meta.status(confirmation, 'delivered')).status).toBe(200);
    expect((await rowsOf(id))[0]!.delivery_status).toBe('read');
  });

  it('gets the 24-hour reminder once, when its time comes (the queue\'s clock moved to it)', async () => {
    await expect.poll(() => relayOutbox(server.deps.db), { timeout: 2000 }).toBe(true);
    const job = await server.deps.db.execute<{ run_at: Date }>(sql`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${`reminder:${id}`}`);
    expect(new Date(job.rows[0]!.run_at).toISOString()).toBe(hoursBefore(madrid(THURSDAY, '12:00'), 24).toISOString());
    await server.deps.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`reminder:${id}`}`);
    const reminder = await templateTo(to, 'auna_recordatorio_cita', spanishDay(THURSDAY, false), '12:00');
    expect(reminder.payloads).toEqual(confirmation.payloads);
    await settle();
    expect(sentTo(to).filter((m) => m.template === 'auna_recordatorio_cita')).toHaveLength(1);
  });

  it('"Confirmo" shows on the day view and she is thanked; the same notification again acts once', async () => {
    const tap = await meta.tap(confirmation, 0);
    expect(tap.status).toBe(200);
    expect((await dayView(THURSDAY, id)).clientConfirmedAt).toBe(NOW.toISOString());
    const thanks = await textTo(to, (t) => t.startsWith('¡Gracias!'));
    expect(thanks.text).toBe(`¡Gracias! Te esperamos el ${spanishDay(THURSDAY, false)} a las 12:00 para tu cita de Corte y peinado.`);
    // Meta delivers a notification again when it is unsure we got it: the same message id.
    expect((await meta.tap(confirmation, 0, { id: tap.id })).status).toBe(200);
    await settle();
    expect(sentTo(to).filter((m) => m.type === 'text')).toHaveLength(1);
    const replies = await server.deps.db.execute(sql`SELECT outcome FROM message_replies WHERE appointment_id = ${id}::uuid`);
    expect(replies.rows).toEqual([{ outcome: 'confirmed' }]);
  });

  it('Informes counts her visit under the WhatsApp reminder, confirmed by her', async () => {
    // Two days on, she did not come after all (arranged in the database: the clock is fixed).
    await server.deps.db.execute(sql`UPDATE appointments SET status = 'no_show' WHERE id = ${id}::uuid`);
    const res = await admin.get(`/api/reports/attendance?period=custom&from=${TODAY}&to=${THURSDAY}`);
    expect(res.status).toBe(200);
    expect(res.body.byReminder).toEqual([{ channel: 'whatsapp', visits: 1, noShow: 1, confirmed: 1 }]);
  });
});

describe('"Cancelar cita"', () => {
  const to = '34622334455';
  let record: string;
  beforeAll(async () => {
    record = await deskClient('Lola Cancela', '622 33 44 55');
  });

  it('outside the policy window cancels it as hers: the time is free for another client within seconds, the professional is told, she gets it in writing', async () => {
    const id = await book(record, '17:00');
    const confirmation = await templateTo(to, 'auna_cita_confirmada', spanishDay(THURSDAY, false), '17:00');
    expect(await slotsOf(THURSDAY)).not.toContain('17:00');
    const started = Date.now();
    expect((await meta.tap(confirmation, 1)).status).toBe(200);
    await expect.poll(() => slotsOf(THURSDAY), { timeout: 5_000 }).toContain('17:00');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await w.statusOf(id)).toBe('cancelled_by_client');
    await mail.waitFor(w.email.employee, { match: (m) => m.subject.startsWith('Cita cancelada: Corte y peinado') && m.text.includes('17:00') });
    const done = await templateTo(to, 'auna_cita_cancelada', spanishDay(THURSDAY, false), '17:00');
    expect(done.payloads).toEqual([]);
    // Pressing it again, or Meta's replay: nothing more happens.
    expect((await meta.tap(confirmation, 1)).status).toBe(200);
    await settle();
    expect(sentTo(to).filter((m) => m.template === 'auna_cita_cancelada')).toHaveLength(1);
    expect(sentTo(to).filter((m) => m.type === 'text').map((m) => m.text)).toEqual([
      'Esta cita ya no está pendiente: ha cambiado de hora, se ha cancelado o ya ha pasado. Si necesitas algo, llámanos al 953 12 34 56.',
    ]);
  });

  it('inside the policy window changes nothing and answers with the salon\'s phone', async () => {
    const id = await book(record, '18:00', TODAY);
    const confirmation = await templateTo(to, 'auna_cita_confirmada', spanishDay(TODAY, false), '18:00');
    expect((await meta.tap(confirmation, 1)).status).toBe(200);
    const reply = await textTo(to, (t) => t.includes('24 horas'));
    expect(reply.text).toBe('Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 24 horas de antelación. Llámanos al 953 12 34 56.');
    expect(await w.statusOf(id)).toBe('confirmed');
    expect((await dayView(TODAY, id)).status).toBe('confirmed');
  });
});

describe('what changes nothing', () => {
  const to = '34633445566';
  const intruder = '34699887766';
  let id: string;
  let confirmation: WaMessage;
  beforeAll(async () => {
    id = await book(await deskClient('Rosa Intacta', '633 44 55 66'), '10:00');
    confirmation = await templateTo(to, 'auna_cita_confirmada', spanishDay(THURSDAY, false), '10:00');
  }, 30_000);

  const untouched = async () => {
    expect(await w.statusOf(id)).toBe('confirmed');
    expect((await dayView(THURSDAY, id)).clientConfirmedAt).toBeNull();
  };

  it('a forged or unsigned notification: 401, read no further', async () => {
    for (const sign of ['forged', 'none'] as const) {
      for (const index of [0, 1] as const) {
        const res = await meta.tap(confirmation, index, { sign });
        expect(res.status).toBe(401);
        expect(JSON.parse(res.text).error.message).toBe('Firma no válida.');
      }
    }
    await untouched();
  });

  it('her button sent from another number (a forwarded message): nothing happens, nothing is answered', async () => {
    expect((await meta.tap(confirmation, 1, { from: intruder })).status).toBe(200);
    await settle();
    await untouched();
    expect(sentTo(intruder)).toEqual([]);
  });

  it('one client\'s payload never acts on another\'s appointment, and a payload we did not sign is nobody\'s', async () => {
    // Someone copies Rosa's payload into a message of her own: it came from her number, not Rosa's.
    const own = await templateTo('34612345678', 'auna_cita_confirmada', spanishDay(THURSDAY, false), '12:00');
    expect((await meta.tap({ ...own, payloads: confirmation.payloads }, 1)).status).toBe(200);
    const forgedPayload = replyPayload('otro-secreto', 'cancel', { appointmentId: id, version: 0 });
    expect((await meta.tap({ ...confirmation, payloads: [forgedPayload, forgedPayload] }, 1)).status).toBe(200);
    await settle();
    await untouched();
  });

  it('a signed body of any shape: 200 or 4xx, never 5xx, and nothing changes', async () => {
    const bodies: unknown[] = [
      '',
      'no es json',
      '[]',
      'null',
      '{"object":"page"}',
      { object: 'whatsapp_business_account', entry: 'x' },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: meta.phoneNumberId }, messages: [{ type: 'button', from: to, id: 'x', button: { payload: confirmation.payloads[0] } }] } }] }] },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' }, messages: [{ type: 'button', from: to, id: 'wamid.otro', button: { payload: confirmation.payloads[0] } }] } }] }] },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: meta.phoneNumberId }, messages: [{ type: 'button', from: null, id: 5, button: {} }], statuses: [{ id: {}, status: 'failed' }] } }] }] },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: meta.phoneNumberId }, statuses: [{ id: 'wamid.de-nadie', status: 'failed', errors: [{ code: 131026 }] }] } }] }] },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: meta.phoneNumberId }, messages: [{ type: 'button', from: to, id: 'wamid.\u0000', button: { payload: '\u0000' } }] } }] }] },
    ];
    for (const body of bodies) {
      const res = await meta.notify(body);
      expect(res.status, `${JSON.stringify(body)} -> ${res.text}`).toBeLessThan(500);
      expect([200, 400, 413]).toContain(res.status);
    }
    // The one with a valid payload and her number but the id "x" did act: it is hers. Undo to check the rest.
    await server.deps.db.execute(sql`UPDATE appointments SET client_confirmed_at = NULL WHERE id = ${id}::uuid`);
    await untouched();
  });
});

describe('the address check and a failed WhatsApp', () => {
  it('answers Meta\'s verification with the challenge, only for our verify token', async () => {
    const anon = newSession(server.url, freshIp());
    const q = (token: string) => `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await anon.get(q(meta.env.WHATSAPP_VERIFY_TOKEN!));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await anon.get(q('otro'))).status).toBe(403);
    expect((await anon.get('/api/webhooks/whatsapp')).status).toBe(403);
  });

  it('a "failed" status falls back to her email, once', async () => {
    const to = '34644556677';
    const id = await book(await deskClient('Nuria Con Correo', '644 55 66 77', 'nuria.correo@example.com'), '11:00');
    const confirmation = await templateTo(to, 'auna_cita_confirmada', spanishDay(THURSDAY, false), '11:00');
    expect((await meta.status(confirmation, 'failed', { code: 131026, title: 'Message undeliverable' })).status).toBe(200);
    const email = await mail.waitFor('nuria.correo@example.com', { match: (m) => m.headers['x-auna-message-key'] === `confirmation:client:${id}:0:email`, timeout: 15_000 });
    expect(email.subject).toBe(`Cita confirmada: Corte y peinado, ${spanishDay(THURSDAY)} a las 11:00`);
    expect((await meta.status(confirmation, 'failed', { code: 131026, title: 'Message undeliverable' })).status).toBe(200);
    await settle();
    expect(mail.mails.filter((m) => m.to.includes('nuria.correo@example.com'))).toHaveLength(1);
    const rows = await rowsOf(id);
    expect(rows.find((r) => r.channel === 'whatsapp')).toMatchObject({ delivery_status: 'failed', outcome: 'sent' });
    expect(rows.find((r) => r.channel === 'email')).toMatchObject({ key: `confirmation:client:${id}:0:email`, outcome: 'sent' });
  });

  it('a refusal at once (a number without WhatsApp) falls back too, without waiting for a status', async () => {
    const to = '34655667788';
    meta.refuseNext(to, { status: 400, code: 131026, message: '(#131026) Message undeliverable' });
    const id = await book(await deskClient('Inés Sin WhatsApp', '655 66 77 88', 'ines.correo@example.com'), '15:00');
    await mail.waitFor('ines.correo@example.com', { match: (m) => m.headers['x-auna-message-key'] === `confirmation:client:${id}:0:email`, timeout: 15_000 });
    expect(sentTo(to)).toEqual([]);
    expect((await rowsOf(id)).find((r) => r.channel === 'whatsapp')).toMatchObject({ outcome: 'failed', delivery_status: 'failed', provider_id: null });
  });

  it('Configuración lists both refusals with the provider\'s words, never her number, and what reached her instead', async () => {
    // The fallback mail is recorded as sent once the SMTP server has taken it: a moment after it arrives there.
    const list = async () => {
      const res = await admin.get('/api/messages/failed');
      expect(res.status).toBe(200);
      const refused = res.body.refused as Array<{ kind: string; channel: string; failure: string; reachedBy: string[] }>;
      return { res, refused: refused.map(({ kind, channel, failure, reachedBy }) => ({ kind, channel, failure, reachedBy })) };
    };
    await expect.poll(async () => (await list()).refused.every((r) => r.reachedBy.length > 0), { timeout: 15_000 }).toBe(true);
    const { res, refused } = await list();
    expect(refused).toEqual([
      { kind: 'confirmation', channel: 'whatsapp', failure: 'WhatsApp 400 (131026): (#131026) Message undeliverable', reachedBy: ['email'] },
      { kind: 'confirmation', channel: 'whatsapp', failure: 'WhatsApp (131026): Message undeliverable', reachedBy: ['email'] },
    ]);
    for (const number of ['644556677', '655667788']) expect(JSON.stringify(res.body)).not.toContain(number);
    expect((await w.sessions.employee.get('/api/messages/failed')).status).toBe(403);
  });
});
