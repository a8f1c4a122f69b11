import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';

// The sign-in pages do not move while they load (Lighthouse's CLS target: ≤ 0.02 in every run).
// A phone may paint a page before it has read all of its HTML (the parser yields under load, a
// slow link delivers half), and a column centred on its own height then jumped up by half of what
// came next: 0.105 on /login in one Lighthouse run of five (docs/benchmarks.md, "Lighthouse").
// Here the page comes through a loopback relay that sends its HTML up to the first field (where
// the parser was seen to stop) and holds the rest until the page has painted that half, so the
// partial paint happens in every run instead of now and then; the layout shifts the page records
// are then added up (no input is made: every shift counts).

const RELEASE = '/__relay/rest';

/** A relay to the app that holds each page's HTML after its first field until the page asks for the rest (RELEASE). */
async function slowHtmlRelay(app: string): Promise<{ url: string; close: () => Promise<void> }> {
  let held: Array<() => void> = [];
  const release = () => {
    for (const send of held) send();
    held = [];
  };
  const server: Server = createServer((req, res) => {
    if (req.url === RELEASE) {
      release();
      res.writeHead(204).end();
      return;
    }
    void (async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'accept-encoding') headers.set(k, v);
      const answer = await fetch(new URL(req.url ?? '/', app), { headers, redirect: 'manual' });
      const body = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) out[k] = v;
      });
      res.writeHead(answer.status, out);
      const html = (answer.headers.get('content-type') ?? '').startsWith('text/html') ? body.toString('utf8') : null;
      const input = html?.indexOf('<input') ?? -1;
      if (html === null || input < 0) return res.end(body);
      const cut = html.indexOf('>', input) + 1;
      res.write(html.slice(0, cut));
      // The rest when the page asks for it, or after 10 s (the test then fails on its own check).
      const timer = setTimeout(release, 10_000);
      held.push(() => {
        clearTimeout(timer);
        res.end(html.slice(cut));
      });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let relay: Awaited<ReturnType<typeof slowHtmlRelay>>;
test.beforeAll(async ({ baseURL }) => {
  relay = await slowHtmlRelay(baseURL!);
});
test.afterAll(async () => relay.close());

// /login is the sign-in page the server renders (its first view); /signup and the others are drawn
// by the browser in one go, so no half of them is ever on screen.
test('/login painted before its HTML has all arrived does not move when the rest comes', async ({ page }) => {
  await page.addInitScript((release) => {
    const w = window as unknown as { shifts: Array<{ value: number; nodes: string[] }>; partialFrames: number };
    w.shifts = [];
    w.partialFrames = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }>) {
        w.shifts.push({
          value: e.value,
          nodes: (e.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? String(s.node?.textContent)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Frames drawn while the document is still being read, with some of the page on it. At the
    // second, the first is on screen: the relay may send the rest.
    const frame = () => {
      if (document.readyState !== 'loading') return;
      if (document.querySelector('main h1') && ++w.partialFrames === 2) void fetch(release);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, RELEASE);
  await page.goto(`${relay.url}/login`);
  await expect(page.getByRole('button').last()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const { shifts, partialFrames } = await page.evaluate(() => {
    const w = window as unknown as { shifts: Array<{ value: number; nodes: string[] }>; partialFrames: number };
    return { shifts: w.shifts, partialFrames: w.partialFrames };
  });
  // The case this test is about did happen: the page was on screen before its HTML was complete.
  expect(partialFrames, 'frames painted with half of the page').toBeGreaterThanOrEqual(2);
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});
