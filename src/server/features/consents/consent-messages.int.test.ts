import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageKey } from '../../../domain/notification-rules';
import { salonSettings } from '../../db/schema';
import { consentSignToken } from '../../notifications/consent-tokens';
import { relayOutbox } from '../../notifications/relay';
import { signatureDataUrl } from '../../seed/signature-png';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { springForwardSaturday } from '../../../../test/support/clock-days';
import { addDays } from '../../../domain/calendar-date';

// The consent's messages (ADR 041) through the real queue and SMTP server: the confirmation links
// to "Firma tu consentimiento" while a required consent is unsigned, the reminder 48 h before asks
// again, and no answer ever reaches an email, its calendar invitation or the log. "Now" is 11:00
// Madrid on the Saturday before the next spring-forward Sunday, ahead of the real clock the queue
// runs on (test/support/clock-days.ts); the Tuesday after, 10:00 CEST (08:00Z), is more than 48 h ahead.

const SATURDAY = springForwardSaturday();
const NOW = new Date(`${SATURDAY}T10:00:00Z`);
const [SUNDAY, TUESDAY] = [addDays(SATURDAY, 1), addDays(SATURDAY, 3)];
const SECRET_ANSWER = 'isotretinoína-7731';
let server: TestServer;
let mail: MailCatcher;
let salon: Salon;
let marta: Session;
const logLines: string[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, LOG_LEVEL: 'debug' }, logLines });
  salon = await arrangeSalon(server);
  await server.deps.db.insert(salonSettings).values({ id: 1, name: 'Auna', appointmentTimeSlotInterval: 30, cancellationPolicyHours: 0, maxFutureAppointmentsPerClient: 50 });
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  const admin = await newClient(server, 'jefa@salon.test', 'Jefa');
  await promote(server.deps, 'jefa@salon.test', 'admin');
  const made = await admin.post('/api/admin/consent-templates', {
    title: 'Consentimiento informado: depilación láser',
    body: 'Entiendo el tratamiento.',
    questions: [{ id: 'medicacion', text: '¿Tomas medicación fotosensibilizante?', kind: 'yesno', askDetail: true, contraindication: true }],
    validity: { kind: 'months', months: 12 },
    serviceIds: [salon.tinte],
  });
  expect(made.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const book = async (time: string) => {
  const res = await marta.post('/api/booking', { serviceId: salon.tinte, professionalId: salon.lucia, date: TUESDAY, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id as string;
};
const key = (kind: 'confirmation' | 'consent_reminder', recipient: 'client' | 'professional', appointmentId: string) => messageKey({ kind, recipient, appointmentId, version: 0 });
const waitKey = (to: string, k: string) => mail.waitFor(to, { match: (m) => m.headers['x-auna-message-key'] === k, timeout: 15_000 });
const link = (id: string) => `${server.url}/firma/${consentSignToken(server.deps.messageSecret, id)}`;
async function consentReminderJob(id: string) {
  await expect.poll(() => relayOutbox(server.deps.db), { timeout: 2000 }).toBe(true);
  const res = await server.deps.db.execute<{ run_at: Date }>(sql`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${`consent_reminder:${id}`}`);
  return res.rows[0];
}
const runConsentReminderNow = (id: string) => server.deps.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`consent_reminder:${id}`}`);

describe('the consent’s messages', () => {
  let first: string;

  it('the confirmation links to "Firma tu consentimiento"; the professional’s notice does not', async () => {
    first = await book('10:00');
    const m = await waitKey('marta@example.com', key('confirmation', 'client', first));
    expect(m.text).toContain(`Firma tu consentimiento: ${link(first)}`);
    expect(m.html).toContain(`${link(first)}`);
    const pro = await waitKey('lucia@salon.test', key('confirmation', 'professional', first));
    expect(pro.text).not.toContain('/firma/');
  });

  it('a reminder is queued 48 h before, and asks for the signature while it is missing', async () => {
    const job = await consentReminderJob(first);
    expect(new Date(job!.run_at).toISOString()).toBe(`${SUNDAY}T08:00:00.000Z`);
    await runConsentReminderNow(first);
    const m = await waitKey('marta@example.com', key('consent_reminder', 'client', first));
    expect(m.subject).toMatch(/^Firma tu consentimiento antes de tu cita: Tinte completo/);
    expect(m.text).toContain(link(first));
    expect(m.calendar).toBeUndefined();
  });

  it('once signed: the next confirmation has no link and its reminder is not sent; no answer reaches a mail or the log', async () => {
    const token = consentSignToken(server.deps.messageSecret, first);
    // Her browser opens the mailed link: the token goes into a cookie (ADR 051), the form is /api/consents/link.
    const browser = newSession(server.url);
    expect((await browser.get(`/firma/${token}`)).status).toBe(303);
    const form = await browser.get('/api/consents/link');
    const signed = await browser.post('/api/consents/link', {
      appointmentId: first,
      templateVersionId: form.body.pending[0].templateVersionId,
      answers: [{ questionId: 'medicacion', value: true, detail: SECRET_ANSWER }],
      healthDataConsent: true,
      signerName: 'Marta García',
      signature: signatureDataUrl(),
    });
    expect(signed.status).toBe(201);

    const second = await book('11:30');
    const m = await waitKey('marta@example.com', key('confirmation', 'client', second));
    expect(m.text).not.toContain('/firma/');
    expect(await consentReminderJob(second)).toBeDefined();
    await runConsentReminderNow(second);
    await sleep(2_000);
    expect(mail.mails.filter((x) => x.headers['x-auna-message-key'] === key('consent_reminder', 'client', second))).toEqual([]);

    for (const x of mail.mails) expect(JSON.stringify(x)).not.toContain(SECRET_ANSWER);
    // Her professional's calendar feed (ADR 022) lists the visits, never what she answered.
    const feed = await salon.luciaSession.post('/api/messages/calendar-feed', {});
    const ics = await (await fetch(feed.body.url as string)).text();
    expect(ics).toContain('Tinte completo');
    expect(ics).not.toContain(SECRET_ANSWER);
    expect(ics).not.toContain('fotosensibilizante');
    expect(logLines.join('\n')).not.toContain(SECRET_ANSWER);
    expect(logLines.join('\n')).not.toContain('isotretino');
  });

  it('a cancelled visit’s reminder is withdrawn', async () => {
    const third = await book('15:00');
    expect(await consentReminderJob(third)).toBeDefined();
    expect((await marta.post(`/api/my-appointments/${third}/cancel`)).status).toBe(200);
    expect(await consentReminderJob(third)).toBeUndefined();
  });
});
