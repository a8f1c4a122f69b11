import { DEFAULT_SALON_NAME } from '../../domain/salon-settings';
import { STAFF_MSG } from '../../domain/texts/staff';
import { ActionButton, EmailFrame, Paragraph, renderEmailHtml } from './email-frame';
import { EMAIL_COLOR, text, type SalonContact } from './email-style';
import type { Mail } from './mailer';
import { Text } from '@react-email/text';

// The account mails (ADR 044): a plain-text part that reads on its own (its first link is the
// action: tests and clients that show only text follow it) and the same words in the salon's frame.

const NO_SALON: SalonContact = { name: DEFAULT_SALON_NAME, address: '', phoneNumber: '' };

type AccountMail = {
  to: string;
  subject: string;
  heading: string;
  preview: string;
  name: string;
  /** The paragraph before the link, and the button that opens it */
  lead: string;
  button: string;
  url: string;
  after: string[];
  fine: string;
  salon: SalonContact;
};

function accountMail(m: AccountMail): Mail {
  const textPart = [`Hola ${m.name}:`, '', m.lead, m.url, '', ...m.after.flatMap((p) => [p, '']), m.fine, '', m.salon.name].join('\n');
  const html = renderEmailHtml(
    <EmailFrame salon={m.salon} preview={m.preview} heading={m.heading}>
      <Paragraph>Hola {m.name}:</Paragraph>
      <Paragraph>{m.lead}</Paragraph>
      <ActionButton href={m.url}>{m.button}</ActionButton>
      {m.after.map((p) => (
        <Paragraph key={p}>{p}</Paragraph>
      ))}
      <Paragraph muted>{m.fine}</Paragraph>
      {/* The link written out, for a client whose mail app does not open the button. */}
      <Text style={text(13, { color: EMAIL_COLOR.muted, margin: '0 0 4px' })}>
        Si el botón no se abre, copia este enlace en el navegador:
      </Text>
      <Text style={text(13, { color: EMAIL_COLOR.muted, wordBreak: 'break-all' })}>{m.url}</Text>
    </EmailFrame>,
  );
  return { to: m.to, subject: m.subject, text: textPart, html };
}

export function resetPasswordMail(p: { to: string; name: string; url: string; salon?: SalonContact }): Mail {
  return accountMail({
    to: p.to,
    subject: 'Restablece tu contraseña de Auna',
    heading: 'Elige una contraseña nueva',
    preview: 'El enlace para elegir una contraseña nueva caduca en una hora.',
    name: p.name,
    lead: 'Para elegir una contraseña nueva abre este enlace (caduca en una hora):',
    button: 'Restablecer contraseña',
    url: p.url,
    after: [],
    fine: 'Si no lo has pedido tú, ignora este correo.',
    salon: p.salon ?? NO_SALON,
  });
}

/**
 * ADR 100: a reset link to a professional who has not chosen a password yet (the admin invited
 * her, or gave her a first one she has not changed) reads as her welcome, not as a reset she
 * never asked for.
 */
export function staffInvitationMail(p: { to: string; name: string; url: string; salon?: SalonContact }): Mail {
  const salon = p.salon ?? NO_SALON;
  return accountMail({
    to: p.to,
    subject: `${salon.name}: elige tu contraseña de Auna`,
    heading: 'Te damos la bienvenida',
    preview: 'Elige tu contraseña para ver tu agenda del salón.',
    name: p.name,
    lead: `${salon.name} te ha dado acceso a Auna, donde verás tu agenda y tus citas. Para elegir tu contraseña abre este enlace (caduca en una hora):`,
    button: 'Elegir mi contraseña',
    url: p.url,
    after: [
      `Entrarás con este email: ${p.to}.`,
      'Si el enlace ha caducado, toca «¿Olvidaste tu contraseña?» en la página de acceso y escribe este email: te llegará otro.',
    ],
    fine: 'Si no esperabas este correo, ignóralo: nadie entra sin la contraseña que elijas.',
    salon,
  });
}

/** The link that confirms a new account's email (better-auth's email verification). */
export function verifyEmailMail(p: { to: string; name: string; url: string; salon?: SalonContact }): Mail {
  return accountMail({
    to: p.to,
    subject: STAFF_MSG.emailVerifySubject,
    heading: 'Confirma tu email',
    preview: 'Un toque para confirmar tu email y ver todas tus citas en tu cuenta.',
    name: p.name,
    lead: 'Gracias por crear tu cuenta en Auna. Para confirmar tu email abre este enlace (caduca en 24 horas):',
    button: 'Confirmar mi email',
    url: p.url,
    after: ['Así podremos unir a tu cuenta las citas que hayas reservado con el salón por teléfono o en persona.'],
    fine: 'Si no has creado tú esta cuenta, ignora este correo.',
    salon: p.salon ?? NO_SALON,
  });
}
