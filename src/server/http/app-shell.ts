import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The built web app's index.html, served for every client-side route with what the first view
// needs named up front, so a phone does not discover it one round trip after another
// (docs/decisions/011-app-shell-hints.md):
//   - `<link rel="modulepreload">` for the page's own chunks (the entry's are already in the HTML),
//   - `<link rel="preload">` for the hero image on the home page (its LCP element),
//   - the signed-in user, as GET /api/me would answer, in a JSON data block the app reads before
//     its first render instead of waiting for /api/me (`null` when signed out).

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; assets?: string[] };

/** Page module of each client route (src/web/app/router.tsx), as the manifest names them. */
const ROUTE_PAGES: Array<{ test: (p: string) => boolean; page: string; images?: string[] }> = [
  { test: (p) => p === '/', page: 'features/home/home-page.tsx', images: ['assets/images/hero-confianza.svg'] },
  { test: (p) => p === '/services', page: 'features/services/services-page.tsx' },
  { test: (p) => p.startsWith('/book/'), page: 'features/booking/book-page.tsx' },
  { test: (p) => p === '/my-appointments', page: 'features/appointments/my-appointments-page.tsx' },
  { test: (p) => p === '/login', page: 'features/auth/login-page.tsx' },
  { test: (p) => p === '/signup', page: 'features/auth/signup-page.tsx' },
  { test: (p) => p === '/forgot-password', page: 'features/auth/forgot-password-page.tsx' },
  { test: (p) => p === '/reset-password', page: 'features/auth/reset-password-page.tsx' },
];

export type CurrentUserJson = { uid: string; displayName: string; email: string; photoURL: string | null; role: string };

function escapeJson(value: unknown): string {
  // Inside a <script> data block only "</script" could end it early; \u003c keeps it JSON.
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The shell for `webRoot`. It is read again when index.html changes (a rebuild under a running
 * server, as in development), checked at most once a second.
 */
export function createAppShell(webRoot: string) {
  let current = build(webRoot);
  let checkedAt = Date.now();
  return function render(pathname: string, user: CurrentUserJson | null | undefined): string {
    if (Date.now() - checkedAt > 1000) {
      checkedAt = Date.now();
      const mtime = statSync(path.join(webRoot, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
      if (mtime !== undefined && mtime !== current.mtime) current = build(webRoot);
    }
    return current.render(pathname, user);
  };
}

function build(webRoot: string) {
  const mtime = statSync(path.join(webRoot, 'index.html')).mtimeMs;
  const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestFile = path.join(webRoot, '.vite/manifest.json');
  const manifest: Record<string, Chunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);

  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k]!.imports ?? [], seen);
    }
    return seen;
  };
  const inEntry = entryKey ? closure([entryKey]) : new Set<string>();
  // Fonts are NOT preloaded: on a slow link their 75 KB would share the bandwidth with the
  // scripts the first paint waits for; text shows at once in the fallback font (font-display:
  // swap) and takes the web font when it arrives (measured with Lighthouse, docs/benchmarks.md).
  const common: string[] = [];

  const hintsByPage = new Map<string, string>();
  const hintsFor = (pathname: string): string => {
    const route = ROUTE_PAGES.find((r) => r.test(pathname));
    const key = route?.page ?? '';
    let hints = hintsByPage.get(key);
    if (hints === undefined) {
      const chunks = route && manifest[route.page] ? [...closure([route.page])].filter((k) => !inEntry.has(k)) : [];
      const links = [
        ...common,
        ...(route?.images ?? []).filter((i) => manifest[i]).map((i) => `<link rel="preload" href="/${manifest[i]!.file}" as="image" fetchpriority="high">`),
        ...chunks.map((k) => `<link rel="modulepreload" href="/${manifest[k]!.file}">`),
      ];
      hints = links.join('\n    ');
      hintsByPage.set(key, hints);
    }
    return hints;
  };

  return {
    mtime,
    /** The page for `pathname`, with `user` (undefined: unknown here, the app asks /api/me itself). */
    render(pathname: string, user: CurrentUserJson | null | undefined): string {
      const session = user === undefined ? '' : `\n    <script type="application/json" id="auna-session">${escapeJson(user)}</script>`;
      return template.replace('</head>', `    ${hintsFor(pathname)}${session}\n  </head>`);
    },
  };
}
