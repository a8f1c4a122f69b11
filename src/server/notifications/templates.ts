import { BONO_MSG } from '../../domain/bonos';
import { formatEuros } from '../../domain/money';
import { googleCalendarLink, salonDateText, salonDateTimeText, salonTimeText } from '../../domain/notification-rules';
import { salonPhone, type SalonContact } from '../mail/email-style';
import type { Mail } from '../mail/mailer';
import { appointmentEmailHtml } from './appointment-email';
import { visitPartText, type VisitPartLine } from './visit-parts';
import type { MessagePayload } from './enqueue';

// The Spanish messages about an appointment: a plain-text part, and HTML in the salon's frame
// (appointment-email.tsx, ADR 044) where React escapes every stored text (a client name or service
// name can hold markup). Pure: data in, Mail out.

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
  salon: SalonContact;
  /** link to Mis Citas */
  myAppointmentsUrl: string;
  /** where a client books again (the cancellation's button) */
  bookUrl?: string;
  /** the professional's agenda (her messages' button) */
  agendaUrl?: string;
  /** one-click stop-reminders link (client messages only) */
  stopRemindersUrl?: string;
  reminderHours: number;
  /** "Firma tu consentimiento" (ADR 041): the signing page of a visit that still lacks a required consent. Only the link. */
  consentUrl?: string;
  /** ADR 053: she has a bono for this service, but it had no session for this visit: it is paid at the salon. */
  bonoNotCovered?: boolean;
  /** ADR 093: a visit's parts (two or more), which her one confirmation lists; `appointment` is then the whole visit. */
  visitParts?: readonly VisitPartLine[];
  /** ADR 098: her cancellation is of one part of a visit whose other parts stay: it says so. */
  visitGoesOn?: boolean;
};

function hoursText(h: number): string {
  if (h === 24) return 'mañana';
  if (h % 24 === 0) return `dentro de ${h / 24} días`;
  return h === 1 ? 'dentro de una hora' : `dentro de ${h} horas`;
}

/** `heading`: the title the HTML opens with. */
type Draft = { subject: string; heading: string; intro: string; showCalendarLink: boolean };

function draft(kind: MessagePayload['kind'], recipient: MessagePayload['recipient'], d: MessageData): Draft {
  const a = d.appointment;
  const when = salonDateTimeText(a.start);
  const byClient = a.status === 'cancelled_by_client';
  const partOnly = !!d.visitGoesOn && !byClient;
  if (recipient === 'professional') {
    switch (kind) {
      case 'confirmation':
        return {
          subject: `Nueva cita: ${a.serviceName}, ${when}`,
          heading: 'Nueva cita',
          intro: `${a.clientName} ha reservado una cita contigo.`,
          showCalendarLink: false,
        };
      case 'cancellation':
        return {
          subject: `Cita cancelada: ${a.serviceName}, ${when}`,
          heading: 'Cita cancelada',
          intro: byClient ? `${a.clientName} ha cancelado su cita contigo.` : `El salón ha cancelado la cita de ${a.clientName} contigo.`,
          showCalendarLink: false,
        };
      case 'rescheduled':
        return {
          subject: `Cita cambiada: ${a.serviceName}, ahora ${when}`,
          heading: 'Cita cambiada de hora',
          intro: `La cita de ${a.clientName} contigo ha cambiado de hora.`,
          showCalendarLink: false,
        };
      case 'reminder':
      case 'consent_reminder':
        return {
          subject: `Recordatorio: ${a.serviceName}, ${when}`,
          heading: 'Recordatorio de cita',
          intro: `Tienes una cita con ${a.clientName}.`,
          showCalendarLink: false,
        };
    }
  }
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Cita confirmada: ${a.serviceName}, ${when}`,
        heading: 'Tu cita está confirmada',
        intro: `Hola ${a.clientName}: tu cita en ${d.salon.name} está confirmada.`,
        showCalendarLink: true,
      };
    case 'cancellation':
      return {
        subject: `Cita cancelada: ${a.serviceName}, ${when}`,
        heading: partOnly ? 'Un servicio de tu visita está cancelado' : byClient ? 'Has cancelado tu cita' : 'Tu cita está cancelada',
        intro: partOnly
          ? `Hola ${a.clientName}: el salón ${d.salon.name} ha cancelado este servicio de tu visita. El resto de tu visita sigue en pie: lo tienes en tus citas.`
          : byClient
            ? `Hola ${a.clientName}: has cancelado tu cita en ${d.salon.name}.`
            : `Hola ${a.clientName}: el salón ${d.salon.name} ha cancelado tu cita. Sentimos las molestias; puedes reservar otra hora cuando quieras.`,
        showCalendarLink: false,
      };
    case 'rescheduled':
      return {
        subject: `Tu cita ha cambiado: ${a.serviceName}, ahora ${when}`,
        heading: 'Tu cita ha cambiado de hora',
        intro: `Hola ${a.clientName}: tu cita en ${d.salon.name} ha cambiado de hora. La nueva hora es la de abajo.`,
        showCalendarLink: true,
      };
    case 'reminder':
      return {
        subject: `Recordatorio: tu cita ${hoursText(d.reminderHours)}, ${when}`,
        heading: `Tu cita es ${hoursText(d.reminderHours)}`,
        intro: `Hola ${a.clientName}: te recordamos tu cita en ${d.salon.name}.`,
        showCalendarLink: false,
      };
    case 'consent_reminder':
      return {
        subject: `Firma tu consentimiento antes de tu cita: ${a.serviceName}, ${when}`,
        heading: CONSENT_LINK_TEXT,
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
  const phone = salonPhone(d.salon.phoneNumber);
  const toClient = recipient === 'client';
  const parts = d.visitParts ?? [];
  const rows: Array<[string, string]> = [
    ...(parts.length > 0
      ? parts.map((p, i) => [`Servicio ${i + 1}`, visitPartText(p)] as [string, string])
      : ([['Servicio', a.serviceName], ['Profesional', a.employeeName]] as Array<[string, string]>)),
    ['Cuándo', `${when} (hora de Madrid), ${a.serviceDuration} min`],
    ...(toClient
      ? ([['Precio', formatEuros(a.price)], ...(d.bonoNotCovered ? [['Bono', BONO_MSG.notCovered]] : [])] as Array<[string, string]>)
      : ([['Cliente', a.clientName]] as Array<[string, string]>)),
    ['Salón', [d.salon.name, d.salon.address].filter(Boolean).join(', ')],
    ...(phone ? [['Teléfono', phone.text] as [string, string]] : []),
  ];
  const gcal = dr.showCalendarLink
    ? googleCalendarLink({
        title: `${a.serviceName} · ${d.salon.name}`,
        start: a.start,
        end: a.end,
        details: `Con ${a.employeeName}`,
        location: [d.salon.name, d.salon.address].filter(Boolean).join(', '),
      })
    : undefined;
  // Where she changes or cancels it: her appointments, or the salon's phone (a client of the
  // front desk may have no account; inside the cancellation window only the salon can).
  const help =
    toClient && kind !== 'cancellation'
      ? `¿Necesitas cambiarla o cancelarla? Hazlo desde tus citas${phone ? ` o llama al salón: ${phone.text}` : ''}.`
      : undefined;

  const text = [
    dr.intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(d.consentUrl ? [`${CONSENT_LINK_TEXT}: ${d.consentUrl}`, ''] : []),
    ...(gcal ? [`Añadir a Google Calendar: ${gcal}`, ''] : []),
    ...(toClient && kind === 'cancellation' && d.bookUrl ? [`Reservar otra cita: ${d.bookUrl}`] : []),
    ...(toClient ? [`Tus citas: ${d.myAppointmentsUrl}`] : []),
    ...(!toClient && d.agendaUrl ? [`Tu agenda: ${d.agendaUrl}`] : []),
    ...(help ? [help] : []),
    ...(d.stopRemindersUrl ? ['', `No quiero recibir recordatorios: ${d.stopRemindersUrl}`] : []),
    '',
    d.salon.name,
  ].join('\n');

  const html = appointmentEmailHtml({
    salon: d.salon,
    heading: dr.heading,
    preview: `${a.serviceName} · ${when} · ${d.salon.name}`,
    intro: dr.intro,
    cancelled: kind === 'cancellation',
    service: a.serviceName,
    date: salonDateText(a.start),
    time: salonTimeText(a.start),
    duration: a.serviceDuration,
    professional: a.employeeName,
    parts: parts.length > 0 ? parts.map(visitPartText) : undefined,
    ...(toClient ? { price: formatEuros(a.price) } : { client: a.clientName }),
    consentUrl: d.consentUrl,
    consentText: CONSENT_LINK_TEXT,
    myAppointmentsUrl: toClient ? d.myAppointmentsUrl : undefined,
    bookUrl: toClient && kind === 'cancellation' ? d.bookUrl : undefined,
    agendaUrl: toClient ? undefined : d.agendaUrl,
    googleCalendarUrl: gcal,
    help,
    stopRemindersUrl: d.stopRemindersUrl,
  });
  return { subject: dr.subject, text, html };
}
