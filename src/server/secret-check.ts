import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { instanceIdentity } from './db/schema';
import { missingSecretsText, SecretsError, type LoadedSecrets } from './secrets';

// The database keeps a keyed hash of the auth secret it was made with (instance_identity, ADR 048):
// a start with another one (secrets.json lost and made anew, a wrong AUTH_SECRET, the secrets of
// another installation) is refused, instead of losing every session, gift card code and mailed link.

const checkOf = (authSecret: string) => createHmac('sha256', authSecret).update('auna:instance-secret-check').digest('base64url');

/** Records the secret on the first start (an upgraded installation too); refuses another one later. */
export async function checkInstanceSecret(db: Db, loaded: LoadedSecrets, dataDir: string): Promise<void> {
  const mine = checkOf(loaded.secrets.authSecret);
  await db.insert(instanceIdentity).values({ id: 1, secretCheck: mine }).onConflictDoNothing();
  const rows = await db
    .select({ check: instanceIdentity.secretCheck })
    .from(instanceIdentity)
    .where(sql`${instanceIdentity.id} = 1`);
  const theirs = rows[0]?.check ?? '';
  if (theirs.length === mine.length && timingSafeEqual(Buffer.from(theirs), Buffer.from(mine))) return;
  if (loaded.authSecretGenerated) {
    // secrets.json was missing and this start made one: take it back, so the right one can be restored.
    await loaded.undoGenerated();
    throw new SecretsError(missingSecretsText(dataDir));
  }
  throw new SecretsError(
    'El secreto de esta instalación (AUTH_SECRET, o secrets.json en DATA_DIR) no es el de esta base de datos: ' +
      'con él no valdrían las sesiones, las tarjetas regalo ni los enlaces enviados por email. ' +
      'Pon el de tu copia de secrets.json (o el de la copia de seguridad), o restaura la copia de seguridad con «npm run restore -- <archivo>».',
  );
}
