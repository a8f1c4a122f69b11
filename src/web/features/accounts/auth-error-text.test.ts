import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/texts/common';
import { authErrorText, googleErrorText } from './auth-error-text';

describe('googleErrorText', () => {
  it.each([
    // No GOOGLE_CLIENT_ID: better-auth answers 404 PROVIDER_NOT_FOUND (src/server/features/accounts/google-oidc.int.test.ts).
    ['PROVIDER_NOT_FOUND', MSG.googleUnavailable],
    ['oauth_provider_not_found', MSG.googleUnavailable],
    // Anything else keeps the spec's prefix and the code (SPEC §8, ADR 002).
    ['access_denied', `${MSG.googleErrorPrefix}has cancelado el acceso (ACCESS_DENIED)`],
    ['HTTP_500', `${MSG.googleErrorPrefix}HTTP_500`],
  ])('%s -> %s', (code, text) => {
    expect(googleErrorText(code)).toBe(text);
  });

  it('says the salon has no Google sign-in without an error code', () => {
    expect(googleErrorText('PROVIDER_NOT_FOUND')).not.toMatch(/[A-Z]{3,}_/);
  });
});

describe('authErrorText', () => {
  it('tells a client just linked as an employee how to get a staff password (ADR 030)', () => {
    expect(authErrorText(MSG.loginErrorPrefix, 'STAFF_PASSWORD_RESET_REQUIRED')).toBe(
      `${MSG.loginErrorPrefix}el personal necesita una contraseña de al menos 12 caracteres: créala con «¿Olvidaste tu contraseña?» (STAFF_PASSWORD_RESET_REQUIRED)`,
    );
  });
});
