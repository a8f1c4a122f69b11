// What the phone channels say (docs/decisions/057, 055): the WhatsApp templates' names and body
// parameters, the free replies inside WhatsApp's 24-hour window, the SMS and the desk's wa.me text.
// Pure: the appointment's facts in, text out. Only the service, the day, the time, the salon and a
// link ever go in: never the client's notes or a consent's answers (no health data in a message).

import { SALON_TIME_ZONE } from './calendar-date';
import { salonTimeText, type MessageKind, type ReplyKind } from './notification-rules';
import { cancelTooLateCall, MESSAGING_MSG } from './texts/messaging';

/** The facts a phone message may carry, and nothing more. */
export type VisitFacts = { serviceName: string; start: Date; salonName: string };

const dayFormat = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });

/** "lunes, 30 de marzo" in the salon's zone. */
export const salonDayText = (d: Date) => dayFormat.format(d);

/**
 * The utility templates created in Meta's WhatsApp Manager (docs/operations.md, "WhatsApp"), each
 * with the body parameters {{1}} service, {{2}} day, {{3}} time. `buttons`: quick replies index 0
 * "Confirmo" and 1 "Cancelar cita".
 */
export const WHATSAPP_TEMPLATES = {
  confirmation: { name: 'auna_cita_confirmada', buttons: true },
  reminder: { name: 'auna_recordatorio_cita', buttons: true },
  rescheduled: { name: 'auna_cita_cambiada', buttons: true },
  cancellation: { name: 'auna_cita_cancelada', buttons: false },
} as const satisfies Partial<Record<MessageKind, { name: string; buttons: boolean }>>;
export type TemplateKind = keyof typeof WHATSAPP_TEMPLATES;
export const isTemplateKind = (k: string): k is TemplateKind => k in WHATSAPP_TEMPLATES;

/** The three body parameters of every template, in order. */
export const templateParameters = (v: VisitFacts): [string, string, string] => [v.serviceName, salonDayText(v.start), salonTimeText(v.start)];

/** The reply to her answer on WhatsApp, as free text (she wrote within the last 24 hours). */
export function replyText(kind: ReplyKind, v: VisitFacts, salon: { phone: string; cancellationHours: number }): string {
  switch (kind) {
    case 'reply_confirmed':
      return `¡Gracias! Te esperamos el ${salonDayText(v.start)} a las ${salonTimeText(v.start)} para tu cita de ${v.serviceName}.`;
    case 'reply_cancel_refused':
      return cancelTooLateCall(salon.cancellationHours, salon.phone);
    case 'reply_not_pending':
      return salon.phone ? `${MESSAGING_MSG.visitNotPending} Si necesitas algo, llámanos al ${salon.phone}.` : MESSAGING_MSG.visitNotPending;
  }
}

/** The SMS of `kind`, with the confirm/cancel link when the visit is still to come. */
export function smsText(kind: TemplateKind, v: VisitFacts, link: string | null): string {
  const when = `el ${salonDayText(v.start)} a las ${salonTimeText(v.start)}`;
  const answer = link ? ` Confirma o cancela aquí: ${link}` : '';
  switch (kind) {
    case 'confirmation':
      return `${v.salonName}: tu cita de ${v.serviceName} es ${when}.${answer}`;
    case 'reminder':
      return `${v.salonName}: te recordamos tu cita de ${v.serviceName} ${when}.${answer}`;
    case 'rescheduled':
      return `${v.salonName}: tu cita de ${v.serviceName} ha cambiado, ahora es ${when}.${answer}`;
    case 'cancellation':
      return `${v.salonName}: tu cita de ${v.serviceName} del ${salonDayText(v.start)} a las ${salonTimeText(v.start)} está cancelada.`;
  }
}

/** The desk's reminder through its own WhatsApp (a wa.me link), prefilled. */
export function deskReminderText(v: VisitFacts & { clientName: string }, link: string): string {
  const first = v.clientName.trim().split(/\s+/)[0] ?? '';
  const hello = first ? `Hola, ${first}:` : 'Hola:';
  return `${hello} te recordamos tu cita de ${v.serviceName} en ${v.salonName} el ${salonDayText(v.start)} a las ${salonTimeText(v.start)}. Para confirmarla o cancelarla: ${link}`;
}

/** https://wa.me/<number without +>?text=… (WhatsApp's click-to-chat link). */
export const waMeLink = (e164: string, text: string) => `https://wa.me/${e164.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
