import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port';
import { freshDatabase, type FreshDatabase } from '../../test/support/fresh-database';
import { signIn, signUp } from '../../test/support/http-client';
import { loadConfig } from './config';
import { loadSecrets } from './secrets';
import { startServer } from './start';

// The installation's secrets (ADR 048): from the environment or secrets.json, never made anew for a
// database that has data, and checked against the database's record of them.

const dirs: string[] = [];
const tempDir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'auna-secrets-'));
  dirs.push(d);
  return d;
};
let db: FreshDatabase;

async function start(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return startServer(
    loadConfig({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      BACKUP_TIME: 'off',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      ...env,
    }),
  );
}

beforeAll(async () => {
  db = await freshDatabase('secrets');
});
afterAll(async () => {
  await db.drop();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('secrets', () => {
  const AUTH_SECRET = 'un-secreto-del-almacen-del-proveedor-0123456789';

  it('AUTH_SECRET from the environment: used, not written to secrets.json; a session survives a restart on another data folder', async () => {
    const first = await start(await tempDir(), { AUTH_SECRET });
    const stored = JSON.parse(await readFile(path.join(first.deps.config.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored.authSecret).toBeUndefined();
    expect(stored.backupPassphrase).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/);
    const ana = await signUp(first.url, { email: 'ana@secretos.test', password: 'secreto-ana-1' });
    await first.close();

    const second = await start(await tempDir(), { AUTH_SECRET });
    // The same browser cookie on a new process with the same secret: still signed in.
    const me = await fetch(`${second.url}/api/me`, { headers: { cookie: [...ana.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(me.status).toBe(200);
    await second.close();
  });

  it('another AUTH_SECRET on the same database is refused, in Spanish, saying what to restore', async () => {
    await expect(start(await tempDir(), { AUTH_SECRET: 'otro-secreto-distinto-del-de-esta-base-0123' })).rejects.toThrow(
      /no es el de esta base de datos: .*Pon el de tu copia de secrets\.json .*npm run restore/,
    );
  });

  it('DATABASE_URL with data and no secrets.json: refused, and the secrets.json the start had made is taken back', async () => {
    const empty = await tempDir();
    await expect(start(empty)).rejects.toThrow(
      /Falta el secreto de esta instalación .*la base de datos ya tiene datos.*Restaura secrets\.json/,
    );
    expect(existsSync(path.join(empty, 'secrets.json'))).toBe(false);
    // With the right secret back, it starts and the account signs in.
    const ok = await start(empty, { AUTH_SECRET });
    expect((await signIn(ok.url, { email: 'ana@secretos.test', password: 'secreto-ana-1' })).cookies.size).toBeGreaterThan(0);
    await ok.close();
  });

  it('an embedded database without its secrets is refused before PostgreSQL starts; a damaged secrets.json is never replaced', async () => {
    const dataDir = await tempDir();
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    await expect(loadSecrets({ dataDir, fromEnv: {}, embedded: true })).rejects.toThrow(/Falta el secreto de esta instalación/);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);

    await writeFile(path.join(dataDir, 'secrets.json'), '{"authSecret": "a", "dbPa');
    await expect(loadSecrets({ dataDir, fromEnv: {}, embedded: true })).rejects.toThrow(/secrets\.json está dañado\. Auna no lo reemplaza/);
    expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{"authSecret": "a", "dbPa');
  });

  it('a bad secret in the environment stops the start naming the variable', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'corto' })).toThrow(/AUTH_SECRET: al menos 32 caracteres/);
    expect(() => loadConfig({ BACKUP_PASSPHRASE: 'corta' })).toThrow(/BACKUP_PASSPHRASE: al menos 12 caracteres/);
    expect(() => loadConfig({ BACKUP_TIME: '25:00' })).toThrow(/BACKUP_TIME: HH:MM \(por ejemplo 03:30\) u off/);
  });
});
