import fc from 'fast-check';
import { generateId } from 'better-auth';
import { describe, expect, it } from 'vitest';
import { codeFromRandomBytes, formatGiftCardCode } from '../domain/gift-cards';
import { createLogger } from './logger';
import { isSafeSegment, redactSecrets, REDACTED } from './log-redaction';
import { consentSignToken } from './notifications/consent-tokens';
import { feedTokenHash, newFeedToken, stopRemindersToken, stopRemindersTokenForRecord } from './notifications/tokens';
import { randomBytes, randomUUID } from 'node:crypto';

// No token of any kind in a log line, by one rule at the logger (ADR 050). Each kind of token the
// salon mints, and tokens nobody has minted yet, written where a line can carry one.

const SECRET = 'secreto-de-prueba';
const ID = randomUUID();
const tokens: [string, string][] = [
  ['a consent link', consentSignToken(SECRET, ID)],
  ['a stop-reminders link of an account', stopRemindersToken(SECRET, generateId(32))],
  ['a stop-reminders link of a client record', stopRemindersTokenForRecord(SECRET, ID)],
  ['a calendar feed', newFeedToken()],
  ['a password reset (better-auth)', generateId(24)],
  ['a session (better-auth)', generateId(32)],
  ['an email verification (a JWT)', `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ email: 'ana@example.com', exp: 1 })).toString('base64url')}.${randomBytes(32).toString('base64url')}`],
  ['a gift card code', formatGiftCardCode(codeFromRandomBytes(randomBytes(32))!)],
  ['a gift card code as typed', codeFromRandomBytes(randomBytes(32))!],
  ['the server secret', randomBytes(32).toString('base64url')],
];

/** Every place a line may carry a token: a request path, a URL with its query, a message, a stack. */
const placements = (t: string) => [
  JSON.stringify({ level: 30, method: 'GET', path: `/firma/${t}`, status: 200, msg: 'request' }),
  JSON.stringify({ level: 30, path: `/api/consents/sign/${t}/documents/${ID}/pdf`, msg: 'request' }),
  JSON.stringify({ level: 50, path: `/api/auth/reset-password/${t}`, msg: 'unhandled error' }),
  JSON.stringify({ level: 30, url: `http://localhost:3000/api/messages/calendar.ics?token=${t}&x=1`, msg: 'x' }),
  JSON.stringify({ level: 50, err: { message: `invalid token ${t} for user`, stack: `Error: bad ${t}\n    at handler (/srv/app/dist/server/main.js:10:5)` }, msg: 'x' }),
  JSON.stringify({ level: 40, code: t, msg: `[auth] verification failed: ${t}` }),
  JSON.stringify({ level: 30, msg: `GET /firma/${encodeURIComponent(t)}#${t}` }),
];

describe('redactSecrets: every kind of token we mint', () => {
  for (const [kind, t] of tokens)
    it(`${kind} never survives, wherever it is written`, () => {
      for (const line of placements(t)) {
        const out = redactSecrets(line);
        expect(out, line).not.toContain(t);
        expect(out).toContain(REDACTED);
        // Still one JSON object.
        expect(() => JSON.parse(out) as unknown).not.toThrow();
      }
    });

  it('tokens nobody has minted yet: any random string in a path segment, a query value or a fragment', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~'), minLength: 6, maxLength: 80 }), (t) => {
        fc.pre(!isSafeSegment(t));
        const out = redactSecrets(JSON.stringify({ path: `/api/nuevo/${t}/x`, url: `https://salon.example/p?k=${t}#${t}` }));
        expect(out).not.toContain(`/${t}/`);
        expect(out).not.toContain(`=${t}`);
      }),
      { numRuns: 3000, seed: 20261125 },
    );
  });

  it('a long random run anywhere in the text (20 characters or more of a token’s alphabet)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 64 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (n, s) => {
        const t = randomBytesFrom(s, n).toString('base64url').slice(0, n);
        expect(redactSecrets(JSON.stringify({ msg: `algo ${t} más` }))).not.toContain(t);
      }),
      { numRuns: 3000, seed: 20261125 },
    );
  });
});

/** Deterministic bytes for the property test (its seed decides them, not the machine). */
function randomBytesFrom(seed: number, n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('redactSecrets keeps what a reader of the log needs', () => {
  it.each([
    ['a request line', '{"level":30,"method":"POST","path":"/api/front-desk/appointments/0b8e1c2a-3f4d-4e5f-8a9b-0c1d2e3f4a5b/consent","status":201,"ms":12,"msg":"request"}'],
    ['a day and a page', '{"path":"/api/reports/2026-03-29","msg":"request"}'],
    ['a built asset', '{"path":"/assets/index-BX3k2_aQ.js","msg":"request"}'],
    ['a well-known path', '{"path":"/.well-known/openid-configuration","msg":"request"}'],
    ['a route name', '{"route":"/reset-password/:token","msg":"auth error"}'],
    ['a stack frame', '{"err":{"stack":"Error: x\\n    at Object.processTicksAndRejections (node:internal/process/task_queues:95:5)\\n    at consentFormAtReception (file:///srv/app/node_modules/@hono/node-server/dist/index.mjs:123:45)"}}'],
    ['a constraint and an error code', '{"err":{"message":"duplicate key value violates unique constraint \\"appointments_client_record_start_idx\\"","code":"ERR_PACKAGE_PATH_NOT_EXPORTED"}}'],
    ['a time, a sha256-free id and a count', '{"time":1774786560000,"documentId":"0b8e1c2a-3f4d-4e5f-8a9b-0c1d2e3f4a5b","deleted":3}'],
    ['a mail domain', '{"domain":"correo.example.com","msg":"mail sent"}'],
    ['a date in a sentence', '{"msg":"Cierre 29/03/2026 y/o mañana"}'],
  ])('%s', (_name, line) => expect(redactSecrets(line)).toBe(line));

  it('a query keeps its keys, never its values', () => {
    expect(redactSecrets('{"url":"/api/messages/stop-reminders?token=abc&lang=es"}')).toBe('{"url":"/api/messages/stop-reminders?token=[oculto]&lang=[oculto]"}');
  });

  it('the feed token’s hash is not the token, and is not kept either (a long hex run)', () => {
    const t = newFeedToken();
    expect(redactSecrets(`{"h":"${feedTokenHash(t)}"}`)).toBe('{"h":"[oculto]"}');
  });
});

describe('the logger', () => {
  it('writes every line through the redaction, whatever wrote it', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (s: string) => void lines.push(s) });
    const t = consentSignToken(SECRET, ID);
    log.info({ path: `/firma/${t}` }, 'request');
    log.error({ err: new Error(`fallo con ${t}`) }, `algo de /api/consents/sign/${t}`);
    log.warn(`texto ${t}`);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).not.toContain(t);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/firma/[oculto]', msg: 'request' });
  });
});
