import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { BackupFileError } from './backup/archive';
import { loadBackup } from './backup/load';
import { migrationsFolder } from './backup/migrations-at';
import { openBackup } from './backup/open';
import { prepareTarget, RestoreRefused } from './backup/targets';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';

// `npm run restore -- <file> [--force]` (ADR 048, docs/operations.md "Copias de seguridad y restauración"): the
// backup into an empty DATA_DIR, or an empty database at DATABASE_URL, with its secrets.

const USAGE = 'Uso: npm run restore -- <archivo de copia> [--force]';

/** The keys to try: BACKUP_PASSPHRASE, this installation's own (a restore over it), else asked for. */
async function passphrases(config: Config): Promise<string[]> {
  const keys = [config.secretsFromEnv.backupPassphrase].filter((k): k is string => Boolean(k));
  const stored = await readFile(path.join(config.dataDir, 'secrets.json'), 'utf8').then(
    (t) => (JSON.parse(t) as { backupPassphrase?: string }).backupPassphrase,
    () => undefined,
  );
  if (stored) keys.push(stored);
  if (keys.length > 0) return keys;
  if (!process.stdin.isTTY)
    throw new ConfigError('Falta la clave de las copias: ponla en BACKUP_PASSPHRASE (BACKUP_PASSPHRASE=… npm run restore -- <archivo>).');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const answer = await rl.question('Clave de las copias: ');
  rl.close();
  return [answer.trim()];
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-'))
    throw new ConfigError(`${files.length === 0 ? 'Falta el archivo de la copia.' : `No entiendo: ${files.join(' ')}.`} ${USAGE}`);
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', { write: (line: string) => void process.stderr.write(line) });

  const keys = await passphrases(config);
  const opened = await openBackup(file, keys);
  const { header } = opened;
  console.log(
    `Copia del ${new Date(header.createdAt).toLocaleString('es-ES', { timeZone: 'Europe/Madrid' })} (Auna ${header.appVersion}, PostgreSQL ${header.postgres}).`,
  );
  const target = await prepareTarget({ config, header, passphrase: header.secrets.backupPassphrase ?? keys[0]!, force, log }).catch(
    (err: unknown) => {
      opened.close();
      throw err;
    },
  );
  let ok = false;
  try {
    const result = await loadBackup({ dbUrl: target.dbUrl, header, reader: opened.reader, migrationsFolder: migrationsFolder(), log });
    ok = true;
    console.log(
      `Restaurada: ${result.tables} tablas, ${result.rows.toLocaleString('es-ES')} filas${config.databaseUrl ? ' en la base de datos de DATABASE_URL' : ` en ${config.dataDir}`}.`,
    );
    console.log(`Los secretos de la copia están en ${path.join(config.dataDir, 'secrets.json')}.`);
    if (target.movedAside) console.log(`Lo que había antes está en ${target.movedAside}: bórralo cuando compruebes que todo está bien.`);
    if (!result.queueRestored)
      console.log('Los envíos que esperaban en la cola de mensajes no se restauran (la copia es de otra versión de la cola).');
    if (config.secretsFromEnv.authSecret && config.secretsFromEnv.authSecret !== header.secrets.authSecret) {
      console.log(
        'AVISO: AUTH_SECRET, en el entorno, no es el secreto de esta copia: pon en él el de secrets.json, o Auna no arrancará con estos datos.',
      );
    }
    console.log('Ya puedes arrancar Auna (npm start).');
  } catch (err) {
    // Embedded: DATA_DIR is put back as it was. External: the rows went in one transaction, rolled back.
    console.error(
      config.databaseUrl
        ? 'La base de datos de DATABASE_URL ha quedado sin datos: corrige lo que se indica y vuelve a restaurar con --force.'
        : `${config.dataDir} queda como estaba.`,
    );
    throw err;
  } finally {
    opened.close();
    await target.finish(ok);
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof RestoreRefused;
  const text = err instanceof Error ? err.message : String(err);
  if (known) console.error(text);
  else if (err instanceof BackupFileError) console.error(`No se puede restaurar: ${text}`);
  else console.error(`No se pudo restaurar la copia: ${text}.`);
  process.exit(1);
});
