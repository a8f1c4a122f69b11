import { escapeHtml } from '../../domain/html';
import { STAFF_MSG } from '../../domain/texts/staff';
import type { Mail } from './mailer';

export function resetPasswordMail(p: { to: string; name: string; url: string }): Mail {
  return {
    to: p.to,
    subject: 'Restablece tu contraseña de Auna',
    text: `Hola ${p.name}:\n\nPara elegir una contraseña nueva abre este enlace (caduca en una hora):\n${p.url}\n\nSi no lo has pedido tú, ignora este correo.\n\nAuna`,
    html: `<p>Hola ${escapeHtml(p.name)}:</p><p>Para elegir una contraseña nueva abre este enlace (caduca en una hora):</p><p><a href="${escapeHtml(p.url)}">Restablecer contraseña</a></p><p>Si no lo has pedido tú, ignora este correo.</p><p>Auna</p>`,
  };
}

/** The link that confirms a new account's email (better-auth's email verification). */
export function verifyEmailMail(p: { to: string; name: string; url: string }): Mail {
  return {
    to: p.to,
    subject: STAFF_MSG.emailVerifySubject,
    text: `Hola ${p.name}:\n\nGracias por crear tu cuenta en Auna. Para confirmar tu email abre este enlace (caduca en 24 horas):\n${p.url}\n\nAsí podremos unir a tu cuenta las citas que hayas reservado con el salón por teléfono o en persona.\n\nSi no has creado tú esta cuenta, ignora este correo.\n\nAuna`,
    html: `<p>Hola ${escapeHtml(p.name)}:</p><p>Gracias por crear tu cuenta en Auna. Para confirmar tu email abre este enlace (caduca en 24 horas):</p><p><a href="${escapeHtml(p.url)}">Confirmar mi email</a></p><p>Así podremos unir a tu cuenta las citas que hayas reservado con el salón por teléfono o en persona.</p><p>Si no has creado tú esta cuenta, ignora este correo.</p><p>Auna</p>`,
  };
}
