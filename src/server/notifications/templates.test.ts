import { describe, expect, it } from 'vitest';
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
