import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Secrets nobody gave us are generated once and kept in DATA_DIR, so sessions survive restarts
// and every instance that shares the data dir agrees on them.
export async function loadOrCreateSecrets(dataDir: string): Promise<{ authSecret: string; dbPassword: string }> {
  const file = path.join(dataDir, 'secrets.json');
  // The data dir holds the secrets and (without SMTP_URL) the outbox with reset links: the
  // server's user only (ADR 027; the embedded PostgreSQL as root then gives postgres passage, 711).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700).catch(() => undefined);
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { authSecret?: string; dbPassword?: string };
    if (parsed.authSecret && parsed.dbPassword) return { authSecret: parsed.authSecret, dbPassword: parsed.dbPassword };
  } catch {
    // missing or unreadable: make new ones below
  }
  const secrets = { authSecret: randomBytes(32).toString('base64url'), dbPassword: randomBytes(18).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  // Written aside and renamed: a kill in the middle must not leave a truncated file, which the
  // next start would replace with NEW secrets (every session lost, the embedded database's
  // password no longer known).
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(tmp, file);
  return secrets;
}
