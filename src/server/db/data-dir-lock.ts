import { tryLock } from 'fs-native-extensions';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../startup-checks';

export const LOCK_FILE = 'auna.lock';

export type DataDirLock = { release: () => Promise<void> };

/**
 * One server per data folder (docs/decisions/045-one-server-per-data-folder.md): an exclusive OS
 * lock on DATA_DIR/auna.lock, held by this process for as long as it lives. The kernel drops it
 * when the process ends, however it ends (kill -9 included), so a lock that is held means a live
 * server, and a postmaster.pid found while WE hold the lock is a crashed start's leftover, which
 * embedded.ts may stop. Node opens files close-on-exec, so the PostgreSQL we spawn does not
 * inherit it: an orphaned postmaster never keeps the next start out.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const handle: FileHandle = await open(file, 'a+', 0o600);
  let locked = false;
  try {
    locked = tryLock(handle.fd);
  } finally {
    if (!locked) await handle.close();
  }
  if (!locked) {
    throw new StartupError(
      `Auna ya está en marcha con la carpeta de datos ${dataDir} (DATA_DIR): no se arranca otra copia sobre ella. Para la que está en marcha (systemctl stop auna) o usa otra carpeta con DATA_DIR=…`,
    );
  }
  // What the lock is for, for a person who finds the file; the lock itself is in the kernel.
  await handle.truncate(0);
  await handle.write(`${process.pid}\n`);
  return { release: () => handle.close() };
}
