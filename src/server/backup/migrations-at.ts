import { readMigrationFiles } from 'drizzle-orm/migrator';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackupHeader } from './archive';
import { BackupFileError } from './archive';

// A backup's rows fit the schema of the migrations it was made at. A restore builds exactly that
// schema (the same migrations, stopped where the backup's were), loads the rows, then runs the
// newer migrations of this release as any upgrade does (ADR 048).

type Journal = { entries: { when: number; tag: string }[] };

/** Refuses a backup this release cannot restore: made by a newer release, or by migrations it does not have. */
export function checkMigrations(folder: string, backup: BackupHeader['migrations']): void {
  const local = readMigrationFiles({ migrationsFolder: folder });
  if (backup.length > local.length) {
    throw new BackupFileError(
      `la copia es de una versión más nueva de Auna (su base de datos tiene ${backup.length} cambios de esquema y esta versión conoce ${local.length}). Instala esa versión, o una posterior, y restaura con ella.`,
    );
  }
  backup.forEach((m, i) => {
    if (local[i]!.hash !== m.hash || local[i]!.folderMillis !== m.createdAt) {
      throw new BackupFileError(
        `la copia no es de esta línea de versiones de Auna (su cambio de esquema nº ${i + 1} no coincide con el de esta versión).`,
      );
    }
  });
}

/** A copy of the migrations folder whose journal stops at the backup's last migration. */
export async function migrationsUpTo(folder: string, lastCreatedAt: number): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auna-restore-migrations-'));
  await cp(folder, dir, { recursive: true });
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.when <= lastCreatedAt);
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** This release's migrations: beside the bundle (dist/server/migrations) or in the sources. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [path.join(here, 'migrations'), path.join(here, '../db/migrations')].find((p) =>
    existsSync(path.join(p, 'meta', '_journal.json')),
  );
  if (!found) throw new Error('No se encuentran las migraciones');
  return found;
}
