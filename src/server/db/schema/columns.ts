import { timestamp } from 'drizzle-orm/pg-core';

/** Every table's created_at / updated_at: with the zone, set by the database when not given. */
export const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
