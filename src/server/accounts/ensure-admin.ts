import { and, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '../../domain/roles';
import type { Auth } from '../auth/auth';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { account, session, user } from '../db/schema';

/** ADMIN_EMAIL/ADMIN_PASSWORD: make sure that admin exists (an existing account is promoted, its password kept). */
export async function ensureAccount(
  deps: { db: Db; auth: Auth },
  a: { email: string; password: string; name?: string; role: Role },
): Promise<string> {
  const email = a.email.toLowerCase();
  const found = await deps.db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email));
  let id = found[0]?.id;
  if (!id) {
    const res = await deps.auth.api.signUpEmail({ body: { email, password: a.password, name: a.name ?? '' } });
    id = res.user.id;
  }
  await deps.db.update(user).set({ role: a.role, updatedAt: new Date() }).where(eq(user.id, id));
  return id;
}

export class AdminAccountError extends Error {}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start (docs/decisions/026). A new account is created
 * with ADMIN_PASSWORD and its email counted as verified (the operator vouches for it). An account
 * someone registered before with that email becomes admin only if its email is verified (then
 * its own password stays); otherwise the start stops with a message, unless ADMIN_RESET=true
 * says that ADMIN_PASSWORD replaces it: password reset, every session ended, other sign-in
 * methods (Google) unlinked, email marked verified.
 */
export async function ensureAdmin(deps: { db: Db; auth: Auth }, a: { email: string; password: string; reset: boolean }): Promise<string> {
  const email = a.email.toLowerCase();
  const [found] = await deps.db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (!found) {
    const id = await ensureAccount(deps, { email, password: a.password, name: 'Administración', role: 'admin' });
    await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    return id;
  }
  if (!found.emailVerified && !a.reset) {
    throw new AdminAccountError(
      `ADMIN_EMAIL (${email}) ya es una cuenta registrada cuyo email no está verificado: no se le dan permisos de administración ` +
        'con la contraseña que eligió quien la registró. Verifica ese email (el enlace del correo de verificación) o arranca una vez ' +
        'con ADMIN_RESET=true para que ADMIN_PASSWORD la sustituya (cierra sus sesiones y desvincula Google).',
    );
  }
  if (!found.emailVerified) {
    const hash = await hashPassword(a.password);
    await deps.db.transaction(async (tx) => {
      const now = new Date();
      await tx.delete(session).where(eq(session.userId, found.id));
      await tx.delete(account).where(and(eq(account.userId, found.id), ne(account.providerId, 'credential')));
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: now })
        .where(and(eq(account.userId, found.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({ id: crypto.randomUUID(), accountId: found.id, providerId: 'credential', userId: found.id, password: hash, createdAt: now, updatedAt: now });
      }
      await tx.update(user).set({ emailVerified: true, role: 'admin', updatedAt: now }).where(eq(user.id, found.id));
    });
    return found.id;
  }
  await deps.db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, found.id));
  return found.id;
}
