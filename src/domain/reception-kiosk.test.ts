import { describe, expect, it } from 'vitest';
import { KIOSK_PIN, kioskAllows, kioskAllowsAuth } from './reception-kiosk';

const VISIT = '0b1c7a52-8a5e-4f5e-9d0e-1f2a3b4c5d6e';
const OTHER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

describe('kioskAllows', () => {
  it.each([
    ['GET', '/api/me', true],
    ['GET', '/api/kiosk', true],
    ['POST', '/api/kiosk/end', true],
    ['GET', `/api/front-desk/appointments/${VISIT}/consent`, true],
    ['POST', `/api/front-desk/appointments/${VISIT}/consent`, true],
    // Another visit's form, or anything of the staff's, is refused.
    ['GET', `/api/front-desk/appointments/${OTHER}/consent`, false],
    ['POST', `/api/front-desk/appointments/${OTHER}/consent`, false],
    ['DELETE', `/api/front-desk/appointments/${VISIT}/consent`, false],
    ['POST', '/api/kiosk', false],
    ['GET', '/api/agenda', false],
    ['GET', '/api/front-desk/day', false],
    ['GET', '/api/bonos', false],
    ['GET', '/api/gift-cards', false],
    ['GET', `/api/front-desk/appointments/${VISIT}/consent/extra`, false],
    ['GET', `/api/consents/documents/${VISIT}/pdf`, false],
    ['GET', '/api/admin/settings', false],
  ])('%s %s -> %s', (method, path, allowed) => {
    expect(kioskAllows(method, path, VISIT)).toBe(allowed);
  });
});

describe('kioskAllowsAuth', () => {
  it.each([
    ['/api/auth/get-session', true],
    ['/api/auth/sign-out', true],
    ['/api/auth/change-password', false],
    ['/api/auth/update-user', false],
    ['/api/auth/sign-in/email', false],
    ['/api/auth/revoke-sessions', false],
  ])('%s -> %s', (path, allowed) => expect(kioskAllowsAuth(path)).toBe(allowed));
});

describe('KIOSK_PIN', () => {
  it.each([
    ['1234', true],
    ['12345678', true],
    ['123', false],
    ['123456789', false],
    ['12a4', false],
    [' 1234', false],
    ['١٢٣٤', false],
  ])('%j -> %s', (pin, ok) => expect(KIOSK_PIN.test(pin)).toBe(ok));
});
