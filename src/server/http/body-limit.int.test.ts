import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/texts/common';
import { newClient } from '../../../test/support/booking-fixtures';
import { type Session } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// The body guards (http/body-limit.ts, http/text-guard.ts, ADR 097) judge a request by its
// declared length without building the Fetch body stream, and fall back to counting a chunked
// body: both ways reach the same answers, through the real server and its sockets.

let server: TestServer;
let client: Session;

beforeAll(async () => {
  server = await startTestServer();
  client = await newClient(server, 'cuerpos@example.com', 'Cuerpos');
}, 120_000);
afterAll(async () => server?.close());

/** A raw POST with the session's cookie: `chunked` sends no Content-Length (Transfer-Encoding: chunked). */
function post(
  path: string,
  body: string,
  chunked: boolean,
): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const url = new URL(path, server.url);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: url.origin, cookie, connection: 'close' };
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as never) : {} });
      });
    });
    req.on('error', reject);
    // Written in pieces, so a chunked body really arrives as several chunks.
    for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.slice(i, i + 16 * 1024));
    req.end();
  });
}

describe('request bodies, declared or chunked', () => {
  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length';
    it(`${how}: a body over 64 KB is 413 payload_too_large`, async () => {
      const res = await post('/api/booking', JSON.stringify({ notes: 'x'.repeat(70 * 1024) }), chunked);
      expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([413, 'payload_too_large', MSG.invalidInput]);
    });
    it(`${how}: a U+0000 in the JSON is 400 invalid_input`, async () => {
      const res = await post(
        '/api/booking',
        JSON.stringify({ serviceId: 'a\u0000b', professionalId: 'x', date: '2030-01-01', time: '10:00' }),
        chunked,
      );
      expect([res.status, res.body.error?.code]).toEqual([400, 'invalid_input']);
    });
    it(`${how}: a body under the limit reaches the route's own validation`, async () => {
      const res = await post(
        '/api/booking',
        JSON.stringify({ serviceId: '', professionalId: 'x', date: '2030-01-01', time: '10:00' }),
        chunked,
      );
      expect([res.status, res.body.error?.message]).toEqual([400, MSG.bookingMissingData]);
    });
    it(`${how}: malformed JSON is a 400, not a 500`, async () => {
      const res = await post('/api/booking', '{"serviceId": ', chunked);
      expect(res.status).toBe(400);
    });
  }
});
