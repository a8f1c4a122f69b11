// Every mail the app sends, rendered with the demo salon's data to HTML and text files and
// screenshotted in Debian's Chromium at a phone's width (390 px) and, for a few, a desktop's
// (1280 px), to look at them (ADR 044). Every request the page makes is refused and counted: a mail
// must need nothing from the internet (no remote image, font or style), so any is an error.
// Usage: npx tsx scripts/email-previews.ts [outDir]   (default screenshots/emails)
import { chromium } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Mail } from '../src/server/mail/mailer';
import { resetPasswordMail, staffInvitationMail, verifyEmailMail } from '../src/server/mail/templates';
import type { MessagePayload } from '../src/server/notifications/enqueue';
import { appointmentMail, type MessageData } from '../src/server/notifications/templates';

const out = process.argv[2] ?? 'screenshots/emails';
const DESKTOP_TOO = new Set(['cita-confirmada', 'cuenta-confirma-tu-email']);

const salon = { name: 'Auna Estética & Belleza', address: 'Calle Mayor 12, 37700 Béjar (Salamanca)', phoneNumber: '+34 923 40 12 34' };
const url = 'https://reservas.auna.example';
const sample = (status: string, extra: Partial<MessageData> = {}): MessageData => ({
  appointment: {
    id: '0b6f1d7e-5c1a-4a57-9d55-3b1f2a9c7e10',
    clientName: 'Marta García',
    employeeName: 'Lucía Martín',
    serviceName: 'Limpieza facial profunda',
    serviceDuration: 60,
    price: 45,
    start: new Date('2027-03-29T08:00:00Z'),
    end: new Date('2027-03-29T09:00:00Z'),
    status,
  },
  salon,
  myAppointmentsUrl: `${url}/my-appointments`,
  bookUrl: `${url}/services`,
  agendaUrl: `${url}/employee/agenda`,
  stopRemindersUrl: `${url}/api/messages/stop-reminders?token=dGVzdA.abc`,
  reminderHours: 24,
  ...extra,
});
const consentUrl = `${url}/firma/ZXhhbXBsZQ.sig`;
const noStop = { stopRemindersUrl: undefined };
const appt = (kind: MessagePayload['kind'], recipient: MessagePayload['recipient'], d: MessageData) => ({
  to: 'marta@example.com',
  ...appointmentMail(kind, recipient, d),
});

const mails: Record<string, Mail> = {
  'cuenta-confirma-tu-email': verifyEmailMail({
    to: 'marta@example.com',
    name: 'Marta García',
    url: `${url}/api/auth/verify-email?token=eyJhbGciOi`,
    salon,
  }),
  'cuenta-restablecer-contrasena': resetPasswordMail({
    to: 'marta@example.com',
    name: 'Marta García',
    url: `${url}/reset-password/Q2xhdmVOdWV2YQ?callbackURL=%2Freset-password`,
    salon,
  }),
  'cuenta-invitacion-profesional': staffInvitationMail({
    to: 'sara@example.com',
    name: 'Sara Luz',
    url: `${url}/reset-password/Q2xhdmVOdWV2YQ?callbackURL=%2Freset-password`,
    salon,
  }),
  'cita-confirmada': appt('confirmation', 'client', sample('confirmed')),
  'cita-confirmada-falta-consentimiento': appt('confirmation', 'client', sample('confirmed', { consentUrl })),
  'cita-cambiada': appt('rescheduled', 'client', sample('confirmed')),
  'cita-recordatorio-24h': appt('reminder', 'client', sample('confirmed')),
  'cita-recordatorio-consentimiento': appt('consent_reminder', 'client', sample('confirmed', { consentUrl })),
  'cita-cancelada-por-ti': appt('cancellation', 'client', sample('cancelled_by_client')),
  'cita-cancelada-por-el-salon': appt('cancellation', 'client', sample('cancelled_by_salon')),
  'profesional-nueva-cita': appt('confirmation', 'professional', sample('confirmed', noStop)),
  'profesional-cita-cambiada': appt('rescheduled', 'professional', sample('confirmed', noStop)),
  'profesional-recordatorio': appt('reminder', 'professional', sample('confirmed', noStop)),
  'profesional-cita-cancelada': appt('cancellation', 'professional', sample('cancelled_by_client', noStop)),
  // The salon's settings empty (a new install): no address, no phone, the default name.
  'cita-confirmada-salon-sin-datos': appt(
    'confirmation',
    'client',
    sample('confirmed', { salon: { name: 'Mi Salón de Belleza', address: '', phoneNumber: '' } }),
  ),
};

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let external = 0;
try {
  for (const [name, mail] of Object.entries(mails)) {
    const htmlFile = path.resolve(out, `${name}.html`);
    await writeFile(htmlFile, mail.html ?? '');
    await writeFile(path.resolve(out, `${name}.txt`), `Asunto: ${mail.subject}\n\n${mail.text}\n`);
    for (const width of DESKTOP_TOO.has(name) ? [390, 1280] : [390]) {
      const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: 'es-ES' });
      await ctx.route('**/*', (route) => {
        if (route.request().url().startsWith('file:')) return route.continue();
        external++;
        console.error(`${name}: the mail asked for ${route.request().url()}`);
        return route.abort();
      });
      const page = await ctx.newPage();
      await page.goto(pathToFileURL(htmlFile).href);
      const file = path.join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
}
if (external > 0) {
  console.error(`${external} request(s) to outside the mail`);
  process.exit(1);
}
