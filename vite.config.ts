import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_ROUTES } from './src/web/app/routes';

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

// The web app lives in src/web and builds to dist/web, which the Hono server serves. It runs on
// React 19 (react-dom) in the browser and on the server (react-dom/static, entry-server.tsx), with
// no aliases and no rewriting of third-party files (docs/decisions/016-react-19-runtime.md);
// `npm run dev` has React's fast refresh.
/**
 * Every page's lazy import carries the list of chunks to fetch beside it, and those lists live in
 * the entry every client first view downloads (ADR 009's 125 KB). The staff's, the desk's and the
 * admin's pages (the route table's 'staff', 'desk' and 'admin' ones) go without: their chunk's own
 * imports are fetched once it arrives, one round trip later on a reception's desk, instead of ~1 KB
 * more on every client's phone (ADR 040). So do the client's pages that are not first views, but
 * for /my-appointments, where every booking lands, and /signup, where the public page's
 * "Confirmar" leads: her bonos, her waiting list, the privacy notice, the e-mails' pages.
 */
const KEEPS_PRELOADS = new Set(['/my-appointments', '/signup']);
// Lazy parts of a client page that only staff load: the booking page's "¿Para quién es la cita?" (docs/decisions/087),
// and the first-sign-in password form every page's guard may show a professional (docs/decisions/084).
const STAFF_ONLY_CHUNKS = ['for-whom', 'first-password-form'];
const STAFF_PAGE_CHUNK = new RegExp(
  `^assets/(${PAGE_ROUTES.filter((r) => r.access === 'staff' || r.access === 'desk' || r.access === 'admin' || (!r.firstView && !KEEPS_PRELOADS.has(r.path)))
    .map((r) => path.basename(r.page, '.tsx'))
    .concat(STAFF_ONLY_CHUNKS)
    .join('|')})-[\\w-]{8}\\.js$`,
);
/**
 * A client's chunks loaded only when she needs them, whose lists would cost every /book/{id} phone
 * bytes for a step few take: "Añadir otro servicio" (ADR 092) and "Avísame si se libera un hueco"
 * on a day without times (ADR 070), the notice of a client already at her cap (ADR 075) and her bono's
 * sessions (ADR 037, requested as soon as a professional is chosen). Their imports follow them, one
 * round trip later.
 */
const ON_TAP_CHUNK = /^assets\/(visit-planner|notify-me|cap-notice|bono-hint)-[\w-]{8}\.js$/;
function withoutStaffPreloads(filename: string, deps: string[]): string[] {
  return STAFF_PAGE_CHUNK.test(filename) || ON_TAP_CHUNK.test(filename) ? [] : deps;
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  // `vite build --ssr entry-server.tsx` (npm run build): the server's first-view renderer
  // (docs/decisions/014-first-view-rendered-on-the-server.md). Every dependency is bundled in, so
  // dist/ssr runs without node_modules' web dependencies and with the same copies as the browser.
  ssr: { noExternal: true },
  // ...and React's build is chosen when bundling, as in the browser's build, not by the server's
  // NODE_ENV at run time: `npm run build` renders with production React on both sides.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') } : {},
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0, // CSP: no data: fonts; every asset a file with a hashed name
    modulePreload: { polyfill: false, resolveDependencies: withoutStaffPreloads },
    // .vite/manifest.json: the import graph the bundle budget test follows.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      // The mailed consent link (/firma/<token>) is the server's: it trades the token for a cookie (ADR 051).
      '^/firma/.+': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
