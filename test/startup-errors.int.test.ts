import { mkdtemp, rm, writeFile, chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { isAlive, postmasterPid, spawnServer } from './support/child-server';
import { freePort } from './support/free-port';

// Every start-up error a person can act on stops the start with ONE Spanish line that names the
// variable and the fix: no stack trace, exit code 1, and no embedded PostgreSQL left running
// (docs/operations.md, "Si no arranca").

const root = await mkdtemp(path.join(os.tmpdir(), 'auna-startup-'));
await chmod(root, 0o711);
afterAll(() => rm(root, { recursive: true, force: true }));
let n = 0;
const dataDir = () => path.join(root, `d${++n}`);

async function failedStart(env: Record<string, string>, opts: { uid?: number } = {}) {
  const child = spawnServer({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }, opts);
  const { code } = await child.exited;
  const lines = child
    .output()
    .split('\n')
    .filter((l) => l.trim() !== '');
  return { code, lines };
}

/** The one line, and nothing like a stack trace. */
function expectOneLine(r: { code: number | null; lines: string[] }, text: string) {
  expect(r.code).toBe(1);
  expect(r.lines).toHaveLength(1);
  expect(r.lines[0]).toContain(text);
  expect(r.lines[0]).not.toMatch(/\bat .*\(|Error:/);
}

async function holdPort(port: number): Promise<net.Server> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', () => resolve()));
  return srv;
}

it('PORT=abc: one Spanish line naming PORT and an example', { timeout: 60_000 }, async () => {
  const r = await failedStart({ PORT: 'abc', DATA_DIR: dataDir() });
  expectOneLine(r, 'Configuración no válida: PORT: debe ser un número entero entre 1 y 65535 (por ejemplo PORT=3000)');
});

it('WEB_CONCURRENCY=muchos and DATABASE_WAIT_SECONDS=1.5: one line for each', { timeout: 60_000 }, async () => {
  const r = await failedStart({ WEB_CONCURRENCY: 'muchos', DATABASE_WAIT_SECONDS: '1.5', DATA_DIR: dataDir() });
  expect(r.code).toBe(1);
  expect(r.lines).toEqual([
    'Configuración no válida: WEB_CONCURRENCY: debe ser un número entero entre 1 y 64 (por ejemplo WEB_CONCURRENCY=2)',
    'Configuración no válida: DATABASE_WAIT_SECONDS: debe ser un número entero entre 0 y 3600 (por ejemplo DATABASE_WAIT_SECONDS=60)',
  ]);
});

it('the web port in use: names PORT, and starts no PostgreSQL', { timeout: 90_000 }, async () => {
  const port = await freePort();
  const busy = await holdPort(port);
  const dir = dataDir();
  try {
    const r = await failedStart({ PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
    expectOneLine(
      r,
      `El puerto ${port} de la web ya está en uso (PORT): otro programa (¿otra copia de Auna?) escucha en él. Páralo o elige otro puerto con PORT=…`,
    );
    expect(postmasterPid(dir)).toBeUndefined();
  } finally {
    busy.close();
  }
});

it('the same with WEB_CONCURRENCY=2 (the workers listen): one line', { timeout: 90_000 }, async () => {
  const port = await freePort();
  const busy = await holdPort(port);
  try {
    const r = await failedStart({
      PORT: String(port),
      DATA_DIR: dataDir(),
      WEB_CONCURRENCY: '2',
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expectOneLine(r, `El puerto ${port} de la web ya está en uso (PORT)`);
  } finally {
    busy.close();
  }
});

it(
  "the embedded database's port in use: names EMBEDDED_PG_PORT, and leaves no PostgreSQL running",
  { timeout: 120_000 },
  async () => {
    const pgPort = await freePort();
    const busy = await holdPort(pgPort);
    const dir = dataDir();
    try {
      const r = await failedStart({ PORT: String(await freePort()), DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort) });
      expectOneLine(
        r,
        `El puerto ${pgPort} de la base de datos ya está en uso (EMBEDDED_PG_PORT): otro programa (¿otra copia de Auna?) escucha en él. Páralo o elige otro puerto con EMBEDDED_PG_PORT=…`,
      );
      const pid = postmasterPid(dir);
      expect(pid === undefined || !isAlive(pid)).toBe(true);
    } finally {
      busy.close();
    }
  },
);

it('DATABASE_URL refused: waits (a log line each try), then one line with the cause', { timeout: 60_000 }, async () => {
  const dead = await freePort();
  const child = spawnServer({
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir(),
    DATABASE_URL: `postgres://auna:secreto@127.0.0.1:${dead}/auna`,
    DATABASE_WAIT_SECONDS: '5',
    LOG_LEVEL: 'warn',
  });
  const started = Date.now();
  const { code } = await child.exited;
  const lines = child.output().split('\n').filter(Boolean);
  const waits = lines.filter((l) => l.includes('"msg":"waiting for the database"'));
  const others = lines.filter((l) => !l.startsWith('{'));
  expect(code).toBe(1);
  // Bounded: about DATABASE_WAIT_SECONDS, one try every 2 s, each said in the log with its cause.
  expect(Date.now() - started).toBeGreaterThan(3_000);
  expect(waits.length).toBeGreaterThanOrEqual(2);
  expect(waits[0]).toContain('conexión rechazada');
  expect(others).toEqual([
    `No se puede usar la base de datos (DATABASE_URL): conexión rechazada en 127.0.0.1:${dead}/auna: no hay ningún PostgreSQL escuchando ahí. Comprueba que PostgreSQL está en marcha y que DATABASE_URL es correcta.`,
  ]);
  // Never the password of the URL.
  expect(child.output()).not.toContain('secreto');
});

it('DATABASE_URL with a wrong password: at once, one line that says so', { timeout: 60_000 }, async () => {
  const url = new URL(inject('pgAdminUrl'));
  url.password = 'no-es-la-clave';
  const r = await failedStart({
    PORT: String(await freePort()),
    DATA_DIR: dataDir(),
    DATABASE_URL: url.toString(),
    DATABASE_WAIT_SECONDS: '60',
  });
  expectOneLine(
    r,
    `No se puede usar la base de datos (DATABASE_URL): usuario o contraseña incorrectos en ${url.hostname}:${url.port}${url.pathname}. Corrige DATABASE_URL.`,
  );
  expect(r.lines[0]).not.toContain('no-es-la-clave');
});

it('DATABASE_URL naming a database that does not exist: one line', { timeout: 60_000 }, async () => {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = '/no_existe_esta';
  const r = await failedStart({ PORT: String(await freePort()), DATA_DIR: dataDir(), DATABASE_URL: url.toString() });
  expectOneLine(r, 'la base de datos de');
  expect(r.lines[0]).toContain('no existe (créala con createdb)');
});

it('a DATA_DIR under a file: names DATA_DIR and the fix', { timeout: 60_000 }, async () => {
  const file = path.join(root, 'un-archivo');
  await writeFile(file, 'x');
  const r = await failedStart({ PORT: String(await freePort()), DATA_DIR: path.join(file, 'datos') });
  expectOneLine(
    r,
    `No se puede escribir en la carpeta de datos ${path.join(file, 'datos')} (DATA_DIR): parte de la ruta es un archivo, no una carpeta. Dale permiso al usuario que ejecuta Auna (chown) o elige otra carpeta con DATA_DIR=…`,
  );
});

it.runIf(process.getuid?.() === 0)(
  'a DATA_DIR the server user cannot write (as nobody): names DATA_DIR and the fix',
  { timeout: 60_000 },
  async () => {
    const dir = dataDir();
    await mkdir(dir, { mode: 0o755 }); // root's, read-only for nobody
    const r = await failedStart({ PORT: String(await freePort()), DATA_DIR: dir, HOME: root }, { uid: 65534 });
    expectOneLine(r, `No se puede escribir en la carpeta de datos ${dir} (DATA_DIR): no hay permiso de escritura para este usuario.`);
  },
);
