import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient } from '../../../../test/support/booking-fixtures';
import type { Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { visibleText } from '../../../../test/support/mail-html';
import { startMetaGraph, type MetaGraph } from '../../../../test/support/meta-graph';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { startTwilio, type TwilioStandIn } from '../../../../test/support/twilio';
import { arrangeVisitSalon, visitConfirmations, visitSalonSettings } from '../../../../test/support/visit-salon';

// A visit of several services sends her ONE confirmation, listing every part (service, time,
// professional), by her channel: email, WhatsApp, SMS, or nothing when she chose none; each
// professional hears of her own part as for a single booking (ADR 093). "Now" is Wednesday
// 2026-01-14 11:00 in Madrid; Ana and Eva work Mon-Fri 10:00-12:00.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let mail: MailCatcher;
let meta: MetaGraph;
let twilio: TwilioStandIn;
let ana: string;
let eva: string;
let manicure: string;
let pedicure: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  meta = await startMetaGraph();
  twilio = await startTwilio();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url, ...meta.env, ...twilio.env } });
  meta.deliverTo(`${server.url}/api/webhooks/whatsapp`);
  await visitSalonSettings(server);
  ({ ana, eva, manicure, pedicure } = await arrangeVisitSalon(server));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await meta?.close();
  await mail?.close();
});

/** A client on `channel` (with a Spanish mobile for the phone ones) books manicure with Ana and pedicure with Eva at once. */
async function bookVisit(email: string, date: string, channel: 'email' | 'whatsapp' | 'sms' | 'none', phone: string | null) {
  const s: Session = await newClient(server, email, 'Lola Visita');
  const contact = await s.put('/api/my-account/contact', { phone, messageChannel: channel });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  const res = await s.post('/api/booking/visits', {
    parts: [
      { serviceId: manicure, professionalId: ana },
      { serviceId: pedicure, professionalId: eva },
    ],
    mode: 'parallel',
    date,
    time: '10:00',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.visit.parts as Array<{ appointment: { id: string } }>).map((p) => p.appointment.id);
}

const confirmations = (ids: string[]) => visitConfirmations(server, ids);

describe('one confirmation for a visit of two services', () => {
  it('by email: one mail lists both parts, the total and the visit span; each professional gets her own part', async () => {
    const ids = await bookVisit('lola-email@cliente.test', '2026-01-19', 'email', null);
    const got = await confirmations(ids);
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'email' }]);
    expect(got.filter((r) => r.recipient === 'professional')).toHaveLength(2);
    const hers = mail.mails.filter((m) => m.to.includes('lola-email@cliente.test') && m.subject.startsWith('Cita confirmada'));
    expect(hers).toHaveLength(1);
    expect(hers[0]!.subject).toBe('Cita confirmada: Manicura + Pedicura, lunes, 19 de enero de 2026 a las 10:00');
    expect(hers[0]!.text).toContain('Servicio 1: Manicura, 10:00, con Ana Ruiz');
    expect(hers[0]!.text).toContain('Servicio 2: Pedicura, 10:00, con Eva Sanz');
    // At the same time: the visit lasts the longer part; the price is both (a no-break space before the euro sign).
    expect(hers[0]!.text).toContain('Cuándo: lunes, 19 de enero de 2026 a las 10:00 (hora de Madrid), 60 min');
    expect(hers[0]!.text).toMatch(/Precio: 45,50\s€/);
    const html = visibleText(hers[0]!.html ?? '');
    expect(html).toContain('Manicura, 10:00, con Ana Ruiz');
    expect(html).toContain('Pedicura, 10:00, con Eva Sanz');
    // Her reminder (due at once: the queue runs on the real clock, the rules on the test's) is one too, listing both.
    const reminder = await mail.waitFor('lola-email@cliente.test', { match: (m) => m.subject.startsWith('Recordatorio') });
    expect(reminder.text).toContain('Servicio 2: Pedicura, 10:00, con Eva Sanz');
    expect(mail.mails.filter((m) => m.to.includes('lola-email@cliente.test') && !m.subject.startsWith('Confirma tu email'))).toHaveLength(
      2,
    );
    expect((await mail.waitFor('ana@salon.test', { match: (m) => m.subject.startsWith('Nueva cita') })).subject).toContain(
      'Nueva cita: Manicura, lunes',
    );
    expect((await mail.waitFor('eva@salon.test', { match: (m) => m.subject.startsWith('Nueva cita') })).subject).toContain(
      'Nueva cita: Pedicura, lunes',
    );
  }, 60_000);

  it('by WhatsApp: one template whose service names both parts', async () => {
    const ids = await bookVisit('lola-wa@cliente.test', '2026-01-20', 'whatsapp', '+34 611 22 33 44');
    const got = await confirmations(ids);
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'whatsapp' }]);
    const sent = meta.messages.filter((m) => m.to === '34611223344' && m.template === 'auna_cita_confirmada');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters[0]).toBe('Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)');
    // The queue runs on the real clock, the rules on the test's: the reminders are due at once. One, listing both.
    const reminder = await meta.waitFor('34611223344', (m) => m.template === 'auna_recordatorio_cita');
    expect(reminder.parameters[0]).toBe('Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)');
    await sleep(1000);
    expect(meta.messages.filter((m) => m.to === '34611223344')).toHaveLength(2);
  }, 60_000);

  it('by SMS: one text naming both parts', async () => {
    const ids = await bookVisit('lola-sms@cliente.test', '2026-01-21', 'sms', '+34 622 33 44 55');
    const got = await confirmations(ids);
    expect(got.filter((r) => r.recipient === 'client')).toEqual([{ recipient: 'client', outcome: 'sent', channel: 'sms' }]);
    const sent = twilio.messages.filter((m) => m.to === '+34622334455' && m.body.includes(': tu cita de'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Auna: tu cita de Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz) es el miércoles');
    const reminder = await twilio.waitFor('+34622334455', (m) => m.body.includes('te recordamos'));
    expect(reminder.body).toContain('Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)');
    await sleep(1000);
    expect(twilio.messages.filter((m) => m.to === '+34622334455')).toHaveLength(2);
  }, 60_000);

  it('with no channel: nothing to her, recorded once; the professionals are told all the same', async () => {
    const ids = await bookVisit('lola-none@cliente.test', '2026-01-22', 'none', null);
    const got = await confirmations(ids);
    expect(got).toEqual([
      { recipient: 'client', outcome: 'opted_out', channel: 'email' },
      { recipient: 'professional', outcome: 'sent', channel: 'email' },
      { recipient: 'professional', outcome: 'sent', channel: 'email' },
    ]);
    expect(mail.mails.filter((m) => m.to.includes('lola-none@cliente.test') && !m.subject.startsWith('Confirma tu email'))).toHaveLength(0);
  }, 60_000);
});
