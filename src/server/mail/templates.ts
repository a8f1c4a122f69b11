import type { Mail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetPasswordMail(p: { to: string; name: string; url: string }): Mail {
  return {
    to: p.to,
    subject: 'Restablece tu contraseña de Auna',
    text: `Hola ${p.name}:\n\nPara elegir una contraseña nueva abre este enlace (caduca en una hora):\n${p.url}\n\nSi no lo has pedido tú, ignora este correo.\n\nAuna`,
    html: `<p>Hola ${escapeHtml(p.name)}:</p><p>Para elegir una contraseña nueva abre este enlace (caduca en una hora):</p><p><a href="${escapeHtml(p.url)}">Restablecer contraseña</a></p><p>Si no lo has pedido tú, ignora este correo.</p><p>Auna</p>`,
  };
}
