import { eq, sql } from 'drizzle-orm';
import { STAFF_PASSWORD_MIN } from '../../domain/password-rules';
import { isStaffRole } from '../../domain/roles';
import type { Db, Tx } from '../db/client';
import { session, user } from '../db/schema';

// A client account linked as an employee (the November review, docs/decisions/030): her password
// was chosen under the client rule (6 characters) and now opens the salon's books. Linking ends
// her sessions and marks the account; her next sign-in is refused until the password she types
// has the staff length (she sets one through «¿Olvidaste tu contraseña?», which checks it).

/** Inside the linking transaction: every session of the account ends, and it needs a staff password. */
export async function requireStaffPassword(tx: Tx, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.update(user).set({ staffPasswordRequired: true }).where(eq(user.id, userId));
}

/**
 * After better-auth accepted `password` for `email`: whether the sign-in may stand. A marked
 * staff account typing a short password is refused and the session just made is deleted; one
 * typing a long enough password is let in and unmarked. Asked only once the password was right,
 * so it tells nothing to someone guessing.
 */
export async function staffPasswordGate(db: Db, email: string, password: string): Promise<'ok' | 'refused'> {
  const [row] = await db
    .select({ id: user.id, role: user.role, required: user.staffPasswordRequired })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (!row?.required) return 'ok';
  if (isStaffRole(row.role) && [...password].length < STAFF_PASSWORD_MIN) {
    await db.delete(session).where(eq(session.userId, row.id));
    return 'refused';
  }
  await db.update(user).set({ staffPasswordRequired: false }).where(eq(user.id, row.id));
  return 'ok';
}

/**
 * ADR 084: she chose her own password (better-auth's change-password, or a reset or invitation
 * link): the first-sign-in one no longer fences her, and the staff length was checked on the way.
 */
export async function passwordChosen(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ passwordChangeRequired: false, staffPasswordRequired: false }).where(eq(user.id, userId));
}

/** ADR 100: whether the account still waits for its own first password (the flag ADR 084 sets). */
export async function awaitsFirstPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ required: user.passwordChangeRequired }).from(user).where(eq(user.id, userId));
  return row?.required === true;
}
