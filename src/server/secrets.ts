import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretsFromEnv } from './backup/settings';

// The installation's secrets (ADR 048): better-auth's secret (sessions; the mailed links' and the
// gift cards' keys are derived from it), the embedded PostgreSQL's password, and the backups' key.
// Each comes from the environment (a host that keeps secrets in its own store) or from
// DATA_DIR/secrets.json, where the ones nobody gave are generated once, so sessions survive
// restarts and every instance that shares the data dir agrees on them. They are never generated
// again for a database that already has data: that silently broke every session, gift card and
// mailed link, and the embedded database refused the new password.

export type Secrets = { authSecret: string; dbPassword: string; backupPassphrase: string };
type Stored = Partial<Secrets>;

/** A refusal to start, in Spanish, said as it is (no stack). */
export class SecretsError extends Error {}

const fileOf = (dataDir: string) => path.join(dataDir, 'secrets.json');

export const missingSecretsText = (dataDir: string) =>
  `Falta el secreto de esta instalación (${fileOf(dataDir)}, o AUTH_SECRET en el entorno) y la base de datos ya tiene datos. ` +
  'Sin él no valen las sesiones, las tarjetas regalo ni los enlaces enviados por email, así que Auna no crea uno nuevo. ' +
  `Restaura secrets.json en ${dataDir} desde tu copia, o restaura la última copia de seguridad con «npm run restore -- <archivo>» (docs/operations.md).`;

/** The embedded database was made in DATA_DIR/pg: it has a password, and data may be there. */
export const embeddedDatabaseExists = (dataDir: string) => existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));

/** 24 letters and digits in groups of four (Crockford's base 32: no I, L, O or U to misread): 120 bits. */
export function generatePassphrase(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const chars = Array.from({ length: 24 }, () => alphabet[randomInt(alphabet.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

async function readStored(dataDir: string): Promise<Stored> {
  let text: string;
  try {
    text = await readFile(fileOf(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new SecretsError(`No se puede leer ${fileOf(dataDir)} (${(err as Error).message}). Auna no lo reemplaza: revisa sus permisos.`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Stored;
  } catch {
    // said below
  }
  throw new SecretsError(
    `${fileOf(dataDir)} está dañado. Auna no lo reemplaza por uno nuevo: restáuralo desde tu copia, o restaura la última copia de seguridad con «npm run restore -- <archivo>».`,
  );
}

/** Written aside and renamed: a kill in the middle must not leave a truncated file. */
export async function writeSecretsFile(dataDir: string, stored: Stored): Promise<void> {
  // The data dir holds the secrets and (without SMTP_URL) the outbox with reset links: the
  // server's user only (ADR 027; the embedded PostgreSQL as root then gives postgres passage, 711).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700).catch(() => undefined);
  const file = fileOf(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
  await rename(tmp, file);
}

export type LoadedSecrets = {
  secrets: Secrets;
  /** The backups' key made just now: shown once, for the owner to keep away from this machine */
  newBackupPassphrase?: string;
  /** The auth secret made just now: the database's check (secret-check.ts) may still refuse it */
  authSecretGenerated: boolean;
  /** Takes back a secrets.json this start wrote, when the database refuses its new auth secret */
  undoGenerated: () => Promise<void>;
};

/**
 * The secrets, from the environment first, then secrets.json; the missing ones generated and kept
 * in secrets.json, except the auth secret and the embedded password of a database that exists.
 */
export async function loadSecrets(opts: { dataDir: string; fromEnv: SecretsFromEnv; embedded: boolean }): Promise<LoadedSecrets> {
  const { dataDir, fromEnv } = opts;
  const stored = await readStored(dataDir);
  const hadFile = existsSync(fileOf(dataDir));
  const dbExists = opts.embedded && embeddedDatabaseExists(dataDir);
  const authSecret = fromEnv.authSecret ?? stored.authSecret;
  const dbPassword = fromEnv.dbPassword ?? stored.dbPassword;
  if (dbExists && (!authSecret || !dbPassword)) throw new SecretsError(missingSecretsText(dataDir));

  const made: Stored = {};
  if (!authSecret) made.authSecret = randomBytes(32).toString('base64url');
  if (!dbPassword) made.dbPassword = randomBytes(18).toString('base64url');
  const backupPassphrase = fromEnv.backupPassphrase ?? stored.backupPassphrase;
  if (!backupPassphrase) made.backupPassphrase = generatePassphrase();
  if (Object.keys(made).length > 0) await writeSecretsFile(dataDir, { ...stored, ...made });

  return {
    secrets: {
      authSecret: authSecret ?? made.authSecret!,
      dbPassword: dbPassword ?? made.dbPassword!,
      backupPassphrase: backupPassphrase ?? made.backupPassphrase!,
    },
    newBackupPassphrase: made.backupPassphrase,
    authSecretGenerated: Boolean(made.authSecret),
    async undoGenerated() {
      if (!made.authSecret) return;
      if (hadFile) await writeSecretsFile(dataDir, stored);
      else await rm(fileOf(dataDir), { force: true });
    },
  };
}
