import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { salonSettings } from '../../db/schema';
import { enqueueAppointmentMessages } from '../../notifications/enqueue';
import { newSession, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startMetaGraph, type MetaGraph } from '../../../../test/support/meta-graph';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { startTwilio, type TwilioStandIn } from '../../../../test/support/twilio';

// The waiting list (ADR 070-073) through the real server, the queue, the SMTP catcher and the
// WhatsApp and SMS stand-ins: every kind of client and channel is told of a cancelled visit's
// time, first come first; two links race and the database picks one; expiry, withdrawal, the
// booking limits, a rolled-back cancellation, and a deleted account.
// "Now" is Tuesday 2027-03-09, 10:00 in Madrid (CET); the freed visit is Thursday at 12:00.

const NOW = new Date('2027-03-09T09:00:00Z');
const THURSDAY = '2027-03-11';
const NOON = new Date('2027-03-11T11:00:00Z');

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
  w = await arrangeWorld(server, 'espera');
  admin = w.sessions.admin;
  await server.deps.db.update(salonSettings).set({ name: 'Auna Estética', phoneNumber: '953 12 34 56' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await meta?.close();
  await mail?.close();
});

/** A record made at the desk; an "email-only" client has a landline (no mobile: no phone channel reaches her). */
async function deskClient(name: string, phone: string, email: string | null, messageChannel: string | null) {
  const res = await admin.post('/api/front-desk/clients', { name, phone, email, messageChannel });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

const entry = (over: Record<string, unknown> = {}) => ({
  serviceId: w.serviceId,
  professionalId: null,
  fromDate: THURSDAY,
  toDate: THURSDAY,
  partOfDay: 'morning',
  ...over,
});

async function deskEntry(clientId: string, over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/waiting-list/entries', { clientId, ...entry(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry.id as string;
}

const offersOf = async (entryId: string) =>
  (
    await server.deps.db.execute<{ id: string; channel: string | null; sent_at: string | null; start_time: string }>(
      sql`SELECT id, channel, sent_at, start_time FROM waiting_list_offers WHERE entry_id = ${entryId}::uuid`,
    )
  ).rows;

async function toldOffer(entryId: string) {
  for (let i = 0; i < 150; i++) {
    const [o] = await offersOf(entryId);
    if (o?.sent_at) return o;
    await sleep(100);
  }
  throw new Error(`entry ${entryId} was never told`);
}

const tokenIn = (text: string) => /\/api\/waiting-list\/offer\?token=([\w.-]+)/.exec(text)![1]!;

describe('a cancelled visit offered to everyone waiting, first come first told, and the first tap wins', () => {
  const ids: Record<string, string> = {};
  let visit: string;
  beforeAll(async () => {
    visit = await w.appointment({ client: 'otherClient', employee: 'employee', start: NOON });
    // First come: the account (Marta, email), then a phone-only WhatsApp client, an SMS client,
    // an email-only record, a client who wants nothing sent ('none'), and one waiting for the afternoon.
    const mine = await w.sessions.client.post('/api/waiting-list/mine', entry({ partOfDay: 'any' }));
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    ids.account = mine.body.entry.id;
    ids.whatsapp = await deskEntry(await deskClient('Wanda WhatsApp', '611 22 33 44', null, 'whatsapp'), {
      professionalId: w.employeeRecord,
    });
    ids.sms = await deskEntry(await deskClient('Sonia SMS', '622 33 44 55', null, 'sms'));
    ids.email = await deskEntry(await deskClient('Eva Correo', '953 10 20 01', 'eva.correo@mundo.test', null));
    ids.none = await deskEntry(await deskClient('Nuria Nada', '633 44 55 66', null, 'none'));
    ids.afternoon = await deskEntry(await deskClient('Tania Tarde', '953 10 20 02', 'tania.tarde@mundo.test', null), {
      partOfDay: 'afternoon',
    });
    ids.other = await deskEntry(await deskClient('Olga Otra', '953 10 20 03', 'olga.otra@mundo.test', null), {
      professionalId: w.otherEmployeeRecord,
    });
    const res = await admin.patch(`/api/admin/appointments/${visit}/status`, { status: 'cancelled_by_salon' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }, 60_000);

  it('tells each by her channel within seconds, in the order they asked, with no health data', async () => {
    const email = await mail.waitFor(w.email.client, { match: (m) => m.subject.includes('Se ha liberado un hueco'), timeout: 15_000 });
    expect(email.subject).toBe('Se ha liberado un hueco: Corte y peinado, jueves, 11 de marzo a las 12:00');
    expect(email.text).toContain('/api/waiting-list/offer?token=');
    const wa = await meta.waitFor('34611223344', (m) => m.template === 'auna_hueco_libre', 15_000);
    expect(wa.parameters.slice(0, 3)).toEqual(['Corte y peinado', 'jueves, 11 de marzo', '12:00']);
    const sms = await twilio.waitFor('+34622334455', (m) => m.body.includes('hueco'), 15_000);
    expect(sms.body).toMatch(/^Auna Estética: se ha liberado un hueco de Corte y peinado el jueves, 11 de marzo a las 12:00\./);
    await mail.waitFor('eva.correo@mundo.test', { match: (m) => m.subject.includes('Se ha liberado'), timeout: 15_000 });
    const told = await Promise.all(['account', 'whatsapp', 'sms', 'email', 'none'].map((k) => toldOffer(ids[k]!)));
    expect(told.map((o) => o.channel)).toEqual(['email', 'whatsapp', 'sms', 'email', 'none']);
    const times = told.map((o) => new Date(o.sent_at!).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(told.every((o) => new Date(o.start_time).getTime() === NOON.getTime())).toBe(true);
    // Not her part of the day, not her professional: not offered.
    expect(await offersOf(ids.afternoon!)).toEqual([]);
    expect(await offersOf(ids.other!)).toEqual([]);
    // Nothing went to the 'none' client's phone: the desk sees her offer instead.
    expect(meta.messages.filter((m) => m.to === '34633445566')).toEqual([]);
    expect(twilio.messages.filter((m) => m.to === '+34633445566')).toEqual([]);
  }, 30_000);

  it("the desk sees the day's list with the freed time to offer", async () => {
    const day = await admin.get(`/api/waiting-list/day?date=${THURSDAY}`);
    expect(day.status).toBe(200);
    const names = day.body.entries.map((e: { clientName: string }) => e.clientName);
    expect(names.slice(0, 2)).toEqual(['Marta García', 'Wanda WhatsApp']);
    const wanda = day.body.entries.find((e: { clientName: string }) => e.clientName === 'Wanda WhatsApp');
    expect(wanda.freeTimes[0]).toMatchObject({ professionalId: w.employeeRecord, time: '09:00' });
  });

  it("two links tapped at once: one booking, one 409 with the spec's text; the loser's link then says it has gone", async () => {
    const sms = twilio.messages.find((m) => m.to === '+34622334455')!;
    const email = mail.mails.find((m) => m.to.includes(w.email.client) && m.subject.includes('Se ha liberado'))!;
    const a = newSession(server.url, freshIp());
    const b = newSession(server.url, freshIp());
    const open = await a.get(`/api/waiting-list/offer?token=${tokenIn(sms.body)}`);
    expect(open.body.state).toBe('open');
    const [ra, rb] = await Promise.all([
      a.post(`/api/waiting-list/offer/book?token=${tokenIn(sms.body)}`),
      b.post(`/api/waiting-list/offer/book?token=${tokenIn(email.text)}`),
    ]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.error).toEqual({ code: 'slot_taken', message: MSG.slotTaken });
    const booked = await server.deps.db.execute(
      sql`SELECT client_name, booked_by FROM appointments WHERE start_time = ${NOON.toISOString()}::timestamptz AND status = 'confirmed'`,
    );
    expect(booked.rows).toHaveLength(1);
    expect(booked.rows[0]!.booked_by).toBe('client');
    const loserToken = loser === ra ? tokenIn(sms.body) : tokenIn(email.text);
    const later = await newSession(server.url, freshIp()).get(`/api/waiting-list/offer?token=${loserToken}`, { accept: 'text/html' });
    expect(String(later.body)).toContain('Este hueco ya está reservado');
    // The winner's entry is done; the loser still waits.
    const statusOf = async (id: string) =>
      (await server.deps.db.execute<{ status: string }>(sql`SELECT status FROM waiting_list_entries WHERE id = ${id}::uuid`)).rows[0]!
        .status;
    expect([await statusOf(ids.sms!), await statusOf(ids.account!)].sort()).toEqual(['booked', 'waiting']);
  }, 30_000);

  it('a forged or altered link books nothing', async () => {
    const s = newSession(server.url, freshIp());
    const sms = twilio.messages.find((m) => m.to === '+34622334455')!;
    const token = tokenIn(sms.body);
    const forged = `${token.slice(0, -2)}xx`;
    expect((await s.post(`/api/waiting-list/offer/book?token=${forged}`)).status).toBe(404);
    expect((await s.get(`/api/waiting-list/offer?token=nada`)).status).toBe(404);
  });
});

describe('her own list', () => {
  it("she sees and withdraws her entry; another client cannot; a withdrawn entry's link is dead", async () => {
    const s = w.sessions.otherClient;
    const added = await s.post('/api/waiting-list/mine', entry({ fromDate: '2027-03-12', toDate: '2027-03-13' }));
    expect(added.status).toBe(201);
    const id = added.body.entry.id as string;
    expect((await s.get('/api/waiting-list/mine')).body.entries.map((e: { id: string }) => e.id)).toContain(id);
    expect((await w.sessions.client.delete(`/api/waiting-list/mine/${id}`)).status).toBe(404);
    expect((await s.delete(`/api/waiting-list/mine/${id}`)).status).toBe(200);
    expect((await s.get('/api/waiting-list/mine')).body.entries.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await s.delete(`/api/waiting-list/mine/${id}`)).status).toBe(404);
  });

  it('refuses a backwards, past or too long range with a Spanish 400, and a sixth open entry with 409', async () => {
    const s = newSession(server.url, freshIp());
    await s.post('/api/auth/sign-up/email', { name: 'Carla Cupo', email: 'carla.cupo@mundo.test', password: WORLD_PASSWORD });
    expect((await s.post('/api/waiting-list/mine', entry({ fromDate: '2027-03-12', toDate: '2027-03-11' }))).body.error.message).toBe(
      WAITING_MSG.rangeBackwards,
    );
    expect((await s.post('/api/waiting-list/mine', entry({ fromDate: '2027-03-01', toDate: '2027-03-08' }))).body.error.message).toBe(
      WAITING_MSG.rangePast,
    );
    expect((await s.post('/api/waiting-list/mine', entry({ fromDate: '2027-03-10', toDate: '2027-04-20' }))).body.error.message).toBe(
      WAITING_MSG.rangeTooLong,
    );
    expect((await s.post('/api/waiting-list/mine', entry({ partOfDay: 'noche' }))).body.error.message).toBe(WAITING_MSG.invalidPart);
    for (let i = 0; i < 5; i++) expect((await s.post('/api/waiting-list/mine', entry())).status).toBe(201);
    const sixth = await s.post('/api/waiting-list/mine', entry());
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.message).toBe(WAITING_MSG.tooManyEntries);
  });
});

describe('expiry', () => {
  it('an entry past its last day is not listed, not matched, and its link is dead', async () => {
    const client = await deskClient('Vera Vencida', '953 10 20 04', 'vera.vencida@mundo.test', null);
    const { rows } = await server.deps.db.execute<{
      id: string;
    }>(sql`INSERT INTO waiting_list_entries (client_id, service_id, from_date, to_date, part_of_day, source)
      VALUES (${client}::uuid, ${w.serviceId}::uuid, '2027-03-01', '2027-03-08', 'any', 'staff') RETURNING id`);
    const id = rows[0]!.id;
    const day = await admin.get('/api/waiting-list/day?date=2027-03-08');
    expect(day.body.entries.map((e: { id: string }) => e.id)).not.toContain(id);
    const { rows: offer } = await server.deps.db.execute<{
      id: string;
    }>(sql`INSERT INTO waiting_list_offers (entry_id, employee_id, start_time, channel, sent_at)
      VALUES (${id}::uuid, ${w.employeeRecord}::uuid, ${NOON.toISOString()}::timestamptz, 'email', now()) RETURNING id`);
    const { offerToken } = await import('./send-offers');
    const res = await newSession(server.url, freshIp()).get(
      `/api/waiting-list/offer?token=${offerToken(server.deps.messageSecret, offer[0]!.id)}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(WAITING_MSG.offerInvalid);
  });
});

describe('reliability and limits', () => {
  it('a rolled-back cancellation tells nobody', async () => {
    const at = new Date('2027-03-12T08:00:00Z'); // Friday 09:00
    const client = await deskClient('Rita Revertida', '953 10 20 05', 'rita.revertida@mundo.test', null);
    const id = await deskEntry(client, { fromDate: '2027-03-12', toDate: '2027-03-12' });
    const visit = await w.appointment({ client: 'otherClient', employee: 'employee', start: at });
    await server.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE appointments SET status = 'cancelled_by_salon' WHERE id = ${visit}::uuid`);
        await enqueueAppointmentMessages(tx, { kind: 'cancellation', appointmentId: visit, now: NOW });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await sleep(2_000);
    expect(await offersOf(id)).toEqual([]);
    expect(await w.statusOf(visit)).toBe('confirmed');
  });

  it('her cap of future visits holds for a booking from the link (409, nothing written)', async () => {
    const at = new Date('2027-03-12T15:00:00Z'); // Friday 16:00
    const client = await deskClient('Paula Plena', '953 10 20 06', 'paula.plena@mundo.test', null);
    await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 1 });
    try {
      await admin.post('/api/booking/staff', {
        clientId: client,
        serviceId: w.serviceId,
        professionalId: w.otherEmployeeRecord,
        date: '2027-03-15',
        time: '10:00',
      });
      const id = await deskEntry(client, { fromDate: '2027-03-12', toDate: '2027-03-12', partOfDay: 'afternoon' });
      const visit = await w.appointment({ client: 'otherClient', employee: 'employee', start: at });
      await admin.patch(`/api/admin/appointments/${visit}/status`, { status: 'cancelled_by_salon' });
      const m = await mail.waitFor('paula.plena@mundo.test', { match: (x) => x.subject.includes('Se ha liberado'), timeout: 15_000 });
      const res = await newSession(server.url, freshIp()).post(`/api/waiting-list/offer/book?token=${tokenIn(m.text)}`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_cap_reached');
      expect(res.body.error.message).toMatch(/máximo/);
      expect(
        (
          await server.deps.db.execute(
            sql`SELECT 1 FROM appointments WHERE start_time = ${at.toISOString()}::timestamptz AND status = 'confirmed'`,
          )
        ).rows,
      ).toHaveLength(0);
      // The mail arrives before its job records the channel: wait for that record.
      expect((await toldOffer(id)).channel).toBe('email');
    } finally {
      await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 4 });
    }
  }, 30_000);

  it("a deleted account's entries go with her, and she is told nothing", async () => {
    const s = newSession(server.url, freshIp());
    await s.post('/api/auth/sign-up/email', { name: 'Bea Borrada', email: 'bea.borrada@mundo.test', password: WORLD_PASSWORD });
    const added = await s.post('/api/waiting-list/mine', entry({ fromDate: '2027-03-16', toDate: '2027-03-16', partOfDay: 'any' }));
    expect(added.status).toBe(201);
    expect((await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: WORLD_PASSWORD })).status).toBe(200);
    expect(
      (await server.deps.db.execute(sql`SELECT 1 FROM waiting_list_entries WHERE id = ${added.body.entry.id}::uuid`)).rows,
    ).toHaveLength(0);
  });
});
