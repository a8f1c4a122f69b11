import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm';
import { isStaffRole, STAFF_ROLES } from '../../domain/roles';
import { clashesWith } from '../../domain/staff-names';
import type { Db } from '../db/client';
import { employees, user } from '../db/schema';

// The name a money record keeps of who made it (ADR 052): her employee record's, which the admin
// controls, beside her user id. A display name is the account's own choice and proves nothing.

type Reader = Pick<Db, 'select'>;

/** The employee record's name of this account; the account's name only for an admin without a record. */
export async function staffRecordName(db: Reader, actor: { id: string; name: string; email: string }): Promise<string> {
  const [row] = await db.select({ name: employees.name }).from(employees).where(eq(employees.userId, actor.id));
  return row?.name.trim() || actor.name.trim() || actor.email;
}

/** The names of the other staff: every employee record but hers, and every other staff account. */
export async function otherStaffNames(db: Reader, userId: string): Promise<string[]> {
  const [records, accounts] = await Promise.all([
    db
      .select({ name: employees.name })
      .from(employees)
      .where(or(isNull(employees.userId), ne(employees.userId, userId))),
    db
      .select({ name: user.name })
      .from(user)
      .where(and(inArray(user.role, [...STAFF_ROLES]), ne(user.id, userId))),
  ]);
  return [...records, ...accounts].map((r) => r.name);
}

/**
 * better-auth's `/update-user` lets an account set its own name. A staff member may not take
 * another staff member's (she renamed herself after the owner, and a sale then read as the
 * owner's): true when this request would. Clients' names are theirs to choose.
 */
export async function takesAnotherStaffName(db: Reader, session: { id: string; role?: unknown } | undefined, body: Record<string, unknown>): Promise<boolean> {
  if (!session || !isStaffRole(session.role) || typeof body.name !== 'string') return false;
  return clashesWith(body.name, await otherStaffNames(db, session.id));
}
