import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { KIOSK_PAGE } from '../../domain/reception-kiosk';
import { effectiveRole, sessionEnded } from '../../domain/session-policy';
import { safeError } from '../logger';
import { createAppShell, createFirstViewRenderer, type FetchApi, type FirstView } from './app-shell';
import type { AppEnv, Deps } from './env';
import { sessionNow } from './session-clock';
import { createSessionReader } from './session-reader';
import { pageHead } from './page-meta';
import { unavailablePage } from './unavailable';

/**
 * The built web app at `root`: its assets, and every client-side route's page with the first
 * view's hints and the session (app-shell.ts), made per request. Nothing is served when `root`
 * holds no build (npm run dev serves the web app itself). `app` answers the first view's own API
 * requests, as the browser would make them.
 */
export function servePages(app: Hono<AppEnv>, deps: Pick<Deps, 'auth' | 'db' | 'log' | 'health' | 'config'>, root: string) {
  if (!existsSync(path.join(root, 'index.html'))) return;
  const rel = path.relative(process.cwd(), root) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root: rel,
      precompressed: true, // .br / .gz written by the build (vite.config.ts)
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Client-side routes (/, /book/…, /admin/…) get the app shell with the first view's hints and
  // the session (http/app-shell.ts); files (favicon.svg, …) are served as they are.
  // The sign-in form is in the server-rendered /login; sent without its script (the scripts
  // failed to load), it posts here rather than put the password in the address: back to it.
  app.post('/login', (c) => c.redirect('/login', 303));
  const shell = createAppShell(root);
  const firstViewRenderer = createFirstViewRenderer(root);
  const readSession = createSessionReader(deps);
  // The page is made per request (session, first view), so it is compressed per request; the
  // built assets are compressed once by the build.
  app.get('*', compress(), async (c, next) => {
    const last = c.req.path.split('/').pop() ?? '';
    if (last.includes('.')) return next();
    // The database out of reach: "volvemos enseguida" (503), not a page whose every request fails.
    if (!(await deps.health.database.check())) return unavailablePage(c);
    const fast = await readSession(c.req.header('cookie')).catch(() => 'ask-better-auth' as const);
    // A signing kiosk (ADR 068) is served its own page whatever address is typed: the client
    // holding the tablet never loads a staff page (their API calls are refused anyway).
    if (fast && fast !== 'ask-better-auth' && fast.kioskAppointmentId && c.req.path !== KIOSK_PAGE) {
      c.header('Cache-Control', 'no-store');
      return c.redirect(KIOSK_PAGE, 302);
    }
    const user =
      fast === 'ask-better-auth' ||
      // An ended session (ADR 025) is the API's to delete; the page just does not show its user.
      (fast && sessionEnded({ role: fast.user.role, createdAt: fast.createdAt, lastActiveAt: fast.lastActiveAt, now: sessionNow() }))
        ? undefined
        : fast && {
            uid: fast.user.id,
            displayName: fast.user.name,
            email: fast.user.email,
            photoURL: fast.user.image,
            // As the API decides it (http/guards.ts): a leaver's page is a client's.
            role: effectiveRole(fast.user.role, fast.activeEmployee),
            mustChangePassword: fast.passwordChangeRequired,
          };
    // The client's first views come rendered (http/app-shell.ts), from the API's own answers
    // for this request's cookie; any failure there just leaves the page to the browser.
    let firstView: FirstView | null = null;
    if (user !== undefined) {
      const cookie = c.req.header('cookie');
      const fetchApi: FetchApi = async (input, init) => {
        const headers = new Headers(init?.headers);
        if (cookie) headers.set('cookie', cookie);
        return app.request(input, { ...init, headers });
      };
      const url = new URL(c.req.url);
      firstView = await firstViewRenderer()
        .then((render) => render?.(url.pathname + url.search, user, fetchApi) ?? null)
        .catch((err: unknown) => {
          deps.log.error({ err: safeError(err), path: c.req.path }, 'first view render failed');
          return null;
        });
    }
    // The public page's own head (ADR 080): for everyone, crawlers and link previews included.
    const head = await pageHead(c.req.path, async (input, init) => app.request(input, init), deps.config.publicUrl).catch((err: unknown) => {
      deps.log.error({ err: safeError(err), path: c.req.path }, 'page head failed');
      return null;
    });
    // It carries who is signed in: never stored by a cache.
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Cookie');
    return c.html(shell(c.req.path, user, firstView, head));
  });
  app.use('*', serveStatic({ root: rel, precompressed: true }));
  // A dotted path that is not a file is still the app's to answer (it sends unknown paths to /).
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(shell(c.req.path, undefined));
  });
}
