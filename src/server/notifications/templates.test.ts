import { describe, expect, it } from 'vitest';
import { htmlLinks, visibleText } from '../../../test/support/mail-html';
import { appointmentMail, type MessageData } from './templates';

const data = (status = 'confirmed', reminderHours = 24): MessageData => ({
  appointment: {
    id: 'a1',
    clientName: 'Ana <i>',
    employeeName: 'Lucía',
    serviceName: 'Corte & color',
    serviceDuration: 45,
    price: 30,
    start: new Date('2026-10-25T09:00:00Z'), // Sunday 10:00 Madrid, the day the clocks go back
    end: new Date('2026-10-25T09:45:00Z'),
    status,
  },
  salon: { name: 'Auna', address: 'Calle Mayor 1', phoneNumber: '' },
  myAppointmentsUrl: 'http://x/my-appointments',
  stopRemindersUrl: 'http://x/stop?token=t',
  reminderHours,
});

describe('appointmentMail', () => {
  it.each([
    ['confirmation', 'client', 'confirmed', 'Cita confirmada: Corte & color, domingo, 25 de octubre de 2026 a las 10:00'],
    ['cancellation', 'client', 'cancelled_by_client', 'Cita cancelada: Corte & color, domingo, 25 de octubre de 2026 a las 10:00'],
    ['rescheduled', 'client', 'confirmed', 'Tu cita ha cambiado: Corte & color, ahora domingo, 25 de octubre de 2026 a las 10:00'],
    ['reminder', 'client', 'confirmed', 'Recordatorio: tu cita mañana, domingo, 25 de octubre de 2026 a las 10:00'],
    ['confirmation', 'professional', 'confirmed', 'Nueva cita: Corte & color, domingo, 25 de octubre de 2026 a las 10:00'],
    ['cancellation', 'professional', 'cancelled_by_salon', 'Cita cancelada: Corte & color, domingo, 25 de octubre de 2026 a las 10:00'],
    ['rescheduled', 'professional', 'confirmed', 'Cita cambiada: Corte & color, ahora domingo, 25 de octubre de 2026 a las 10:00'],
  ] as const)('%s to the %s', (kind, recipient, status, subject) => {
    const m = appointmentMail(kind, recipient, data(status));
    expect(m.subject).toBe(subject);
    expect(m.html).toContain('Ana &lt;i&gt;');
    expect(m.html).not.toContain('<i>');
    expect(m.html).toContain('Corte &amp; color');
  });

  it.each([
    ['cancelled_by_client', 'has cancelado tu cita'],
    ['cancelled_by_salon', 'el salón Auna ha cancelado tu cita'],
  ])('a cancellation says who: %s', (status, text) => {
    expect(appointmentMail('cancellation', 'client', data(status)).text).toContain(text);
  });

  it('the desk cancelled one part of her visit: that part, and that the rest stands (ADR 098)', () => {
    const m = appointmentMail('cancellation', 'client', { ...data('cancelled_by_salon'), visitGoesOn: true });
    expect(m.text).toContain('Hola Ana <i>: el salón Auna ha cancelado este servicio de tu visita. El resto de tu visita sigue en pie: lo tienes en tus citas.');
    expect(visibleText(m.html!)).toContain('Un servicio de tu visita está cancelado');
    expect(m.subject).toBe('Cita cancelada: Corte & color, domingo, 25 de octubre de 2026 a las 10:00');
    // Her own cancellation is always of the whole visit: the usual words.
    expect(appointmentMail('cancellation', 'client', { ...data('cancelled_by_client'), visitGoesOn: true }).text).toContain('has cancelado tu cita');
  });

  it.each([
    [2, 'dentro de 2 horas'],
    [48, 'dentro de 2 días'],
    [1, 'dentro de una hora'],
  ])('reminder %s hours before: "%s"', (h, text) => {
    expect(appointmentMail('reminder', 'client', data('confirmed', h)).subject).toContain(text);
  });

  it('the professional gets no price, no stop link of the client and no Google link', () => {
    const m = appointmentMail('confirmation', 'professional', { ...data(), stopRemindersUrl: undefined });
    expect(m.text).not.toContain('Precio');
    expect(m.text).not.toContain('Google');
    expect(m.text).toContain('Cliente: Ana <i>');
  });
});

// What she sees in the HTML part (ADR 044): read as words and links, as a mail client shows them.
describe('the HTML part', () => {
  const salon = { name: 'Auna', address: 'Calle Mayor 1, Béjar', phoneNumber: '+34 923 40 12 34' };
  const full = (status = 'confirmed', extra: Partial<MessageData> = {}): MessageData => ({
    ...data(status),
    salon,
    bookUrl: 'http://x/services',
    agendaUrl: 'http://x/employee/agenda',
    ...extra,
  });
  const kinds = [
    ['confirmation', 'client'],
    ['rescheduled', 'client'],
    ['reminder', 'client'],
    ['consent_reminder', 'client'],
    ['cancellation', 'client'],
    ['confirmation', 'professional'],
    ['rescheduled', 'professional'],
    ['reminder', 'professional'],
    ['cancellation', 'professional'],
  ] as const;

  it.each(kinds)('%s to the %s needs nothing from the internet: inline styles, no image, font or stylesheet', (kind, recipient) => {
    const html = appointmentMail(kind, recipient, full(kind === 'cancellation' ? 'cancelled_by_client' : 'confirmed')).html!;
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(html).toContain('<html dir="ltr" lang="es">');
    expect(html).not.toMatch(/<img|<link|<style|<script|@import|url\(/i);
    // Every address in it is a link's target, never something the client loads (the doctype's is a name, not fetched).
    expect(html.replace(/^<!DOCTYPE[^>]*>/, '').replace(/href="[^"]*"/g, '')).not.toMatch(/https?:\/\//);
  });

  it('the confirmation shows the service, the day, the time, who, the price, where and the phone, then one button to her appointments', () => {
    const m = appointmentMail('confirmation', 'client', full());
    const seen = visibleText(m.html!);
    expect(seen.split('\n').slice(0, 14)).toEqual([
      'Auna',
      'Tu cita está confirmada',
      'Hola Ana <i>: tu cita en Auna está confirmada.',
      'Corte & color',
      'domingo, 25 de octubre de 2026',
      'a las 10:00 · 45 min',
      'Hora de Madrid',
      'Profesional',
      'Lucía',
      'Precio',
      '30,00 €',
      'Salón',
      'Auna',
      'Calle Mayor 1, Béjar',
    ]);
    const links = htmlLinks(m.html!);
    expect(links.map((l) => l.text)).toEqual([
      '923 40 12 34',
      'Ver mis citas',
      'Añadir a Google Calendar',
      '923 40 12 34',
      'No quiero recibir recordatorios',
    ]);
    expect(links[0]!.href).toBe('tel:+34923401234');
    expect(links[1]!.href).toBe('http://x/my-appointments');
    expect(links[4]!.href).toBe('http://x/stop?token=t');
    expect(seen).toContain('¿Necesitas cambiarla o cancelarla? Hazlo desde tus citas o llama al salón: 923 40 12 34.');
    // The plain-text part says the same, with the phone as a client dials it.
    expect(m.text).toContain('Teléfono: 923 40 12 34');
    expect(m.text).toContain('¿Necesitas cambiarla o cancelarla? Hazlo desde tus citas o llama al salón: 923 40 12 34.');
  });

  it('a consent still to sign is the one button; her appointments a link below', () => {
    const m = appointmentMail('consent_reminder', 'client', full('confirmed', { consentUrl: 'http://x/firma/tok' }));
    const links = htmlLinks(m.html!).filter((l) => !l.href.startsWith('tel:'));
    expect(links.slice(0, 2)).toEqual([
      { href: 'http://x/firma/tok', text: 'Firma tu consentimiento' },
      { href: 'http://x/my-appointments', text: 'Ver mis citas' },
    ]);
    expect(visibleText(m.html!).split('\n')[1]).toBe('Firma tu consentimiento');
  });

  it('a cancellation says so on the card and offers to book again, without the "change it" line', () => {
    const m = appointmentMail('cancellation', 'client', full('cancelled_by_salon'));
    const seen = visibleText(m.html!);
    expect(seen).toContain('Tu cita está cancelada\nHola Ana <i>: el salón Auna ha cancelado tu cita.');
    expect(seen).toContain('Cancelada\nCorte & color');
    expect(seen).not.toContain('¿Necesitas cambiarla');
    expect(htmlLinks(m.html!).find((l) => l.text === 'Reservar otra cita')?.href).toBe('http://x/services');
    expect(m.text).toContain('Reservar otra cita: http://x/services');
  });

  it("the professional's mail names the client, not the price, and opens her agenda", () => {
    const m = appointmentMail('confirmation', 'professional', { ...full(), stopRemindersUrl: undefined });
    const seen = visibleText(m.html!);
    expect(seen).toContain('Cliente\nAna <i>');
    expect(seen).not.toContain('Precio');
    expect(seen).not.toContain('recordatorios');
    expect(htmlLinks(m.html!).map((l) => l.text)).toEqual(['923 40 12 34', 'Ver mi agenda', '923 40 12 34']);
    expect(m.text).toContain('Tu agenda: http://x/employee/agenda');
  });

  it.each([
    ['', undefined],
    ['Llámanos por la tarde', undefined],
  ])('a salon phone "%s" that is not a number is shown as typed, without a tel: link', (phoneNumber) => {
    const m = appointmentMail('reminder', 'client', full('confirmed', { salon: { ...salon, phoneNumber } }));
    expect(htmlLinks(m.html!).some((l) => l.href.startsWith('tel:'))).toBe(false);
    expect(visibleText(m.html!).includes('Teléfono')).toBe(phoneNumber !== '');
    expect(m.text.includes('Teléfono:')).toBe(phoneNumber !== '');
  });
});
