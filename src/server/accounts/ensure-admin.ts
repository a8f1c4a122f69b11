import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { user } from '../db/schema';

/** ADMIN_EMAIL/ADMIN_PASSWORD: make sure that admin exists (an existing account is promoted, its password kept). */
export async function ensureAccount(
  deps: { db: Db; auth: Auth },
  a: { email: string; password: string; name?: string; role: 'client' | 'employee' | 'admin' },
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
