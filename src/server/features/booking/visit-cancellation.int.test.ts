import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, salonSettings } from '../../db/schema';
import { relayOutbox } from '../../notifications/relay';
import { newClient } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startMetaGraph, type MetaGraph } from '../../../../test/support/meta-graph';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { arrangeVisitSalon } from '../../../../test/support/visit-salon';
import { hoursBefore, madrid, nextWeekday, spanishDay } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// A visit of several services cancelled at once sends her ONE cancellation naming every part, by
// her channel, and each professional hears of her own part (ADR 098); the desk cancelling or moving
// ONE part tells her of that part only, and the visit's one reminder stays with its earliest part
// still confirmed, at that part's time. "Now" is the next Wednesday, 11:00 in Madrid: the queue runs
// on the real clock, so the server's clock is ahead of it (test/support/clock-days.ts) and the
// reminders of the Monday after wait in graphile-worker's table where the test reads their time.
// Ana and Eva work Mon-Fri 10:00-14:00.

const WEDNESDAY = nextWeekday(3);
const NOW = madrid(WEDNESDAY, '11:00');
const MONDAY = addDays(WEDNESDAY, 5);
const TUESDAY = addDays(WEDNESDAY, 6);
const NEXT_WEDNESDAY = addDays(WEDNESDAY, 7);
const THURSDAY = addDays(WEDNESDAY, 8);
const FRIDAY = addDays(WEDNESDAY, 9);
const NEXT_MONDAY = addDays(WEDNESDAY, 12);
/** A reminder's time: 24 real hours before the part starts (`time` on `date` in Madrid). */
const dayBefore = (date: string, time: string) => hoursBefore(madrid(date, time), 24).toISOString();
let server: TestServer;
let mail: MailCatcher;
let meta: MetaGraph;
let desk: Session;
let ana: string;
let eva: string;
let manicure: string;
let pedicure: string;
const db = () => server.deps.db;

beforeAll(async () => {
  mail = await startMailCatcher();
  meta = await startMetaGraph();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, ...meta.env } });
  meta.deliverTo(`${server.url}/api/webhooks/whatsapp`);
  await db().insert(salonSettings).values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 60, maxFutureAppointmentsPerClient: 5, bookingHorizonDays: 365, cancellationPolicyHours: 24 });
  ({ ana, eva, manicure, pedicure } = await arrangeVisitSalon(server, { from: '10:00', to: '14:00' }));
  desk = await newClient(server, 'recepcion@salon.test', 'Recepción');
  await promote(server.deps, 'recepcion@salon.test', 'admin');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await meta?.close();
  await mail?.close();
});

/** She books manicure and pedicure on `date` at `time`: at once with Ana and Eva, or back to back with Ana; the parts' ids, manicure first. */
async function bookVisit(s: Session, date: string, mode: 'parallel' | 'sequence', time = '10:00') {
  const parts = mode === 'parallel' ? [{ serviceId: manicure, professionalId: ana }, { serviceId: pedicure, professionalId: eva }] : [{ serviceId: manicure, professionalId: ana }, { serviceId: pedicure, professionalId: ana }];
  const res = await s.post('/api/booking/visits', { parts, mode, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.visit.parts as Array<{ appointment: { id: string } }>).map((p) => p.appointment.id) as [string, string];
}

async function clientOn(email: string, channel: 'email' | 'whatsapp', phone: string | null) {
  const s = await newClient(server, email, 'Lola Visita');
  const contact = await s.put('/api/my-account/contact', { phone, messageChannel: channel });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  return s;
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** The cancellations recorded for `ids`, once `expected` are in and a moment more for any stray one. */
async function cancellations(ids: string[], expected: number) {
  const read = async () =>
    (
      await db().execute<{ appointment_id: string; recipient: string; channel: string | null }>(
        sql`SELECT appointment_id, recipient, channel FROM sent_messages WHERE kind = 'cancellation' AND appointment_id IN (${idList(ids)}) ORDER BY recipient, appointment_id`,
      )
    ).rows;
  for (let i = 0; i < 150 && (await read()).length < expected; i++) await sleep(100);
  await sleep(1500);
  return read();
}

/** The visit's reminder jobs once the outbox is relayed (ADR 028): part id -> when it runs. */
async function reminders(ids: string[]) {
  await expect.poll(() => relayOutbox(db()), { timeout: 2000 }).toBe(true);
  const res = await db().execute<{ key: string; run_at: Date }>(
    sql`SELECT key, run_at FROM graphile_worker._private_jobs WHERE key IN (${sql.join(
      ids.map((id) => sql`${`reminder:${id}`}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(res.rows.map((r) => [r.key.slice('reminder:'.length), new Date(r.run_at).toISOString()]));
}

type Recorded = Awaited<ReturnType<typeof cancellations>>;
/** The channels of her cancellations, each recorded for a part of `ids`. */
const toHer = (got: Recorded, ids: string[]) => got.filter((r) => r.recipient === 'client' && ids.includes(r.appointment_id)).map((r) => r.channel);

const mailsTo = (to: string, prefix: string) => mail.mails.filter((m) => m.to.includes(to) && m.subject.startsWith(prefix));

describe('the whole visit cancelled: one message to her', () => {
  it('a client with an account cancels a two-part visit in Mis Citas: one mail naming both services; each professional her own', async () => {
    const lola = await clientOn('lola-mail@cliente.test', 'email', null);
    const [mani, pedi] = await bookVisit(lola, MONDAY, 'parallel');
    expect(Object.keys(await reminders([mani, pedi]))).toEqual([mani]);
    const res = await lola.post(`/api/my-appointments/${pedi}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const got = await cancellations([mani, pedi], 3);
    // Side by side, either part may speak for the visit (the same words): one message, to her.
    expect(toHer(got, [mani, pedi])).toEqual(['email']);
    expect(got.filter((r) => r.recipient === 'professional')).toHaveLength(2);
    const hers = mailsTo('lola-mail@cliente.test', 'Cita cancelada');
    expect(hers).toHaveLength(1);
    expect(hers[0]!.subject).toBe(`Cita cancelada: Manicura + Pedicura, ${spanishDay(MONDAY)} a las 10:00`);
    expect(hers[0]!.text).toContain('Hola Lola Visita: has cancelado tu cita en Auna.');
    expect(hers[0]!.text).toContain('Servicio 1: Manicura, 10:00, con Ana Ruiz');
    expect(hers[0]!.text).toContain('Servicio 2: Pedicura, 10:00, con Eva Sanz');
    expect(hers[0]!.text).toMatch(/Precio: 45,50\s€/);
    // Her calendar's event (the whole visit, under the first part's UID) is withdrawn.
    expect(hers[0]!.calendar).toContain('METHOD:CANCEL');
    expect((await mail.waitFor('ana@salon.test', { match: (m) => m.subject.startsWith('Cita cancelada') })).subject).toContain('Cita cancelada: Manicura, lunes');
    expect((await mail.waitFor('eva@salon.test', { match: (m) => m.subject.startsWith('Cita cancelada') })).subject).toContain('Cita cancelada: Pedicura, lunes');
    expect(await reminders([mani, pedi])).toEqual({});
  }, 60_000);

  it('the desk cancels the whole visit of a phone-only client on WhatsApp: one template naming both parts', async () => {
    const [record] = await db().insert(clients).values({ name: 'Rosa Fuentes', phone: '+34611223344', messageChannel: 'whatsapp' }).returning({ id: clients.id });
    // The desk books a visit for a record part by part (it has no visit booking of its own yet): two
    // bookings through the staff route, then made one visit as the visit booking stores it (ADR 081).
    const ids: string[] = [];
    for (const [serviceId, professionalId] of [
      [manicure, ana],
      [pedicure, eva],
    ] as const) {
      const res = await desk.post('/api/booking/staff', { serviceId, professionalId, date: TUESDAY, time: '10:00', clientId: record!.id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.appointment.id);
    }
    await db().execute(sql`UPDATE appointments SET visit_id = gen_random_uuid() WHERE id = ${ids[0]}::uuid`);
    await db().execute(sql`UPDATE appointments SET visit_id = (SELECT visit_id FROM appointments WHERE id = ${ids[0]}::uuid) WHERE id = ${ids[1]}::uuid`);

    const res = await desk.patch(`/api/admin/appointments/${ids[1]}/status`, { status: 'cancelled_by_salon', wholeVisit: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const statuses = await db().execute<{ status: string }>(sql`SELECT status FROM appointments WHERE id IN (${idList(ids)})`);
    expect(statuses.rows.map((r) => r.status)).toEqual(['cancelled_by_salon', 'cancelled_by_salon']);

    const got = await cancellations(ids, 3);
    expect(toHer(got, ids)).toEqual(['whatsapp']);
    const sent = meta.messages.filter((m) => m.to === '34611223344' && m.template === 'auna_cita_cancelada');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters).toEqual(['Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)', spanishDay(TUESDAY, false), '10:00']);
    expect(got.filter((r) => r.recipient === 'professional')).toHaveLength(2);
  }, 60_000);

  it('her WhatsApp "Cancelar cita" on the visit cancels every part, with one template naming both', async () => {
    const lola = await clientOn('lola-wa@cliente.test', 'whatsapp', '+34 622 33 44 55');
    const [mani, pedi] = await bookVisit(lola, NEXT_WEDNESDAY, 'parallel');
    const confirmation = await meta.waitFor('34622334455', (m) => m.template === 'auna_cita_confirmada');
    expect((await meta.tap(confirmation, 1)).status).toBe(200);
    const got = await cancellations([mani, pedi], 3);
    expect(toHer(got, [mani, pedi])).toEqual(['whatsapp']);
    const statuses = await db().execute<{ status: string }>(sql`SELECT status FROM appointments WHERE id IN (${idList([mani, pedi])})`);
    expect(statuses.rows.map((r) => r.status)).toEqual(['cancelled_by_client', 'cancelled_by_client']);
    const sent = meta.messages.filter((m) => m.to === '34622334455' && m.template === 'auna_cita_cancelada');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters[0]).toBe('Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)');
  }, 60_000);
});

describe('the desk handles one part: she hears of that part, the visit keeps its one reminder', () => {
  it('the first part cancelled: one mail for it, the rest in Mis Citas, the reminder moves to the next part', async () => {
    const lola = await clientOn('lola-part@cliente.test', 'email', null);
    // Back to back with Ana: manicure 10:00-11:00, pedicure 11:00-12:00 (Madrid).
    const [mani, pedi] = await bookVisit(lola, THURSDAY, 'sequence');
    expect(await reminders([mani, pedi])).toEqual({ [mani]: dayBefore(THURSDAY, '10:00') });

    const res = await desk.patch(`/api/admin/appointments/${mani}/status`, { status: 'cancelled_by_salon' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The pedicure's reminder, 24 h before its own time.
    expect(await reminders([mani, pedi])).toEqual({ [pedi]: dayBefore(THURSDAY, '11:00') });

    const got = await cancellations([mani, pedi], 2);
    expect(got).toEqual([
      { appointment_id: mani, recipient: 'client', channel: 'email' },
      { appointment_id: mani, recipient: 'professional', channel: 'email' },
    ]);
    const hers = mailsTo('lola-part@cliente.test', 'Cita cancelada');
    expect(hers).toHaveLength(1);
    expect(hers[0]!.subject).toBe(`Cita cancelada: Manicura, ${spanishDay(THURSDAY)} a las 10:00`);
    expect(hers[0]!.text).toContain('El resto de tu visita sigue en pie');
    expect(hers[0]!.text).not.toContain('Pedicura');
    // No calendar CANCEL: her calendar's event is the whole visit's, and the pedicure still stands.
    expect(hers[0]!.calendar).toBeUndefined();
    const mine = await lola.get('/api/my-appointments');
    const pedicureRow = mine.body.appointments.find((a: { id: string }) => a.id === pedi);
    expect(pedicureRow).toMatchObject({ status: 'confirmed', serviceName: 'Pedicura' });
  }, 60_000);

  it('the first part moved after the second: the one reminder goes to the new earliest part, at its time', async () => {
    const lola = await clientOn('lola-move@cliente.test', 'email', null);
    const [mani, pedi] = await bookVisit(lola, FRIDAY, 'sequence');
    expect(await reminders([mani, pedi])).toEqual({ [mani]: dayBefore(FRIDAY, '10:00') });
    const moved = await desk.post(`/api/booking/reschedule/${mani}`, { professionalId: ana, date: FRIDAY, time: '12:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await reminders([mani, pedi])).toEqual({ [pedi]: dayBefore(FRIDAY, '11:00') });
    // Moved back first: the reminder follows it.
    const back = await desk.post(`/api/booking/reschedule/${mani}`, { professionalId: eva, date: FRIDAY, time: '10:00' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await reminders([mani, pedi])).toEqual({ [mani]: dayBefore(FRIDAY, '10:00') });
  }, 60_000);

  it('a single appointment cancelled by the desk: as before, one mail with its calendar CANCEL, its reminder gone', async () => {
    const lola = await clientOn('lola-one@cliente.test', 'email', null);
    const booked = await lola.post('/api/booking', { serviceId: manicure, professionalId: eva, date: NEXT_MONDAY, time: '11:00' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.appointment.id as string;
    expect(await reminders([id])).toEqual({ [id]: dayBefore(NEXT_MONDAY, '11:00') });
    const res = await desk.patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' });
    expect(res.status).toBe(200);
    const got = await cancellations([id], 2);
    expect(got.map((r) => r.recipient)).toEqual(['client', 'professional']);
    const hers = mailsTo('lola-one@cliente.test', 'Cita cancelada');
    expect(hers).toHaveLength(1);
    expect(hers[0]!.subject).toBe(`Cita cancelada: Manicura, ${spanishDay(NEXT_MONDAY)} a las 11:00`);
    expect(hers[0]!.text).toContain('el salón Auna ha cancelado tu cita');
    expect(hers[0]!.calendar).toContain('METHOD:CANCEL');
    expect(await reminders([id])).toEqual({});
  }, 60_000);

  it('wholeVisit is refused with any other status', async () => {
    const res = await desk.patch(`/api/admin/appointments/${ana}/status`, { status: 'completed', wholeVisit: true });
    expect(res.status).toBe(400);
  });
});
