import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonSettings } from '../../db/schema';
import { consentSignToken } from '../../notifications/consent-tokens';
import { relayOutbox } from '../../notifications/relay';
import { arrangeSalon, newClient, nextIp, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { firstLink, startMailCatcher, type CaughtMail, type MailCatcher } from '../../../../test/support/mail-catcher';
import { htmlLinks, visibleText } from '../../../../test/support/mail-html';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { spanishDay, springForwardSaturday } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// Every kind of mail as its reader gets it (ADR 044), through the real queue and the tests' real
// SMTP server: the subject, the plain-text part (present and readable alone), the HTML part's
// words and links in the salon's frame, and the .ics where there was one. "Now" is 11:00 Madrid on
// the Saturday before the next spring-forward Sunday, ahead of the real clock the queue runs on
// (test/support/clock-days.ts); the clocks go forward that night.

const SATURDAY = springForwardSaturday();
const NOW = new Date(`${SATURDAY}T10:00:00Z`);
const [MONDAY, TUESDAY] = [addDays(SATURDAY, 2), addDays(SATURDAY, 3)];
const SALON = { name: 'Auna Estética & Belleza', address: 'Calle Mayor 12, 37700 Béjar (Salamanca)', phoneNumber: '+34 923 40 12 34' };
const PHONE = '923 40 12 34';
const HEALTH_QUESTION = '¿Tomas medicación fotosensibilizante?';

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
    .values({ id: 1, ...SALON, appointmentTimeSlotInterval: 30, cancellationPolicyHours: 0, maxFutureAppointmentsPerClient: 50 });
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  admin = await newClient(server, 'jefa@salon.test', 'Jefa');
  await promote(server.deps, 'jefa@salon.test', 'admin');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const waitKey = (to: string, key: string) => mail.waitFor(to, { match: (m) => m.headers['x-auna-message-key'] === key, timeout: 15_000 });
async function book(serviceId: string, date: string, time: string) {
  const res = await marta.post('/api/booking', { serviceId, professionalId: salon.lucia, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
}
/** The queue runs on the real clock, behind the test's "now": relay, then make the job due now. */
async function runJobNow(jobKey: string) {
  await expect.poll(() => relayOutbox(server.deps.db), { timeout: 2000 }).toBe(true);
  const res = await server.deps.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${jobKey}`);
  expect(res.rowCount, `the job ${jobKey} waits`).toBe(1);
}

/** Each of `lines` in the HTML part's words, in this order. */
function expectInOrder(m: CaughtMail, lines: string[]) {
  const seen = visibleText(m.html ?? '');
  let at = 0;
  for (const line of lines) {
    const i = seen.indexOf(line, at);
    expect(i, `"${line}" after position ${at} in:\n${seen}`).toBeGreaterThanOrEqual(0);
    at = i + line.length;
  }
}

/** Both parts are there; the HTML asks nothing from the internet; the salon's address and phone close it. */
function expectTwoReadableParts(m: CaughtMail) {
  expect(m.text.length).toBeGreaterThan(80);
  expect(m.text).not.toMatch(/<[a-z][^>]*>/i);
  expect(m.html).toBeDefined();
  expect(m.html).not.toMatch(/<img|<link|<style|<script|url\(/i);
  expect(visibleText(m.html!).split('\n').slice(0, 1)).toEqual([SALON.name]);
  const links = htmlLinks(m.html!);
  expect(links).toContainEqual({ href: 'tel:+34923401234', text: PHONE });
}

const linkTo = (m: CaughtMail, text: string) => htmlLinks(m.html!).find((l) => l.text === text)?.href;

describe('the account mails', () => {
  it('the verification: its subject, the text whose first link confirms, and a button to the same link', async () => {
    const m = await mail.waitFor('marta@example.com', { match: (x) => x.subject === STAFF_MSG.emailVerifySubject });
    expect(m.text).toMatch(/^Hola Marta García:\n/);
    const link = firstLink(m.text)!;
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      SALON.name,
      'Confirma tu email',
      'Hola Marta García:',
      'Gracias por crear tu cuenta en Auna.',
      'Confirmar mi email',
      SALON.address,
      PHONE,
    ]);
    expect(htmlLinks(m.html!)[0]).toEqual({ href: link, text: 'Confirmar mi email' });
    // The button works: it confirms her email.
    const res = await newSession(server.url, nextIp()).get(link.replace(server.url, ''));
    expect([200, 302]).toContain(res.status);
  });

  it('the password reset: the same, with its own words', async () => {
    const req = await newSession(server.url, nextIp()).post('/api/auth/request-password-reset', {
      email: 'marta@example.com',
      redirectTo: '/reset-password',
    });
    expect(req.status).toBe(200);
    const m = await mail.waitFor('marta@example.com', { match: (x) => x.subject === 'Restablece tu contraseña de Auna' });
    expect(m.text).toContain('Para elegir una contraseña nueva abre este enlace (caduca en una hora):');
    const link = firstLink(m.text)!;
    expect(link.startsWith(`${server.url}/api/auth/reset-password/`)).toBe(true);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Elige una contraseña nueva',
      'Hola Marta García:',
      'Restablecer contraseña',
      'Si no lo has pedido tú, ignora este correo.',
    ]);
    expect(linkTo(m, 'Restablecer contraseña')).toBe(link);
  });
});

describe('the messages about an appointment', () => {
  let id: string;
  beforeAll(async () => {
    id = await book(salon.corte, MONDAY, '10:00');
  });

  it('the confirmation shows the service, the day, the time, the professional, the price, the address and the phone, with her appointments as the button and the .ics', async () => {
    const m = await waitKey('marta@example.com', `confirmation:client:${id}:0`);
    expect(m.subject).toBe(`Cita confirmada: Corte y peinado, ${spanishDay(MONDAY)} a las 10:00`);
    for (const line of [
      'Hola Marta García: tu cita en Auna Estética & Belleza está confirmada.',
      'Servicio: Corte y peinado',
      'Profesional: Lucía Martín',
      `Cuándo: ${spanishDay(MONDAY)} a las 10:00 (hora de Madrid), 30 min`,
      `Salón: ${SALON.name}, ${SALON.address}`,
      `Teléfono: ${PHONE}`,
      `Tus citas: ${server.url}/my-appointments`,
    ]) {
      expect(m.text).toContain(line);
    }
    expect(m.text).toMatch(/Precio: 25,50\s€/);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Tu cita está confirmada',
      'Hola Marta García',
      'Corte y peinado',
      spanishDay(MONDAY),
      'a las 10:00 · 30 min',
      'Lucía Martín',
      '25,50',
      SALON.address,
      PHONE,
      'Ver mis citas',
      'Añadir a Google Calendar',
    ]);
    expect(linkTo(m, 'Ver mis citas')).toBe(`${server.url}/my-appointments`);
    expect(linkTo(m, 'Añadir a Google Calendar')).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
    // The stop link of the HTML is the one of the text and of the List-Unsubscribe header.
    expect(`<${linkTo(m, 'No quiero recibir recordatorios')}>`).toBe(m.headers['list-unsubscribe']);
    expect(m.calendar).toContain('METHOD:REQUEST');
    expect(m.calendar).toContain('SUMMARY:Corte y peinado · Auna Estética & Belleza');
  });

  it("the professional's notice names the client, not the price, and opens her agenda; no .ics", async () => {
    const m = await waitKey('lucia@salon.test', `confirmation:professional:${id}:0`);
    expect(m.subject).toBe(`Nueva cita: Corte y peinado, ${spanishDay(MONDAY)} a las 10:00`);
    expect(m.text).toContain('Cliente: Marta García');
    expect(m.text).toContain(`Tu agenda: ${server.url}/employee/agenda`);
    expectTwoReadableParts(m);
    expectInOrder(m, ['Nueva cita', 'Marta García ha reservado una cita contigo.', 'Cliente', 'Marta García', 'Ver mi agenda']);
    expect(visibleText(m.html!)).not.toContain('Precio');
    expect(linkTo(m, 'Ver mi agenda')).toBe(`${server.url}/employee/agenda`);
    expect(m.calendar).toBeUndefined();
  });

  it('the 24-hour reminder says "mañana" and how to change it; no .ics', async () => {
    await runJobNow(`reminder:${id}`);
    const m = await waitKey('marta@example.com', `reminder:client:${id}:0`);
    expect(m.subject).toBe(`Recordatorio: tu cita mañana, ${spanishDay(MONDAY)} a las 10:00`);
    expect(m.text).toContain(`¿Necesitas cambiarla o cancelarla? Hazlo desde tus citas o llama al salón: ${PHONE}.`);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Tu cita es mañana',
      'Hola Marta García: te recordamos tu cita',
      spanishDay(MONDAY),
      'a las 10:00',
      'Ver mis citas',
      '¿Necesitas cambiarla o cancelarla?',
    ]);
    expect(m.calendar).toBeUndefined();
  });

  it('her move: the new time, and an .ics that replaces the first', async () => {
    const res = await marta.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date: MONDAY, time: '12:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = await waitKey('marta@example.com', `rescheduled:client:${id}:1`);
    expect(m.subject).toBe(`Tu cita ha cambiado: Corte y peinado, ahora ${spanishDay(MONDAY)} a las 12:00`);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Tu cita ha cambiado de hora',
      'La nueva hora es la de abajo.',
      spanishDay(MONDAY),
      'a las 12:00 · 30 min',
      'Ver mis citas',
    ]);
    expect(m.calendar).toContain('METHOD:REQUEST');
    expect(m.calendar).toContain('SEQUENCE:1');
    const p = await waitKey('lucia@salon.test', `rescheduled:professional:${id}:1`);
    expectInOrder(p, ['Cita cambiada de hora', 'La cita de Marta García contigo ha cambiado de hora.', 'a las 12:00']);
  });

  it('her cancellation: the card says "Cancelada", the button books again, and the .ics withdraws it', async () => {
    const res = await marta.post(`/api/my-appointments/${id}/cancel`, {});
    expect(res.status).toBe(200);
    const m = await waitKey('marta@example.com', `cancellation:client:${id}:1`);
    expect(m.subject).toBe(`Cita cancelada: Corte y peinado, ${spanishDay(MONDAY)} a las 12:00`);
    expect(m.text).toContain('Hola Marta García: has cancelado tu cita en Auna Estética & Belleza.');
    expect(m.text).toContain(`Reservar otra cita: ${server.url}/services`);
    expectTwoReadableParts(m);
    expectInOrder(m, ['Has cancelado tu cita', 'Cancelada', 'Corte y peinado', 'a las 12:00', 'Reservar otra cita', 'Ver mis citas']);
    expect(visibleText(m.html!)).not.toContain('¿Necesitas cambiarla');
    expect(linkTo(m, 'Reservar otra cita')).toBe(`${server.url}/services`);
    expect(m.calendar).toContain('METHOD:CANCEL');
    const p = await waitKey('lucia@salon.test', `cancellation:professional:${id}:1`);
    expectInOrder(p, ['Cita cancelada', 'Marta García ha cancelado su cita contigo.', 'Cancelada']);
  });
});

describe('a consent still to sign', () => {
  it('is the confirmation’s button and the consent reminder’s, and no health question reaches either', async () => {
    const made = await admin.post('/api/admin/consent-templates', {
      title: 'Consentimiento informado: coloración',
      body: 'Entiendo el tratamiento.',
      questions: [{ id: 'medicacion', text: HEALTH_QUESTION, kind: 'yesno', askDetail: true, contraindication: true }],
      validity: { kind: 'months', months: 12 },
      serviceIds: [salon.tinte],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = await book(salon.tinte, TUESDAY, '10:00');
    const signUrl = `${server.url}/firma/${consentSignToken(server.deps.messageSecret, id)}`;

    const confirmation = await waitKey('marta@example.com', `confirmation:client:${id}:0`);
    expect(confirmation.text).toContain(`Firma tu consentimiento: ${signUrl}`);
    expect(htmlLinks(confirmation.html!).filter((l) => !l.href.startsWith('tel:'))[0]).toEqual({
      href: signUrl,
      text: 'Firma tu consentimiento',
    });
    expect(linkTo(confirmation, 'Ver mis citas')).toBe(`${server.url}/my-appointments`);

    await runJobNow(`consent_reminder:${id}`);
    const m = await waitKey('marta@example.com', `consent_reminder:client:${id}:0`);
    expect(m.subject).toBe(`Firma tu consentimiento antes de tu cita: Tinte completo, ${spanishDay(TUESDAY)} a las 10:00`);
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Firma tu consentimiento',
      'necesitamos tu consentimiento informado firmado',
      'Tinte completo',
      spanishDay(TUESDAY),
      'Firma tu consentimiento',
    ]);
    expect(linkTo(m, 'Firma tu consentimiento')).toBe(signUrl);
    expect(m.calendar).toBeUndefined();
    for (const part of [m.text, m.html!, confirmation.text, confirmation.html!]) expect(part).not.toContain('medicación');
  });
});

describe('a client of the front desk with an email and no account', () => {
  it('gets the same confirmation, with the salon’s phone to change it', async () => {
    const rec = await admin.post('/api/front-desk/clients', {
      name: 'Carmen Vidal',
      phone: '612345678',
      email: 'carmen.vidal@correo.test',
    });
    expect(rec.status, JSON.stringify(rec.body)).toBe(201);
    const booked = await admin.post('/api/booking/staff', {
      serviceId: salon.corte,
      professionalId: salon.lucia,
      clientId: rec.body.client.id,
      date: TUESDAY,
      time: '15:00',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const m = await waitKey('carmen.vidal@correo.test', `confirmation:client:${booked.body.appointment.id}:0`);
    expect(m.text).toContain('Hola Carmen Vidal: tu cita en Auna Estética & Belleza está confirmada.');
    expectTwoReadableParts(m);
    expectInOrder(m, [
      'Tu cita está confirmada',
      'Hola Carmen Vidal',
      spanishDay(TUESDAY),
      'a las 15:00',
      'Ver mis citas',
      `llama al salón: ${PHONE}`,
    ]);
    expect(m.calendar).toContain('METHOD:REQUEST');
  });
});
