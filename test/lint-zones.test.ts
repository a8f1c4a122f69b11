import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// Rooms and layers (eslint.config.js, import-x/no-restricted-paths): the real config, linting a
// probe file at a virtual path inside the real tree (lintText; the probe is never written to disk)
// that imports a real file, the way our code does (a relative path without extension). The rule
// only checks imports it can resolve, so every target here is a file that exists today, found at
// run time: files move between rooms while the rules stay.

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });
const ZONES = 'import-x/no-restricted-paths';
const WEB_TAKES_TYPES_ONLY = 'no-restricted-imports';
const PROBE = '__lint_probe__';

const foldersOf = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** The first source file (sorted, tests last) under `dir`, relative to the repo; undefined if it has none. */
function someFile(dir: string, skip: (rel: string) => boolean = () => false): string | undefined {
  if (!existsSync(path.join(ROOT, dir))) return undefined;
  const all = (readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !skip(f))
    .sort((a, b) => Number(a.includes('.test.')) - Number(b.includes('.test.')) || a.localeCompare(b));
  return all[0];
}
function fileIn(dir: string, skip?: (rel: string) => boolean): string {
  const f = someFile(dir, skip);
  if (!f) throw new Error(`no source file under ${dir} to import`);
  return f;
}

/** Lints a probe at `at` (relative to the repo) that imports `target`; returns its messages of the layout rules. */
async function lintImport(at: string, target: string, kind: 'value' | 'type' = 'value'): Promise<Linter.LintMessage[]> {
  const file = path.join(ROOT, at);
  let spec = path.relative(path.dirname(file), path.join(ROOT, target)).split(path.sep).join('/').replace(/\.tsx?$/, '');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  const code = kind === 'type' ? `import type * as m from '${spec}';\nexport type Probe = typeof m;\n` : `import * as m from '${spec}';\nexport const probe = m;\n`;
  const [result] = await eslint.lintText(code, { filePath: file, warnIgnored: true });
  // An ignored or unparsable probe would pass every "allowed" case without checking anything.
  expect(result!.messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === ZONES || m.ruleId === WEB_TAKES_TYPES_ONLY);
}
const rules = (messages: Linter.LintMessage[]) => messages.map((m) => `${m.ruleId} ${m.severity === 2 ? 'error' : 'warning'}`);
const zoneError = [`${ZONES} error`];

const probeIn = (dir: string, ext = 'ts') => `${dir}/${PROBE}.${ext}`;

describe('rooms: a feature never imports another feature', () => {
  for (const [side, dir, ext] of [
    ['web', 'src/web/features', 'tsx'],
    ['server', 'src/server/features', 'ts'],
  ] as const) {
    const rooms = foldersOf(dir);
    it(`${side}: there are rooms to check`, () => expect(rooms.length).toBeGreaterThan(1));
    // Every room folder, so a room added without its zone fails here (the config reads the same listing).
    for (const [i, room] of rooms.entries()) {
      const other = rooms[(i + 1) % rooms.length]!;
      it(`${side} ${room} → ${other} is an error; ${room} → ${room} is not`, async () => {
        expect(rules(await lintImport(probeIn(`${dir}/${room}`, ext), fileIn(`${dir}/${other}`)))).toEqual(zoneError);
        expect(rules(await lintImport(probeIn(`${dir}/${room}`, ext), fileIn(`${dir}/${room}`)))).toEqual([]);
      });
    }
  }
});

describe('web layers: app → features → api → components/lib', () => {
  const feature = 'src/web/features/booking';
  const api = someFile('src/web/api');

  it('a feature, component or lib file importing src/web/app is an error', async () => {
    for (const at of [probeIn(feature, 'tsx'), probeIn('src/web/components', 'tsx'), probeIn('src/web/components/admin', 'tsx'), probeIn('src/web/lib'), probeIn('src/web/api')]) {
      expect(rules(await lintImport(at, 'src/web/app/routes.ts')), at).toEqual(zoneError);
      expect(rules(await lintImport(at, fileIn('src/web/app/layouts'))), at).toEqual(zoneError);
    }
  });

  it('components, lib and api importing a feature is an error', async () => {
    for (const at of [probeIn('src/web/components', 'tsx'), probeIn('src/web/components/admin', 'tsx'), probeIn('src/web/lib'), probeIn('src/web/api')]) {
      expect(rules(await lintImport(at, fileIn('src/web/features/agenda'))), at).toEqual(zoneError);
    }
  });

  it.skipIf(!api)('components and lib importing src/web/api is an error (once src/web/api has a file)', async () => {
    for (const at of [probeIn('src/web/components', 'tsx'), probeIn('src/web/lib')]) {
      expect(rules(await lintImport(at, api!)), at).toEqual(zoneError);
    }
  });

  it('the app imports features, components and lib; a feature imports components, lib, domain (and api)', async () => {
    for (const target of [fileIn(feature), fileIn('src/web/components'), fileIn('src/web/lib')]) {
      expect(rules(await lintImport(probeIn('src/web/app', 'tsx'), target)), target).toEqual([]);
    }
    for (const target of [fileIn('src/web/components'), fileIn('src/web/components/admin'), fileIn('src/web/lib'), fileIn('src/domain'), ...(api ? [api] : [])]) {
      expect(rules(await lintImport(probeIn(feature, 'tsx'), target)), target).toEqual([]);
    }
    // components and lib use each other
    expect(rules(await lintImport(probeIn('src/web/components', 'tsx'), fileIn('src/web/lib')))).toEqual([]);
  });
});

describe('server and web', () => {
  it('the server importing src/web is an error, types included', async () => {
    const notRouteTable = (f: string) => f === 'src/web/app/routes.ts';
    for (const at of [probeIn('src/server/http'), probeIn('src/server/features/booking'), probeIn('src/server')]) {
      expect(rules(await lintImport(at, fileIn('src/web/app', notRouteTable))), at).toEqual(zoneError);
      expect(rules(await lintImport(at, fileIn('src/web/components'))), at).toEqual(zoneError);
      expect(rules(await lintImport(at, fileIn('src/web/lib'), 'type')), at).toEqual(zoneError);
    }
  });

  it('except the route table, src/web/app/routes.ts', async () => {
    expect(existsSync(path.join(ROOT, 'src/web/app/routes.ts'))).toBe(true);
    for (const at of [probeIn('src/server/http'), 'src/server/http/app-shell.ts', probeIn('src/server/features/booking')]) {
      expect(rules(await lintImport(at, 'src/web/app/routes.ts')), at).toEqual([]);
    }
  });

  it('the web takes only types from the server', async () => {
    const server = fileIn('src/server/http');
    expect(rules(await lintImport(probeIn('src/web/lib'), server))).toEqual([`${WEB_TAKES_TYPES_ONLY} error`]);
    expect(rules(await lintImport(probeIn('src/web/lib'), server, 'type'))).toEqual([]);
  });
});

describe('server layers: shared layers never import features', () => {
  const feature = fileIn('src/server/features/booking');

  it('http, db, auth, accounts, availability, notifications, live-events, mail and top-level files importing a feature is an error', async () => {
    const layers = ['http', 'db', 'auth', 'accounts', 'availability', 'notifications', 'live-events', 'mail'];
    for (const at of [...layers.map((l) => probeIn(`src/server/${l}`)), 'src/server/config.ts', probeIn('src/server')]) {
      expect(rules(await lintImport(at, feature)), at).toEqual(zoneError);
    }
  });

  it('app.ts, api-routes.ts, start.ts, main.ts and seed compose features', async () => {
    for (const at of ['src/server/app.ts', 'src/server/api-routes.ts', 'src/server/start.ts', 'src/server/main.ts', probeIn('src/server/seed')]) {
      expect(rules(await lintImport(at, feature)), at).toEqual([]);
    }
  });

  it('a server feature imports http, db, auth and domain', async () => {
    for (const target of [fileIn('src/server/http'), fileIn('src/server/db'), fileIn('src/server/auth'), fileIn('src/domain')]) {
      expect(rules(await lintImport(probeIn('src/server/features/booking'), target)), target).toEqual([]);
    }
  });
});

describe('no import circles: no file of src imports one that imports it back', () => {
  const CYCLE = 'import-x/no-cycle';
  /** A real pair found at run time: `from` imports `to` (a value import), both under `dir`. */
  function importingPair(dir: string): { from: string; to: string } {
    const files = (readdirSync(path.join(ROOT, dir), { encoding: 'utf8' }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.')).sort();
    for (const f of files) {
      const text = readFileSync(path.join(ROOT, dir, f), 'utf8');
      for (const [, spec] of text.matchAll(/^import (?!type )[^;]*? from '\.\/([\w-]+)';$/gm)) {
        const to = files.find((g) => g.replace(/\.tsx?$/, '') === spec);
        if (to) return { from: `${dir}/${f}`, to: `${dir}/${to}` };
      }
    }
    throw new Error(`no file under ${dir} imports a sibling`);
  }
  /** Lints the real file `at` as it is, plus `extra` lines (lintText at its real path: nothing is written). */
  async function lintWith(at: string, extra: string): Promise<string[]> {
    const code = `${readFileSync(path.join(ROOT, at), 'utf8')}\n${extra}`;
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, at), warnIgnored: true });
    expect(result!.messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
    return result!.messages.filter((m) => m.ruleId === CYCLE).map((m) => `${m.ruleId} ${m.severity === 2 ? 'error' : 'warning'}`);
  }

  for (const dir of ['src/domain', 'src/server/features/booking', 'src/web/components']) {
    it(`${dir}: a file importing back a file that imports it is an error`, async () => {
      const { from, to } = importingPair(dir);
      const back = `./${path.posix.basename(from).replace(/\.tsx?$/, '')}`;
      // As it is, the imported file is clean; importing its importer back closes a circle.
      expect(await lintWith(to, '')).toEqual([]);
      expect(await lintWith(to, `import * as circle from '${back}';\nexport const __circle = circle;`)).toEqual([`${CYCLE} error`]);
    });
  }

  it('a longer way round is a circle too: availability → slots → resources → availability', async () => {
    for (const f of ['src/domain/availability.ts', 'src/domain/slots.ts', 'src/domain/resources.ts']) expect(existsSync(path.join(ROOT, f)), f).toBe(true);
    expect(await lintWith('src/domain/resources.ts', '')).toEqual([]);
    expect(await lintWith('src/domain/resources.ts', `import { availableSlots } from './availability';\nexport const __circle = availableSlots;`)).toEqual([`${CYCLE} error`]);
  });
});
