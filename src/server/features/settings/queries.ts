import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { salonSettings } from '../../db/schema';

export type SettingsRow = typeof salonSettings.$inferSelect;
export type SettingsValues = Omit<typeof salonSettings.$inferInsert, 'id' | 'updatedAt'>;

/** The single settings record (id 1), or undefined when the salon never saved one. */
export async function readSettings(db: Db): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(salonSettings).where(eq(salonSettings.id, 1));
  return row;
}

/** Insert or replace the single record (the spec's "save with merge": the form sends every field). */
export async function writeSettings(db: Db, values: SettingsValues, now: Date): Promise<SettingsRow> {
  const [row] = await db
    .insert(salonSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: salonSettings.id, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}
