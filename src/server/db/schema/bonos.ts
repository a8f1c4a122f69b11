import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BONO_SESSION_STATES } from '../../../domain/bonos';
import { SALE_METHODS } from '../../../domain/payment-methods';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { user } from './accounts';
import { appointments } from './appointments';
import { clients } from './front-desk';
import { services } from './services';

// Bonos (docs/decisions/037-bonos.md, migration 0013_bonos).

/** What the salon sells: N sessions of some services, valid some months from the sale. */
export const bonoTypes = pgTable(
  'bono_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    validityMonths: integer('validity_months').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('bono_types_sessions', sql`${t.sessions} BETWEEN 1 AND 100`),
    check('bono_types_price', sql`${t.price} >= 0`),
    check('bono_types_validity', sql`${t.validityMonths} BETWEEN 1 AND 60`),
  ],
);

/** The services a bono type covers. */
export const bonoTypeServices = pgTable(
  'bono_type_services',
  {
    bonoTypeId: uuid('bono_type_id')
      .notNull()
      .references(() => bonoTypes.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bonoTypeId, t.serviceId] }), index('bono_type_services_service_idx').on(t.serviceId)],
);

/**
 * A bono sold to a client record (with or without an account). It keeps its own copy of the
 * type's name, sessions and price (a later change of the type does not change what she bought);
 * the services it covers are its type's. `sessions_held` counts the sessions reserved or spent,
 * changed in the same statement as the session row under the bono's row lock, and the CHECK keeps
 * it within `sessions` whatever races: a bono is never spent beyond its sessions.
 */
export const bonos = pgTable(
  'bonos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bonoTypeId: uuid('bono_type_id')
      .notNull()
      .references(() => bonoTypes.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    sessionsHeld: integer('sessions_held').notNull().default(0),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last salon day it is valid (a visit that day may use it). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: SALE_METHODS }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** Why the amount differs from the price (ADR 052); '' when sold at the price. */
    discountReason: text('discount_reason').notNull().default(''),
    soldByUserId: text('sold_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    soldByName: text('sold_by_name').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedByUserId: text('refunded_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('bonos_sessions_held', sql`${t.sessionsHeld} >= 0 AND ${t.sessionsHeld} <= ${t.sessions}`),
    check('bonos_sessions', sql`${t.sessions} >= 1`),
    check('bonos_amount', sql`${t.amount} >= 0 AND ${t.price} >= 0`),
    check('bonos_payment_method', sql`${t.paymentMethod} IN (${sqlLiterals(SALE_METHODS)})`),
    index('bonos_client_idx').on(t.clientId, t.expiresOn),
    index('bonos_sold_at_idx').on(t.soldAt),
  ],
);

/** One appointment's session of a bono: reserved on booking, spent or released as the appointment goes. */
export const bonoSessions = pgTable(
  'bono_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bonoId: uuid('bono_id')
      .notNull()
      .references(() => bonos.id, { onDelete: 'restrict' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BONO_SESSION_STATES }).notNull().default('reserved'),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [check('bono_sessions_state', sql`${t.state} IN (${sqlLiterals(BONO_SESSION_STATES)})`), index('bono_sessions_bono_idx').on(t.bonoId)],
);

const BONO_CHANGE_ACTIONS = ['extended', 'refunded'] as const;
export type BonoChangeSnapshot = { expiresOn?: string; refundedAt?: string | null };

/** Who extended or refunded a bono, when and why, with what it was and became. */
export const bonoChanges = pgTable(
  'bono_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bonoId: uuid('bono_id')
      .notNull()
      .references(() => bonos.id, { onDelete: 'cascade' }),
    action: text('action', { enum: BONO_CHANGE_ACTIONS }).notNull(),
    reason: text('reason').notNull(),
    changedByUserId: text('changed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    before: jsonb('before').$type<BonoChangeSnapshot>().notNull(),
    after: jsonb('after').$type<BonoChangeSnapshot>().notNull(),
    createdAt: created(),
  },
  (t) => [check('bono_changes_action', sql`${t.action} IN (${sqlLiterals(BONO_CHANGE_ACTIONS)})`), index('bono_changes_bono_idx').on(t.bonoId, t.createdAt)],
);
