import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// The web app's route table: a plain data module, the one place that says which pages exist and
// which page module and images each shows (docs/decisions/017-one-route-table.md).
import { LAYOUT_MODULES, matchPageRoute } from '../../web/app/routes';

// The built web app's index.html, served for every client-side route with what the first view
// needs named up front, so a phone does not discover it one round trip after another
// (docs/decisions/011-app-shell-hints.md):
//   - `<link rel="modulepreload">` for the page's own chunks (the entry's are already in the HTML),
//   - `<link rel="preload">` for the hero image on the home page (its LCP element),
//   - the signed-in user, as GET /api/me would answer, in a JSON data block the app reads before
//     its first render instead of waiting for /api/me (`null` when signed out);
//   - for the client's first views (/login, /, /services, /book/{id}), the page itself rendered
//     by the web app's own components (dist/ssr/entry-server.js) inside #root, with the data it
//     was rendered from in a second JSON block; the browser hydrates it
//     (docs/decisions/014-first-view-rendered-on-the-server.md).

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; assets?: string[] };

export type CurrentUserJson = { uid: string; displayName: string; email: string; photoURL: string | null; role: string };

/** What the web app's server entry renders (src/web/entry-server.tsx; a type here: the server imports no React code, only the route table). */
export type FirstView = { html: string; queries: Array<[readonly unknown[], unknown]> };
/** A fetch that reaches the API for the request's user: the server app itself, with the request's cookie. */
export type FetchApi = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
type RenderFirstView = (url: string, user: CurrentUserJson | null, fetchApi: FetchApi) => Promise<FirstView | null>;

/**
 * The web app's first-view renderer built beside `webRoot` (dist/ssr), or null when there is none
 * (a build without it, or `npm run dev`). Node keeps a module once imported, and its chunks import
 * it by its plain name, so a rebuild under a running server cannot be loaded again: from then on
 * (the file changed) the pages are left to the browser until the server restarts, rather than
 * rendered by code that no longer matches the scripts.
 */
export function createFirstViewRenderer(webRoot: string) {
  const file = path.join(webRoot, '../ssr/entry-server.js');
  let loaded: { mtime: number; render: Promise<RenderFirstView | null> } | undefined;
  return function renderer(): Promise<RenderFirstView | null> {
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) return Promise.resolve(null);
    if (!loaded) loaded = { mtime, render: import(pathToFileURL(file).href).then((m: { renderFirstView?: RenderFirstView }) => m.renderFirstView ?? null) };
    return loaded.mtime === mtime ? loaded.render : Promise.resolve(null);
  };
}

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
  return function render(pathname: string, user: CurrentUserJson | null | undefined, firstView?: FirstView | null, head?: string | null): string {
    if (Date.now() - checkedAt > 1000) {
      checkedAt = Date.now();
      const mtime = statSync(path.join(webRoot, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
      if (mtime !== undefined && mtime !== current.mtime) current = build(webRoot);
    }
    return current.render(pathname, user, firstView, head);
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

  type Hints = { images: string[]; modules: string[] };
  const hintsByPage = new Map<string, Hints>();
  const hintsFor = (pathname: string): Hints => {
    const route = matchPageRoute(pathname)?.route;
    const key = route?.path ?? '';
    let hints = hintsByPage.get(key);
    if (hints === undefined) {
      const layout = route && LAYOUT_MODULES[route.layout];
      const roots = route ? [...(layout ? [layout] : []), route.page].filter((k) => manifest[k]) : [];
      const chunks = [...closure(roots)].filter((k) => !inEntry.has(k));
      hints = {
        images: (route?.images ?? []).filter((i) => manifest[i]).map((i) => `/${manifest[i]!.file}`),
        modules: chunks.map((k) => `/${manifest[k]!.file}`),
      };
      hintsByPage.set(key, hints);
    }
    return hints;
  };
  const headLinks = (h: Hints, modules: boolean) =>
    [
      ...common,
      ...h.images.map((src) => `<link rel="preload" href="${src}" as="image" fetchpriority="high">`),
      ...(modules ? h.modules.map((src) => `<link rel="modulepreload" href="${src}">`) : []),
    ].join('\n    ');

  // A server-rendered first view: #root's static content ('Cargando...') is replaced by the page,
  // and the scripts start only after the first paint (public/boot.js): Vite's entry <script> and
  // its modulepreload links leave the head and are handed to boot.js with the page's chunks.
  const rootOpen = template.indexOf('<div id="root">');
  const rootClose = template.lastIndexOf('</div>', template.indexOf('</body>'));
  const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entrySrc = ENTRY.exec(template)?.[1];
  const entryPreloads = [...template.matchAll(PRELOAD)].map((m) => m[1]!);
  const canInsert = rootOpen >= 0 && rootClose > rootOpen && !!entrySrc;
  const before = template.slice(0, rootOpen).replace(ENTRY, '').replace(PRELOAD, '');
  const after = template.slice(rootClose);
  const boot = (modules: string[]) => `<script src="/boot.js" defer data-entry="${entrySrc}" data-preload="${[...entryPreloads, ...modules].join(' ')}"></script>`;
  // A function as replacement: the inserted text is taken as it is ('$&' in a name stays '$&').
  const intoHead = (page: string, extra: string) => page.replace('</head>', () => `    ${extra}\n  </head>`);
  const TITLE = /\s*<title>[^<]*<\/title>/;
  const DESCRIPTION = /\s*<meta name="description"[^>]*>/;

  return {
    mtime,
    /** The page for `pathname`, with `user` (undefined: unknown here, the app asks /api/me itself). */
    render(pathname: string, user: CurrentUserJson | null | undefined, firstView?: FirstView | null, head?: string | null): string {
      const hints = hintsFor(pathname);
      // A page's own title, description and link preview (http/page-meta.ts) replace the template's.
      const own = (page: string) => (head ? intoHead(page.replace(TITLE, '').replace(DESCRIPTION, ''), head) : page);
      const session = user === undefined ? '' : `\n    <script type="application/json" id="auna-session">${escapeJson(user)}</script>`;
      if (firstView && canInsert) {
        const data = `\n    <script type="application/json" id="auna-first-view">${escapeJson(firstView.queries)}</script>`;
        const start = intoHead(own(before), `${boot(hints.modules)}\n    ${headLinks(hints, false)}${session}${data}`);
        return `${start}<div id="root">${firstView.html}${after}`;
      }
      return intoHead(own(template), `${headLinks(hints, true)}${session}`);
    },
  };
}
