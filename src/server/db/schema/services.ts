import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { created, updated } from './columns';

// The salon's catalog.

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    duration: integer('duration').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    category: text('category').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    // 0012_resources (ADR 036): preparation and cleaning time, blocking the professional and the resources.
    prepMinutes: integer('prep_minutes').notNull().default(0),
    cleanupMinutes: integer('cleanup_minutes').notNull().default(0),
    // ADR 082: "Se puede hacer a la vez que otro servicio": a visit may run it at the same time as
    // another such service, with another professional.
    parallelAllowed: boolean('parallel_allowed').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('services_duration_positive', sql`${t.duration} > 0`),
    check('services_price_non_negative', sql`${t.price} >= 0`),
    check('services_buffers_range', sql`${t.prepMinutes} BETWEEN 0 AND 120 AND ${t.cleanupMinutes} BETWEEN 0 AND 120`),
  ],
);
