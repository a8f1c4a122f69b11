import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { appointments, clients, employeeServices, salonSettings, services } from '../../db/schema';
import type { Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startMetaGraph, type MetaGraph } from '../../../../test/support/meta-graph';
import { arrangeWorld, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { startTwilio, type TwilioStandIn } from '../../../../test/support/twilio';
import { visitConfirmations } from '../../../../test/support/visit-salon';

// The desk books a visit of several services for a salon client record (ADR 104): every kind of
// record, every role, each channel of her ONE confirmation, two desks racing for the same pair.
// "Now" is Wednesday 2026-01-14 11:00 in Madrid; the world's professionals, Lucía and Sara, work
// Mon-Sat 09:00-20:00, both doing a manicure and a pedicure (30 min each, allowed side by side).

const NOW = new Date('2026-01-14T10:00:00Z');
const THURSDAY = '2026-01-15';
const FRIDAY = '2026-01-16';

let server: TestServer;
let mail: MailCatcher;
let meta: MetaGraph;
let twilio: TwilioStandIn;
let w: World;
let manicure: string;
let pedicure: string;
const db = () => server.deps.db;

beforeAll(async () => {
  mail = await startMailCatcher();
  meta = await startMetaGraph();
  twilio = await startTwilio();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, ...meta.env, ...twilio.env } });
  meta.deliverTo(`${server.url}/api/webhooks/whatsapp`);
  w = await arrangeWorld(server, 'deskvisit');
  const rows = await db()
    .insert(services)
    .values([
      { name: 'Manicura', duration: 30, price: 20, parallelAllowed: true },
      { name: 'Pedicura', duration: 30, price: 25.5, parallelAllowed: true },
    ])
    .returning({ id: services.id });
  [manicure, pedicure] = rows.map((r) => r.id) as [string, string];
  await db()
    .insert(employeeServices)
    .values(
      [w.employeeRecord, w.otherEmployeeRecord].flatMap((employeeId) =>
        [manicure, pedicure].map((serviceId) => ({ employeeId, serviceId })),
      ),
    );
  // Her cap is one future visit: the desk is exempt from it (ADR 025), as its single booking is.
  await db().update(salonSettings).set({ maxFutureAppointmentsPerClient: 1 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await meta?.close();
  await mail?.close();
});

let minute = 9 * 60;
/** A fresh time for each visit (the parts side by side, 30 minutes). */
const nextTime = () => {
  const m = (minute += 30);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** Manicure with Lucía and pedicure with Sara, at once. */
const body = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  parts: [
    { serviceId: manicure, professionalId: w.employeeRecord },
    { serviceId: pedicure, professionalId: w.otherEmployeeRecord },
  ],
  mode: 'parallel',
  date: THURSDAY,
  time: nextTime(),
  ...extra,
});
const bookFor = (s: Session, clientId: string, extra: Record<string, unknown> = {}) =>
  s.post('/api/booking/visits/staff', body(clientId, extra));
const newRecord = async (values: {
  name: string;
  phone?: string | null;
  email?: string | null;
  userId?: string | null;
  messageChannel?: 'email' | 'whatsapp' | 'sms' | 'none';
}) => (await db().insert(clients).values(values).returning({ id: clients.id }))[0]!.id;
const recordOf = async (userId: string, name: string) =>
  (
    await db()
      .insert(clients)
      .values({ name, userId })
      .onConflictDoUpdate({ target: clients.userId, set: { userId } })
      .returning({ id: clients.id })
  )[0]!.id;
const partIds = (res: { body: { visit: { parts: Array<{ appointment: { id: string } }> } } }) =>
  res.body.visit.parts.map((p) => p.appointment.id);
const rowsOf = (ids: string[]) => db().select().from(appointments).where(inArray(appointments.id, ids));
const ofRecord = (clientRecordId: string) => db().select().from(appointments).where(eq(appointments.clientRecordId, clientRecordId));

const confirmations = (ids: string[]) => visitConfirmations(server, ids);

describe('every kind of client record', () => {
  it('a phone-only record: both parts at once, one visit, hers on the record, booked by the desk', async () => {
    const clientId = await newRecord({ name: 'Rosa Fuentes', phone: '+34611000111', messageChannel: 'whatsapp' });
    const res = await bookFor(w.sessions.receptionist, clientId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await rowsOf(partIds(res));
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(r).toMatchObject({
        clientId: null,
        clientRecordId: clientId,
        clientName: 'Rosa Fuentes',
        bookedBy: 'staff',
        bookedByUserId: w.uid.receptionist,
        visitId: res.body.visit.id,
        status: 'confirmed',
      });
    expect(rows.map((r) => r.employeeId).sort()).toEqual([w.uid.employee, w.uid.otherEmployee].sort());
    // The desk's day shows both parts, sharing the visit.
    const day = await w.sessions.receptionist.get(`/api/front-desk/day?date=${THURSDAY}`);
    const parts = (day.body.appointments as Array<{ id: string; visitId: string | null }>).filter((a) => partIds(res).includes(a.id));
    expect(parts.map((a) => a.visitId)).toEqual([res.body.visit.id, res.body.visit.id]);
  });

  it('an email-only record, and an account’s record (in her Mis Citas, and past her cap: the desk is exempt)', async () => {
    const emailOnly = await newRecord({ name: 'Inés Prado', email: 'ines.deskvisit@example.com' });
    const a = await bookFor(w.sessions.receptionist, emailOnly);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(await rowsOf(partIds(a))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ clientId: null, clientEmail: 'ines.deskvisit@example.com', clientRecordId: emailOnly }),
      ]),
    );
    const marta = await recordOf(w.uid.client, 'Marta García');
    const first = await bookFor(w.sessions.receptionist, marta);
    const second = await bookFor(w.sessions.receptionist, marta, { date: FRIDAY });
    expect([first.status, second.status]).toEqual([201, 201]);
    for (const r of await rowsOf([...partIds(first), ...partIds(second)]))
      expect(r).toMatchObject({ clientId: w.uid.client, clientRecordId: marta, bookedBy: 'staff' });
    const mine = ((await w.sessions.client.get('/api/my-appointments')).body.appointments as { id: string }[]).map((x) => x.id);
    expect(mine).toEqual(expect.arrayContaining([...partIds(first), ...partIds(second)]));
    // Her own booking is still held to her cap.
    const own = await w.sessions.client.post('/api/booking', {
      serviceId: manicure,
      professionalId: w.employeeRecord,
      date: FRIDAY,
      time: '17:00',
    });
    expect(own.status).toBe(409);
  });

  it('unknown or malformed record: 404; the record a deleted account left: 409; nothing written', async () => {
    const before = (await db().select().from(appointments)).length;
    for (const clientId of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await bookFor(w.sessions.receptionist, clientId);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(STAFF_MSG.clientNotFound);
    }
    const erased = await newRecord({ name: MSG.deletedClientName, phone: null, email: null, userId: null });
    const res = await bookFor(w.sessions.admin, erased);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MSG.clientErased);
    expect((await db().select().from(appointments)).length).toBe(before);
  });
});

describe('every role', () => {
  it('the admin and a professional (with a colleague) book; a client, a leaver and nobody are refused', async () => {
    const clientId = await newRecord({ name: 'Nuria Gil', phone: '+34611000222' });
    const admin = await bookFor(w.sessions.admin, clientId);
    expect(admin.status, JSON.stringify(admin.body)).toBe(201);
    const lucia = await bookFor(w.sessions.employee, clientId);
    expect(lucia.status, JSON.stringify(lucia.body)).toBe(201);
    expect((await rowsOf(partIds(lucia))).map((r) => r.bookedByUserId)).toEqual([w.uid.employee, w.uid.employee]);
    const before = (await ofRecord(clientId)).length;
    for (const who of ['client', 'formerEmployee'] as const) {
      const res = await bookFor(w.sessions[who], clientId);
      expect(res.status, who).toBe(403);
    }
    expect((await bookFor(w.sessions.anonymous, clientId)).status).toBe(401);
    expect((await ofRecord(clientId)).length).toBe(before);
  });
});

describe('bad bodies: Spanish 4xx, nothing written', () => {
  it('no client, one part, the same service twice, a time where they do not fit, an unknown field', async () => {
    const clientId = await newRecord({ name: 'Pilar Ruiz', phone: '+34611000333' });
    const r = w.sessions.receptionist;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...body(clientId), clientId: '' }, 400, STAFF_MSG.clientRequired],
      [{ ...body(clientId), parts: [{ serviceId: manicure, professionalId: w.employeeRecord }] }, 400, VISIT_MSG.tooFew],
      [
        {
          ...body(clientId),
          parts: [
            { serviceId: manicure, professionalId: w.employeeRecord },
            { serviceId: manicure, professionalId: w.otherEmployeeRecord },
          ],
        },
        400,
        VISIT_MSG.sameServiceTwice,
      ],
      [{ ...body(clientId), mode: 'sequence', time: '19:30' }, 400, VISIT_MSG.visitDoesNotFit],
      [{ ...body(clientId), time: '19:45' }, 400, MSG.slotNotOffered],
      [{ ...body(clientId), bonoId: null }, 400, MSG.invalidInput],
    ];
    for (const [json, status, message] of cases) {
      const res = await r.post('/api/booking/visits/staff', json);
      expect([res.status, res.body.error?.message], JSON.stringify(json)).toEqual([status, message]);
    }
    expect(await ofRecord(clientId)).toEqual([]);
  });
});

describe('two desks racing for the same pair', () => {
  it('one visit is booked, the other answers the spec’s conflict text, nothing half-written', async () => {
    const a = await newRecord({ name: 'Carla Vega', phone: '+34611000444' });
    const b = await newRecord({ name: 'Berta Sanz', phone: '+34611000555' });
    const time = nextTime();
    const [x, y] = await Promise.all([bookFor(w.sessions.receptionist, a, { time }), bookFor(w.sessions.admin, b, { time })]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    const lost = x.status === 409 ? x : y;
    expect(lost.body.error.message).toBe(MSG.slotTaken);
    const written = [...(await ofRecord(a)), ...(await ofRecord(b))];
    expect(written).toHaveLength(2);
    expect(new Set(written.map((r) => r.visitId)).size).toBe(1);
  });
});

describe('her ONE confirmation by the record’s channel; each professional hears of her part', () => {
  const at = (date: string) => ({ date, time: '10:00' });

  it('WhatsApp: one template naming both parts', async () => {
    const clientId = await newRecord({ name: 'Lola Wa', phone: '+34633112233', messageChannel: 'whatsapp' });
    const res = await bookFor(w.sessions.receptionist, clientId, at('2026-01-19'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await confirmations(partIds(res));
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'whatsapp' }]);
    expect(got.filter((r) => r.recipient === 'professional')).toHaveLength(2);
    const sent = meta.messages.filter((m) => m.to === '34633112233' && m.template === 'auna_cita_confirmada');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters[0]).toBe('Manicura (10:00, con Lucía Martín) y Pedicura (10:00, con Sara Molina)');
  }, 60_000);

  it('SMS: one text naming both parts', async () => {
    const clientId = await newRecord({ name: 'Lola Sms', phone: '+34644112233', messageChannel: 'sms' });
    const res = await bookFor(w.sessions.receptionist, clientId, at('2026-01-20'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await confirmations(partIds(res));
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'sms' }]);
    const sent = twilio.messages.filter((m) => m.to === '+34644112233' && m.body.includes(': tu cita de'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Manicura (10:00, con Lucía Martín) y Pedicura (10:00, con Sara Molina)');
  }, 60_000);

  it('email: one mail listing both parts', async () => {
    const email = 'lola.mail.deskvisit@example.com';
    const clientId = await newRecord({ name: 'Lola Mail', email });
    const res = await bookFor(w.sessions.receptionist, clientId, at('2026-01-21'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await confirmations(partIds(res));
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'email' }]);
    const hers = mail.mails.filter((m) => m.to.includes(email) && m.subject.startsWith('Cita confirmada'));
    expect(hers).toHaveLength(1);
    expect(hers[0]!.text).toContain('Servicio 1: Manicura, 10:00, con Lucía Martín');
    expect(hers[0]!.text).toContain('Servicio 2: Pedicura, 10:00, con Sara Molina');
  }, 60_000);

  it('a record without any way to reach her: nothing sent to her; the professionals are told all the same', async () => {
    const clientId = await newRecord({ name: 'Lola Sin Contacto' });
    const res = await bookFor(w.sessions.receptionist, clientId, at('2026-01-22'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await confirmations(partIds(res));
    const hers = got.filter((r) => r.recipient === 'client');
    expect(hers.length).toBeLessThanOrEqual(1);
    expect(hers.every((r) => r.outcome !== 'sent')).toBe(true);
    expect(got.filter((r) => r.recipient === 'professional').map((r) => r.outcome)).toEqual(['sent', 'sent']);
  }, 60_000);
});
