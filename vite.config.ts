import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the server sends them with
 * `serveStatic({ precompressed: true })`, so a browser downloads the compressed bytes (the budget
 * counts those) and no CPU is spent compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'auna-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      ssr = !!c.build.ssr; // the server's render module is read from disk, never sent
    },
    async closeBundle() {
      if (ssr) return;
      const br = promisify(brotliCompress);
      const gz = promisify(gzip);
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f) && !f.startsWith('.vite'));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await readFile(file);
          if (data.length < 1024) return;
          await writeFile(`${file}.br`, await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * React Aria builds its collections (Menu, ListBox, Table...) by rendering into a stand-in
 * document of its own. React asks it for `createElement` and `parent.removeChild(node)`;
 * Preact 11 calls `createElementNS` (always, with the XHTML namespace) and `node.remove()`,
 * which the stand-in lacks: give it both, forwarding to what it has. The build fails if React
 * Aria's file changes shape, rather than shipping menus that do not open.
 */
const ARIA_DOCUMENT = /react-aria\/dist\/private\/collections\/Document\.mjs$/;
function ariaCollectionsOnPreact() {
  return {
    name: 'auna-react-aria-on-preact',
    transform(code: string, id: string) {
      if (!ARIA_DOCUMENT.test(id.split('?')[0]!)) return null;
      const base = /(\$\w+\$export\$\w+) as BaseNode\b/.exec(code)?.[1];
      const doc = /(\$\w+\$export\$\w+) as Document\b/.exec(code)?.[1];
      if (!base || !doc) throw new Error(`React Aria's collection Document changed shape (${id}): review the Preact shim in vite.config.ts`);
      const shim = [
        `${doc}.prototype.createElementNS = function (_ns, type) { return this.createElement(type); };`,
        `${base}.prototype.remove = function () { if (this.parentNode) this.parentNode.removeChild(this); };`,
      ].join('\n');
      return { code: `${code}\n${shim}\n`, map: null };
    },
  };
}

/**
 * React Aria prefixes its ids with a random number per page load unless it sees a server render
 * being hydrated, which it detects through React's useSyncExternalStore server snapshot; Preact
 * has no such snapshot, so the hydrating browser would name every id differently from the server's
 * HTML (labels, descriptions). One copy of React Aria runs on a page, so the prefix can be empty:
 * the ids are then `react-aria-` + useId() on both sides (docs/decisions/014-first-view-rendered-on-the-server.md).
 */
const ARIA_SSR = /react-aria\/dist\/private\/ssr\/SSRProvider\.mjs$/;
function ariaIdsWithoutRandomPrefix() {
  return {
    name: 'auna-react-aria-stable-ids',
    transform(code: string, id: string) {
      if (!ARIA_SSR.test(id.split('?')[0]!)) return null;
      const random = 'prefix: String(Math.round(Math.random() * 10000000000))';
      if (!code.includes(random)) throw new Error(`React Aria's SSRProvider changed shape (${id}): review the id prefix patch in vite.config.ts`);
      return { code: code.replace(random, "prefix: ''"), map: null };
    },
  };
}

/**
 * React Aria checks the browser's language when its i18n module loads (every page, since the app
 * root's I18nProvider imports it) with `Intl.DateTimeFormat.supportedLocalesOf`, only to catch an
 * invalid tag: that first DateTimeFormat call loads the date data of ICU, ~15 ms here and four
 * times that on a mid-range phone, inside the task that starts the app. The app always passes
 * 'es-ES' (app/root.tsx), so the answer is never used; `Intl.getCanonicalLocales` throws for the
 * same invalid tags without loading anything (docs/decisions/014-first-view-rendered-on-the-server.md).
 */
const ARIA_DEFAULT_LOCALE = /react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/;
function ariaDefaultLocaleWithoutIcu() {
  return {
    name: 'auna-react-aria-default-locale',
    transform(code: string, id: string) {
      if (!ARIA_DEFAULT_LOCALE.test(id.split('?')[0]!)) return null;
      const check = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*(\$\w+|locale)\s*\]\)/;
      if (!check.test(code)) throw new Error(`React Aria's useDefaultLocale changed shape (${id}): review the locale check patch in vite.config.ts`);
      return { code: code.replace(check, 'Intl.getCanonicalLocales($1)'), map: null };
    },
  };
}

// The web app lives in src/web and builds to dist/web, which the Hono server serves.
// It is written against React's API and runs on Preact (preact/compat): the same components in
// a fifth of the bytes, so every client first view stays under its 100 KB budget
// (docs/decisions/009-client-bundle-budget.md, test/bundle-budget.test.ts). The aliases apply to
// `vite` (dev) too, so what a developer sees is what ships; fast refresh is React-only, so the
// dev server reloads the page instead.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), ariaCollectionsOnPreact(), ariaIdsWithoutRandomPrefix(), ariaDefaultLocaleWithoutIcu(), precompress()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
    dedupe: ['preact'],
  },
  // `vite build --ssr entry-server.tsx` (npm run build): the server's first-view renderer
  // (docs/decisions/014-first-view-rendered-on-the-server.md). Every dependency is bundled in, so
  // the aliases above apply there too and the server renders with Preact like the browser.
  ssr: { noExternal: true },
  // The dev server pre-bundles dependencies without the plugins above: patch them there too.
  optimizeDeps: { rolldownOptions: { plugins: [ariaCollectionsOnPreact(), ariaIdsWithoutRandomPrefix(), ariaDefaultLocaleWithoutIcu()] } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0, // CSP: no data: fonts; every asset a file with a hashed name
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the import graph the bundle budget test follows.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
