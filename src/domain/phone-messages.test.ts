import { describe, expect, it } from 'vitest';
import { deskReminderText, replyText, salonDayText, smsText, templateParameters, waMeLink } from './phone-messages';

// Monday 30 March 2026, 10:00 in Madrid (summer time: 08:00Z).
const visit = { serviceName: 'Limpieza facial', start: new Date('2026-03-30T08:00:00Z'), salonName: 'Auna Estética' };
const link = 'https://auna.example/api/messaging/visit?token=abc';

describe('phone messages', () => {
  it('name the day and time in Madrid, whatever the server zone', () => {
    expect(salonDayText(visit.start)).toBe('lunes, 30 de marzo');
    expect(templateParameters(visit)).toEqual(['Limpieza facial', 'lunes, 30 de marzo', '10:00']);
  });

  it('SMS carry the link to confirm or cancel; a cancellation none', () => {
    expect(smsText('confirmation', visit, link)).toBe(`Auna Estética: tu cita de Limpieza facial es el lunes, 30 de marzo a las 10:00. Confirma o cancela aquí: ${link}`);
    expect(smsText('reminder', visit, link)).toBe(`Auna Estética: te recordamos tu cita de Limpieza facial el lunes, 30 de marzo a las 10:00. Confirma o cancela aquí: ${link}`);
    expect(smsText('rescheduled', visit, link)).toContain('ha cambiado, ahora es el lunes, 30 de marzo a las 10:00.');
    expect(smsText('cancellation', visit, link)).toBe('Auna Estética: tu cita de Limpieza facial del lunes, 30 de marzo a las 10:00 está cancelada.');
  });

  it('replies: thanks, the policy with the salon phone, not pending', () => {
    const salon = { phone: '953 12 34 56', cancellationHours: 24 };
    expect(replyText('reply_confirmed', visit, salon)).toBe('¡Gracias! Te esperamos el lunes, 30 de marzo a las 10:00 para tu cita de Limpieza facial.');
    expect(replyText('reply_cancel_refused', visit, salon)).toBe(
      'Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 24 horas de antelación. Llámanos al 953 12 34 56.',
    );
    expect(replyText('reply_cancel_refused', visit, { phone: '', cancellationHours: 48 })).toMatch(/48 horas de antelación\. Habla con el salón\.$/);
    expect(replyText('reply_not_pending', visit, salon)).toMatch(/ya no está pendiente.*llámanos al 953 12 34 56\.$/);
  });

  it('the desk text greets her by her first name; the wa.me link encodes it', () => {
    const text = deskReminderText({ ...visit, clientName: '  María  José Ruiz' }, link);
    expect(text).toBe(`Hola, María: te recordamos tu cita de Limpieza facial en Auna Estética el lunes, 30 de marzo a las 10:00. Para confirmarla o cancelarla: ${link}`);
    const url = new URL(waMeLink('+34612345678', text));
    expect(url.origin + url.pathname).toBe('https://wa.me/34612345678');
    expect(url.searchParams.get('text')).toBe(text);
  });
});
