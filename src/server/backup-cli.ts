import { ConfigError, loadConfig } from './config';
import { BackupBusyError, runBackup } from './backup/run';
import { databaseToBackUp } from './backup/connect';
import { newPassphraseNotice } from './backup/notices';
import { createDb, pgErrorCode } from './db/client';
import { createLogger } from './logger';
import { checkInstanceSecret } from './secret-check';
import { loadSecrets, SecretsError } from './secrets';

// `npm run backup` (ADR 048, docs/operations.md "Copias de seguridad y restauración"): one encrypted file with the
// database and its secrets, made while the salon is open. Its path is the last line printed.
// `--nightly` is how the server's schedule runs it (a process of its own: age's key derivation
// takes seconds of CPU and 256 MB that the web server should not spend).

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--nightly');
  if (unknown.length > 0) throw new ConfigError(`No conozco ${unknown.join(' ')}. Uso: npm run backup`);
  const config = loadConfig();
  // Its log (PostgreSQL's, when it starts the embedded one) goes to standard error: standard output ends with the path.
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', { write: (line: string) => void process.stderr.write(line) });
  const loaded = await loadSecrets({ dataDir: config.dataDir, fromEnv: config.secretsFromEnv, embedded: !config.databaseUrl });
  const db = await databaseToBackUp(config, loaded.secrets, log);
  try {
    // The secrets go into the file: they must be this database's (a missing secrets.json is not made anew).
    const check = createDb(db.dbUrl, 1);
    await checkInstanceSecret(check.db, loaded, config.dataDir)
      .catch((err: unknown) => {
        if (pgErrorCode(err) !== '42P01') throw err; // a database not migrated to it yet has no instance_identity
      })
      .finally(() => check.pool.end());
    const run = await runBackup({
      config,
      dbUrl: db.dbUrl,
      secrets: loaded.secrets,
      trigger: args.includes('--nightly') ? 'nightly' : 'manual',
    });
    console.log(
      `Copia de seguridad hecha: ${sizeText(run.bytes)}, ${run.tables} tablas, ${run.rows.toLocaleString('es-ES')} filas, cifrada con la clave de las copias.`,
    );
    if (run.copy) console.log(`Copiada también a ${run.copy}`);
    if (run.copyError) console.error(run.copyError);
    if (run.deleted.length > 0) console.log(`Copias antiguas borradas (se guardan 7 diarias y 4 semanales): ${run.deleted.length}`);
    if (loaded.newBackupPassphrase) console.log(newPassphraseNotice(loaded.newBackupPassphrase));
    console.log(run.file);
    if (run.copyError) process.exitCode = 2;
  } finally {
    await db.stop();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof SecretsError || err instanceof BackupBusyError;
  console.error(
    known ? (err as Error).message : `No se pudo hacer la copia de seguridad: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
