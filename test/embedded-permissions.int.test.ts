import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { createLogger } from '../src/server/logger';
import { freePort } from './support/free-port';

// As root, the embedded PostgreSQL runs as the `postgres` user. A DATA_DIR inside a directory that
// user cannot enter (700: /root, mktemp -d) used to crash the start with "spawn initdb EACCES";
// it now stops with a message that names the directory and the fix.

const closed = await mkdtemp(path.join(os.tmpdir(), 'auna-700-'));
afterAll(() => rm(closed, { recursive: true, force: true }));

it.runIf(process.getuid?.() === 0)('as root, a data dir postgres cannot reach stops the start with a message naming the directory', async () => {
  await chmod(closed, 0o700);
  const start = startEmbeddedPostgres({ dataDir: path.join(closed, 'data'), port: await freePort(), password: 'x', log: createLogger('silent') });
  await expect(start).rejects.toThrow(`PostgreSQL se ejecuta como el usuario postgres y no puede entrar en ${closed}. Dale permiso de paso (chmod o+x ${closed})`);
});
