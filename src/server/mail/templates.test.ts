import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../domain/texts/staff';
import { htmlLinks, visibleText } from '../../../test/support/mail-html';
import { resetPasswordMail, verifyEmailMail } from './templates';

// The account mails (ADR 044): the plain-text part reads alone and its first link is the action;
// the HTML says the same words in the salon's frame, with one button.

const salon = { name: 'Auna Estética & Belleza', address: 'Calle Mayor 12, Béjar', phoneNumber: '923401234' };
const url = 'https://reservas.example/reset-password/abc?callbackURL=%2Freset-password&x=1';

describe.each([
  [
    'verifyEmailMail',
    verifyEmailMail,
    STAFF_MSG.emailVerifySubject,
    'Confirma tu email',
    'Confirmar mi email',
    'Gracias por crear tu cuenta en Auna.',
  ],
  [
    'resetPasswordMail',
    resetPasswordMail,
    'Restablece tu contraseña de Auna',
    'Elige una contraseña nueva',
    'Restablecer contraseña',
    'caduca en una hora',
  ],
] as const)('%s', (_name, make, subject, heading, button, line) => {
  const m = make({ to: 'ana@example.com', name: 'Ana <b>', url, salon });

  it('has its subject and a plain-text part that greets her and whose first link is the action', () => {
    expect(m.subject).toBe(subject);
    expect(m.text).toMatch(/^Hola Ana <b>:\n/);
    expect(m.text).toContain(line);
    expect(/https?:\/\/\S+/.exec(m.text)?.[0]).toBe(url);
    expect(m.text.trimEnd().split('\n').at(-1)).toBe('Auna Estética & Belleza');
  });

  it("shows the salon's name on top, the heading, one button to the link and the salon's address and phone at the foot", () => {
    const seen = visibleText(m.html!).split('\n');
    expect(seen.slice(0, 3)).toEqual(['Auna Estética & Belleza', heading, 'Hola Ana <b>:']);
    expect(seen.join('\n')).toContain(line);
    expect(seen.slice(-3)).toEqual(['Auna Estética & Belleza', 'Calle Mayor 12, Béjar', '923 40 12 34']);
    const links = htmlLinks(m.html!);
    expect(links[0]).toEqual({ href: url, text: button });
    expect(links.at(-1)).toEqual({ href: 'tel:+34923401234', text: '923 40 12 34' });
    expect(m.html).not.toMatch(/<img|<link|<style|<script|url\(/i);
    expect(m.html).not.toContain('<b>');
  });
});

it('without the salon (a caller that has none) the frame carries the default name', () => {
  const m = verifyEmailMail({ to: 'ana@example.com', name: 'Ana', url });
  expect(visibleText(m.html!).split('\n')[0]).toBe('Mi Salón de Belleza');
});
