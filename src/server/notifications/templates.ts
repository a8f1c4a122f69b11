import { escapeHtml } from '../../domain/html';
import { BONO_MSG } from '../../domain/bonos';
import { formatEuros } from '../../domain/money';
import { googleCalendarLink, salonDateTimeText } from '../../domain/notification-rules';
import type { Mail } from '../mail/mailer';
import type { MessagePayload } from './enqueue';

// The Spanish messages about an appointment: plain text and HTML with every stored text escaped
// (a client name or service name can hold markup). Pure: data in, Mail out.

export type MessageData = {
  appointment: {
    id: string;
    clientName: string;
    employeeName: string;
    serviceName: string;
    serviceDuration: number;
    price: number;
    start: Date;
    end: Date;
    status: string;
  };
  salon: { name: string; address: string; phoneNumber: string };
  /** link to Mis Citas */
  myAppointmentsUrl: string;
  /** one-click stop-reminders link (client messages only) */
  stopRemindersUrl?: string;
  reminderHours: number;
  /** "Firma tu consentimiento" (ADR 041): the signing page of a visit that still lacks a required consent. Only the link. */
  consentUrl?: string;
  /** ADR 053: she has a bono for this service, but it had no session for this visit: it is paid at the salon. */
  bonoNotCovered?: boolean;
};

function hoursText(h: number): string {
  if (h === 24) return 'mañana';
  if (h % 24 === 0) return `dentro de ${h / 24} días`;
  return h === 1 ? 'dentro de una hora' : `dentro de ${h} horas`;
}

type Draft = { subject: string; intro: string; showCalendarLink: boolean; footer?: string };

function draft(kind: MessagePayload['kind'], recipient: MessagePayload['recipient'], d: MessageData): Draft {
  const a = d.appointment;
  const when = salonDateTimeText(a.start);
  const byClient = a.status === 'cancelled_by_client';
  if (recipient === 'professional') {
    switch (kind) {
      case 'confirmation':
        return {
          subject: `Nueva cita: ${a.serviceName}, ${when}`,
          intro: `${a.clientName} ha reservado una cita contigo.`,
          showCalendarLink: false,
        };
      case 'cancellation':
        return {
          subject: `Cita cancelada: ${a.serviceName}, ${when}`,
          intro: byClient ? `${a.clientName} ha cancelado su cita contigo.` : `El salón ha cancelado la cita de ${a.clientName} contigo.`,
          showCalendarLink: false,
        };
      case 'rescheduled':
        return {
          subject: `Cita cambiada: ${a.serviceName}, ahora ${when}`,
          intro: `La cita de ${a.clientName} contigo ha cambiado de hora.`,
          showCalendarLink: false,
        };
      case 'reminder':
      case 'consent_reminder':
        return {
          subject: `Recordatorio: ${a.serviceName}, ${when}`,
          intro: `Tienes una cita con ${a.clientName}.`,
          showCalendarLink: false,
        };
    }
  }
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Cita confirmada: ${a.serviceName}, ${when}`,
        intro: `Hola ${a.clientName}: tu cita en ${d.salon.name} está confirmada.`,
        showCalendarLink: true,
      };
    case 'cancellation':
      return {
        subject: `Cita cancelada: ${a.serviceName}, ${when}`,
        intro: byClient
          ? `Hola ${a.clientName}: has cancelado tu cita en ${d.salon.name}.`
          : `Hola ${a.clientName}: el salón ${d.salon.name} ha cancelado tu cita. Sentimos las molestias; puedes reservar otra hora cuando quieras.`,
        showCalendarLink: false,
      };
    case 'rescheduled':
      return {
        subject: `Tu cita ha cambiado: ${a.serviceName}, ahora ${when}`,
        intro: `Hola ${a.clientName}: tu cita en ${d.salon.name} ha cambiado de hora. La nueva hora es la de abajo.`,
        showCalendarLink: true,
      };
    case 'reminder':
      return {
        subject: `Recordatorio: tu cita ${hoursText(d.reminderHours)}, ${when}`,
        intro: `Hola ${a.clientName}: te recordamos tu cita en ${d.salon.name}.`,
        showCalendarLink: false,
      };
    case 'consent_reminder':
      return {
        subject: `Firma tu consentimiento antes de tu cita: ${a.serviceName}, ${when}`,
        intro: `Hola ${a.clientName}: para tu cita en ${d.salon.name} necesitamos tu consentimiento informado firmado. Puedes firmarlo desde el móvil en un par de minutos.`,
        showCalendarLink: false,
      };
  }
}

export const CONSENT_LINK_TEXT = 'Firma tu consentimiento';

/** The mail of `kind` for `recipient`, without to/attachments (the sender adds them). */
export function appointmentMail(kind: MessagePayload['kind'], recipient: MessagePayload['recipient'], d: MessageData): Omit<Mail, 'to'> {
  const a = d.appointment;
  const dr = draft(kind, recipient, d);
  const when = salonDateTimeText(a.start);
  const rows: Array<[string, string]> = [
    ['Servicio', a.serviceName],
    ['Profesional', a.employeeName],
    ['Cuándo', `${when} (hora de Madrid), ${a.serviceDuration} min`],
    ...(recipient === 'professional'
      ? ([['Cliente', a.clientName]] as Array<[string, string]>)
      : ([['Precio', formatEuros(a.price)], ...(d.bonoNotCovered ? [['Bono', BONO_MSG.notCovered]] : [])] as Array<[string, string]>)),
    ['Salón', [d.salon.name, d.salon.address].filter(Boolean).join(', ')],
  ];
  if (d.salon.phoneNumber) rows.push(['Teléfono', d.salon.phoneNumber]);
  const gcal = dr.showCalendarLink
    ? googleCalendarLink({
        title: `${a.serviceName} · ${d.salon.name}`,
        start: a.start,
        end: a.end,
        details: `Con ${a.employeeName}`,
        location: [d.salon.name, d.salon.address].filter(Boolean).join(', '),
      })
    : undefined;

  const text = [
    dr.intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(d.consentUrl ? [`${CONSENT_LINK_TEXT}: ${d.consentUrl}`, ''] : []),
    ...(gcal ? [`Añadir a Google Calendar: ${gcal}`, ''] : []),
    ...(recipient === 'client' ? [`Tus citas: ${d.myAppointmentsUrl}`] : []),
    ...(d.stopRemindersUrl ? [`No quiero recibir recordatorios: ${d.stopRemindersUrl}`] : []),
    '',
    d.salon.name,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(dr.intro)}</p>`,
    `<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    d.consentUrl ? `<p><a href="${escapeHtml(d.consentUrl)}"><strong>${CONSENT_LINK_TEXT}</strong></a></p>` : '',
    gcal ? `<p><a href="${escapeHtml(gcal)}">Añadir a Google Calendar</a></p>` : '',
    recipient === 'client' ? `<p><a href="${escapeHtml(d.myAppointmentsUrl)}">Ver mis citas</a></p>` : '',
    d.stopRemindersUrl
      ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(d.stopRemindersUrl)}">No quiero recibir recordatorios</a></p>`
      : '',
    `<p>${escapeHtml(d.salon.name)}</p>`,
  ].join('');
  return { subject: dr.subject, text, html };
}
