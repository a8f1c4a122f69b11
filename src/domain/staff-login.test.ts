import { describe, expect, it } from 'vitest';
import { isSalonLogin, looksLikeEmail, salonLoginEmail } from './staff-login';

describe('salonLoginEmail', () => {
  it.each([
    ['Nuria Gil', 'nuria.gil@personal.invalid'],
    ['  María José Núñez ', 'maria.jose.nunez@personal.invalid'],
    ["Ana O'Brien-Pérez", 'ana.o.brien.perez@personal.invalid'],
    ['💅', 'profesional@personal.invalid'],
  ])('%s -> %s', (name, email) => {
    expect(salonLoginEmail(name)).toBe(email);
    expect(isSalonLogin(email)).toBe(true);
    expect(looksLikeEmail(email)).toBe(true);
  });

  it('a real address is not a salon login', () => {
    expect(isSalonLogin('nuria@gmail.com')).toBe(false);
  });

  it.each(['nuria', 'nuria@', '@x.es', 'a b@x.es', 'a@b'])('%s is not an email', (e) => expect(looksLikeEmail(e)).toBe(false));
});
