import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RESOURCE_KINDS } from '../../../domain/resources';
import { sqlLiterals } from '../sql-literals';
import { periodChecks, periodColumns } from './periods';
import { created, updated } from './columns';
import { appointments } from './appointments';
import { services } from './services';

// Cabins and machines (docs/decisions/036-cabins-and-machines.md, migration 0012_resources).

/** A cabin or a machine. `position` then `created_at` is the stable order a booking picks in. */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: RESOURCE_KINDS }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('resources_kind_known', sql`${t.kind} IN (${sqlLiterals(RESOURCE_KINDS)})`),
    index('resources_order_idx').on(t.position, t.createdAt),
  ],
);

/** A service needs one free resource of each of its groups ("cualquier cabina", "el láser de diodo"). */
export const serviceResourceGroups = pgTable(
  'service_resource_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('service_resource_groups_service_idx').on(t.serviceId, t.position)],
);

export const serviceResourceGroupMembers = pgTable(
  'service_resource_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => serviceResourceGroups.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.resourceId] }), index('service_resource_group_members_resource_idx').on(t.resourceId)],
);

/** A resource out of service: whole days (no times) or the same hours of each day, like a time off. */
export const resourceMaintenance = pgTable(
  'resource_maintenance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    ...periodColumns(),
  },
  (t) => [...periodChecks('resource_maintenance', t), index('resource_maintenance_resource_end_idx').on(t.resourceId, t.endDate)],
);

/**
 * The resources an appointment holds, with the span it holds them (its times with its buffers)
 * and whether it still holds time (confirmed or completed). The insert writes the span; the
 * trigger appointments_resources_sync keeps it and `active` in step with the appointment.
 * SQL only (ADR 034): the exclusion constraint appointment_resources_no_overlap
 * (resource_id =, tstzrange(block_start, block_end) &&) WHERE active, and the trigger.
 */
export const appointmentResources = pgTable(
  'appointment_resources',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    blockEnd: timestamp('block_end', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.resourceId] }),
    check('appointment_resources_span', sql`${t.blockEnd} > ${t.blockStart}`),
  ],
);
