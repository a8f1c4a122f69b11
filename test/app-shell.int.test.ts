import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession, signUp } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// The app shell (src/server/http/app-shell.ts): every client route gets index.html with the
// signed-in user as /api/me would answer, so the first view needs no /api/me round trip.

let server: TestServer;

const sessionBlock = (html: string) => /<script type="application\/json" id="auna-session">(.*?)<\/script>/s.exec(html)?.[1];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('app shell', () => {
  it('signed out: the page says null, is never cached, and the app still mounts on #root', async () => {
    const res = await newSession(server.url).get('/services');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sessionBlock(res.body as string)).toBe('null');
    expect(res.body as string).toContain('<div id="root">');
  });

  it('signed in: the same user /api/me answers, with "<" escaped so a name cannot close the script', async () => {
    const ana = await signUp(server.url, { email: 'ana.shell@example.com', password: 'secreto-1', name: 'Ana </script><script>alert(1)</script>' });
    const me = await ana.get('/api/me');
    const page = await ana.get('/book/00000000-0000-4000-8000-000000000000');
    const block = sessionBlock(page.body as string)!;
    expect(block).not.toContain('</script');
    expect(JSON.parse(block)).toEqual(me.body);
  });

  it('files are still files and /api stays JSON', async () => {
    const anon = newSession(server.url);
    const file = await anon.get('/index.html');
    expect(file.status).toBe(200);
    expect(sessionBlock(file.body as string)).toBeUndefined();
    expect((await anon.get('/api/nope')).status).toBe(404);
  });
});
