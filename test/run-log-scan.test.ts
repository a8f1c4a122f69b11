import { describe, expect, it } from 'vitest';
import { findLeaks, isSearchable } from './support/run-log';

// The search that ends every integration run (test/global-setup.ts): what it must catch
// in a log line, and what it must let through.
const secrets = new Set(['Clave-Muy-Secreta-1', 'aB3dE5fG7hJ9kL1m', 'sesion0123456789']);

describe('findLeaks', () => {
  it.each([
    ['a password the run used, anywhere in the line', '{"level":30,"msg":"login Clave-Muy-Secreta-1"}', true],
    ['a cookie value the run received', '{"msg":"cookie was sesion0123456789.firma"}', true],
    ['a reset token inside a path', '{"path":"/api/auth/reset-password/aB3dE5fG7hJ9kL1m"}', true],
    ['a session cookie the run never saw', '{"headers":"better-auth.session_token=zzzzzzzzzzzzzzzz"}', true],
    ['a password field with its value', '{"body":{"password":"otra-cosa"}}', true],
    ['a token in a query string', '{"url":"/api/messages/stop-reminders?token=QWERTYUIOPASDFGH"}', true],
    ['a cookie header', '{"req":{"headers":{"cookie":"x=y"}}}', true],
    ['a consent link in a path', '{"path":"/firma/MGI4ZTFjMmEtM2Y0ZC00ZTVm.abc"}', true],
    ['the consent API with its token', '{"path":"/api/consents/sign/aB3dE5fG.7h/documents/x/pdf"}', true],
    ['a signed link token in a message', `{"msg":"bad ${'A'.repeat(48)}.${'b'.repeat(43)}"}`, true],
    ['a JWT', '{"msg":"eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.sig"}', true],
    ['a gift card code', '{"code":"K7MR-4QXP-2H"}', true],
    ['a calendar feed token in a query', '{"url":"/api/messages/calendar.ics?token=abc"}', true],
    ['the redacted consent path', '{"path":"/firma/[oculto]"}', false],
    ['an id where a token would be is no token', '{"path":"/api/consents/sign/00000000-0000-4000-8000-000000000000"}', false],
    ['nor is a plain word', '{"path":"/firma/nope","status":303}', false],
    ['the redacted forms', '{"password":"[oculto]","headers":{"cookie":"[oculto]"},"token":"[oculto]"}', false],
    ['an ordinary request line', '{"level":30,"method":"POST","path":"/api/booking","status":201,"ms":12}', false],
    ['a short word equal to nothing secret', '{"msg":"Clave"}', false],
  ])('%s', (_name, line, leaks) => {
    expect(findLeaks('server.log', line, secrets).length > 0).toBe(leaks);
  });

  it('names the file and line of each hit', () => {
    const text = ['{"msg":"ok"}', '{"msg":"Clave-Muy-Secreta-1"}', ''].join('\n');
    expect(findLeaks('server-1.log', text, secrets)).toEqual([
      { file: 'server-1.log', line: 2, why: 'the secret Clav…', text: '{"msg":"Clave-Muy-Secreta-1"}' },
    ]);
  });
});

describe('isSearchable', () => {
  it.each([
    ['Clave-Muy-Secreta-1', true],
    ['FNYQfKzBIGwfeIWVTVwnFHPuxKTEBYcm', true],
    ['abc123', false],
    ['password', false],
    ['Password', false],
    ['auna-demo', false],
  ])('%s → %s', (value, searchable) => {
    expect(isSearchable(value)).toBe(searchable);
  });
});
