import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { ActionButton, EmailFrame, Paragraph, SecondaryLink, SmallLink, renderEmailHtml } from '../mail/email-frame';
import { EMAIL_COLOR, SERIF, link, salonPhone, text, type SalonContact } from '../mail/email-style';

// The HTML of a message about an appointment (ADR 044): what she needs at a glance on a phone
// (the service, the day, the time, who, the price, where and the salon's phone), then the one thing
// to do (sign the consent, or see her appointments), then the rest. The words are templates.ts's.

export type AppointmentEmailView = {
  salon: SalonContact;
  heading: string;
  preview: string;
  intro: string;
  /** The appointment is cancelled: the card says so. */
  cancelled: boolean;
  service: string;
  date: string;
  time: string;
  duration: number;
  professional: string;
  /** ADR 093: a visit's parts, one line each ('Pedicura spa, 10:00, con Carmen Ruiz'), instead of one professional. */
  parts?: string[];
  /** The client's mails show the price; the professional's show the client instead. */
  price?: string;
  client?: string;
  consentUrl?: string;
  consentText: string;
  myAppointmentsUrl?: string;
  bookUrl?: string;
  agendaUrl?: string;
  googleCalendarUrl?: string;
  help?: string;
  stopRemindersUrl?: string;
};

const label = text(12, { color: EMAIL_COLOR.muted, margin: '0', textTransform: 'uppercase', letterSpacing: '0.08em', fontWeight: 600 });
const value = text(16, { margin: '0 0 12px' });

function Detail({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Text style={label}>{name}</Text>
      <Text style={value}>{children}</Text>
    </>
  );
}

function AppointmentCard(v: AppointmentEmailView) {
  const phone = salonPhone(v.salon.phoneNumber);
  return (
    // A cancelled visit's card is grey, as the app's status badge (DESIGN.md).
    <Section
      style={{
        backgroundColor: v.cancelled ? EMAIL_COLOR.sand : EMAIL_COLOR.rose50,
        borderRadius: '16px',
        padding: '18px 18px 6px',
        margin: '4px 0 22px',
      }}
    >
      {v.cancelled ? (
        <Text
          style={text(13, {
            color: EMAIL_COLOR.brick,
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: '0.08em',
            margin: '0 0 6px',
          })}
        >
          Cancelada
        </Text>
      ) : null}
      <Text style={text(22, { fontFamily: SERIF, fontWeight: 600, lineHeight: 1.25, margin: '0 0 8px' })}>{v.service}</Text>
      <Text style={text(18, { fontWeight: 700, margin: '0' })}>{v.date}</Text>
      <Text style={text(18, { margin: '0 0 4px' })}>
        a las <strong>{v.time}</strong> · {v.duration} min
      </Text>
      <Text style={text(13, { color: EMAIL_COLOR.muted, margin: '0' })}>Hora de Madrid</Text>
      <Hr style={{ borderTop: `1px solid ${EMAIL_COLOR.line}`, margin: '14px 0' }} />
      {v.parts ? (
        <Detail name="Servicios">
          {v.parts.map((line, i) => (
            <span key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Detail>
      ) : (
        <Detail name="Profesional">{v.professional}</Detail>
      )}
      {v.client !== undefined ? <Detail name="Cliente">{v.client}</Detail> : null}
      {v.price !== undefined ? <Detail name="Precio">{v.price}</Detail> : null}
      <Detail name="Salón">
        {v.salon.name}
        {v.salon.address ? (
          <>
            <br />
            {v.salon.address}
          </>
        ) : null}
      </Detail>
      {phone ? (
        <Detail name="Teléfono">
          {phone.href ? (
            <Link href={phone.href} style={{ ...link, fontWeight: 600 }}>
              {phone.text}
            </Link>
          ) : (
            phone.text
          )}
        </Detail>
      ) : null}
    </Section>
  );
}

/** One button, the thing to do now; her appointments as a link below it when the button is another. */
function Actions(v: AppointmentEmailView) {
  const main = v.consentUrl
    ? { href: v.consentUrl, text: v.consentText }
    : v.bookUrl
      ? { href: v.bookUrl, text: 'Reservar otra cita' }
      : v.myAppointmentsUrl
        ? { href: v.myAppointmentsUrl, text: 'Ver mis citas' }
        : v.agendaUrl
          ? { href: v.agendaUrl, text: 'Ver mi agenda' }
          : undefined;
  return (
    <>
      {main ? <ActionButton href={main.href}>{main.text}</ActionButton> : null}
      {v.myAppointmentsUrl && main?.href !== v.myAppointmentsUrl ? (
        <SecondaryLink href={v.myAppointmentsUrl}>Ver mis citas</SecondaryLink>
      ) : null}
    </>
  );
}

export function appointmentEmailHtml(v: AppointmentEmailView): string {
  const stop = v.stopRemindersUrl ? (
    <>
      Recibes este correo porque tienes una cita en {v.salon.name}.{' '}
      <SmallLink href={v.stopRemindersUrl}>No quiero recibir recordatorios</SmallLink>
    </>
  ) : undefined;
  return renderEmailHtml(
    <EmailFrame salon={v.salon} preview={v.preview} heading={v.heading} footerNote={stop}>
      <Paragraph>{v.intro}</Paragraph>
      <AppointmentCard {...v} />
      <Actions {...v} />
      {v.googleCalendarUrl ? <SecondaryLink href={v.googleCalendarUrl}>Añadir a Google Calendar</SecondaryLink> : null}
      {v.help ? <Paragraph muted>{v.help}</Paragraph> : null}
    </EmailFrame>,
  );
}
