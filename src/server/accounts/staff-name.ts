import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employees } from '../db/schema';

// The name a money record keeps for the staff member who wrote it: her employee record's, which
// the admin controls, not the account's display name, which she can change herself. An admin
// without an employee record is named by her account. The user id is kept beside it, always.

type Actor = { id: string; name: string; email: string };

export async function staffNameOf(db: Pick<Db, 'select'>, actor: Actor): Promise<string> {
  const [row] = await db
    .select({ name: employees.name })
    .from(employees)
    .where(and(eq(employees.userId, actor.id), eq(employees.isActive, true)))
    .limit(1);
  return row?.name.trim() || actor.name.trim() || actor.email;
}
