import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_MODULES, PAGE_ROUTES } from '../src/web/app/routes';

// Front-end budget (docs/decisions/009-client-bundle-budget.md): the JavaScript a phone downloads
// for the first view of each client page, gzipped, at most BUDGET_KB. The test builds the app itself
// (into a temp dir, so it never reads a stale or half-written dist/) and follows the import graph
// in Vite's manifest: the entry and everything it imports statically, plus the page's lazy chunk
// and everything that imports statically (main.tsx starts that chunk at once, router.tsx).

const BUDGET_KB = 125;
// Every first view the server renders (the route table, src/web/app/routes.ts): /login, /, /services, /book/{id}.
const ROUTES: Record<string, string> = Object.fromEntries(PAGE_ROUTES.filter((r) => r.firstView).map((r) => [r.path.replace(/:(\w+)/g, '{$1}'), r.page]));
// Code of the back office and the employee portal must never reach a client's first view: the
// pages the route table gives to staff or the admin (whatever room they sit in), the portals'
// layouts and the back office's shared components.
const STAFF_PAGES = new Set([...PAGE_ROUTES.filter((r) => r.access === 'staff' || r.access === 'desk' || r.access === 'admin').map((r) => r.page), ...Object.values(LAYOUT_MODULES)]);
const isStaffOnly = (key: string) => STAFF_PAGES.has(key) || key.startsWith('components/admin/');
const MAX_IMAGE_KB = 150; // a hero for a phone screen, not a multi-megabyte photo
const MAX_FONT_KB = 60; // one subset of one variable family

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

let outDir = '';
let manifest: Record<string, Chunk> = {};
const gz = new Map<string, number>();

async function gzKb(file: string): Promise<number> {
  if (!gz.has(file)) gz.set(file, gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length / 1024);
  return gz.get(file)!;
}

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`not in the manifest: ${k}`);
    seen.add(k);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}

async function firstView(...modules: string[]) {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const keys = staticClosure(modules, staticClosure([entry]));
  const js = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const sizes = await Promise.all(js.map(async (f) => ({ file: f, kb: await gzKb(f) })));
  return { keys, sizes, totalKb: sizes.reduce((s, x) => s + x.kb, 0) };
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'auna-budget-'));
  // What ships: React's production build. Vitest runs with NODE_ENV=test, which would make Vite
  // bundle React's development build (jsx-dev-runtime, warnings) instead.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('client first views', () => {
  it.each(Object.entries(ROUTES))(`%s downloads at most ${BUDGET_KB} KB of JavaScript (gzipped)`, async (_route, pageModule) => {
    const view = await firstView(pageModule);
    const detail = view.sizes
      .sort((a, b) => b.kb - a.kb)
      .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
      .join(', ');
    expect(view.totalKb, `${view.totalKb.toFixed(1)} KB: ${detail}`).toBeLessThanOrEqual(BUDGET_KB);
  });

  it.each(Object.entries(ROUTES))('%s loads no back-office or employee code', async (_route, pageModule) => {
    // The check is only as good as its list: every staff page and both portal layouts are in the build.
    expect(STAFF_PAGES.size).toBeGreaterThanOrEqual(12);
    for (const page of STAFF_PAGES) expect(manifest[page], page).toBeDefined();
    const view = await firstView(pageModule);
    const staff = [...view.keys].filter(isStaffOnly);
    expect(staff).toEqual([]);
  });
});

// A browser's first Intl call loads its locale data: a long task on a phone (~30-50 ms, four
// times that in Lighthouse's slow CPU). The pages routes.ts marks `reactAria: false` (the public
// page) make none while their first view loads and hydrates: React Aria's i18n module (whose locale
// check runs when it loads) is not in that view, and no chunk of it builds an Intl object when it
// loads (docs/decisions/109-first-views-without-intl.md). Intl inside a function, made on first use,
// is fine.
describe('first views without Intl', () => {
  const pages = PAGE_ROUTES.filter((r) => r.firstView && r.reactAria === false);
  it.each(pages.map((r) => [r.path, r.page]))('%s loads no React Aria i18n and no module-level Intl', async (_route, pageModule) => {
    expect(pages.length).toBeGreaterThan(0);
    const view = await firstView(pageModule);
    const offenders: string[] = [];
    for (const { file } of view.sizes) {
      const code = await readFile(path.join(outDir, file), 'utf8');
      if (code.includes('react-aria.i18n.locale')) offenders.push(`${file}: React Aria's i18n`);
      // A minified top-level `var x=new Intl.NumberFormat(` (or `,x=new Intl…`): made when the chunk loads.
      for (const m of code.matchAll(/(?:^|[;{}]\s*)(?:var|let|const)\s[^;{}]*?=\s*new Intl\.\w+\(/gm)) offenders.push(`${file}: ${m[0].trim().slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });
});

// The back office's busiest page: the admin layout (side menu) and the appointments page with its
// React Aria date pickers, calendar, table, menus and dialogs (the date filter and status changes,
// ADR 005/006), @internationalized/date and sonner's toasts; today ~170-190 KB on React 19.
const ADMIN_BUDGET_KB = 200;
const ADMIN_APPOINTMENTS = ['app/layouts/admin-layout.tsx', 'features/appointments/appointments-admin-page.tsx'];

describe('admin appointments first view', () => {
  it(`downloads at most ${ADMIN_BUDGET_KB} KB of JavaScript (gzipped)`, async () => {
    const view = await firstView(...ADMIN_APPOINTMENTS);
    const detail = view.sizes
      .sort((a, b) => b.kb - a.kb)
      .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
      .join(', ');
    expect(view.totalKb, `${view.totalKb.toFixed(1)} KB: ${detail}`).toBeLessThanOrEqual(ADMIN_BUDGET_KB);
  });
});

describe('figures', () => {
  it('prints each budgeted first view (for docs/benchmarks.md)', async () => {
    const rows = [...Object.entries(ROUTES).map(([route, page]) => [route, [page]] as const), ['/admin/appointments', ADMIN_APPOINTMENTS] as const];
    for (const [route, modules] of rows) {
      const view = await firstView(...modules);
      console.info(`bundle budget: ${route} ${view.totalKb.toFixed(1)} KB gzipped in ${view.sizes.length} files`);
    }
  });
});

describe('fonts and images', () => {
  it(`every image is at most ${MAX_IMAGE_KB} KB and every font file at most ${MAX_FONT_KB} KB`, async () => {
    const files = await readdir(path.join(outDir, 'assets'));
    const media = files.filter((f) => /\.(svg|png|jpe?g|webp|avif|gif|woff2?|ttf|otf)$/.test(f));
    expect(media.length).toBeGreaterThan(0);
    const over: string[] = [];
    for (const f of media) {
      const kb = (await stat(path.join(outDir, 'assets', f))).size / 1024;
      const max = /\.(woff2?|ttf|otf)$/.test(f) ? MAX_FONT_KB : MAX_IMAGE_KB;
      if (kb > max) over.push(`${f}: ${kb.toFixed(0)} KB > ${max} KB`);
    }
    expect(over).toEqual([]);
  });

  it('fonts are woff2 and load with font-display: swap (text shows at once in a fallback font)', async () => {
    const css = Object.values(manifest).flatMap((c) => c.css ?? []);
    const text = (await Promise.all([...new Set(css)].map((f) => readFile(path.join(outDir, f), 'utf8')))).join('\n');
    const faces = text.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      expect(face).toMatch(/font-display:\s*swap/);
      expect(face).toMatch(/\.woff2\)format\(["']?woff2/);
    }
  });
});
