import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '../../../domain/message-channels';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { user } from './accounts';

// The front desk's client records and their audit (migration 0005_front_desk, docs/decisions/019).

const CLIENT_RECORD_ACTIONS = ['created', 'updated'] as const;

/** The salon's client records: everyone with appointments, with or without an account. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** E.164, e.g. +34612345678 (domain/phone.ts). */
    phone: text('phone'),
    email: text('email'),
    /** Private staff notes: never in a client-facing answer. */
    notes: text('notes').notNull().default(''),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
    /** When she stopped reminders from an email's link (0007; null: on). An account's choice is message_preferences. */
    remindersStoppedAt: timestamp('reminders_stopped_at', { withTimezone: true }),
    /** How she hears from the salon (ADR 057): her choice or the desk's; null = not chosen (automatic). */
    messageChannel: text('message_channel', { enum: MESSAGE_CHANNELS }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('clients_email_lower_idx').on(sql`lower(${t.email})`),
    index('clients_phone_idx').on(t.phone),
    check('clients_message_channel', sql`${t.messageChannel} IN (${sqlLiterals(MESSAGE_CHANNELS)})`),
  ],
);

/**
 * Who created and changed a client record, and when (migration 0011, ADR 033): shown on the
 * record to the staff. A record an online booking made is created by the client herself.
 */
export const clientRecordChanges = pgTable(
  'client_record_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CLIENT_RECORD_ACTIONS }).notNull(),
    changedByUserId: text('changed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    changedByRole: text('changed_by_role').notNull(),
    createdAt: created(),
  },
  (t) => [check('client_record_changes_action', sql`${t.action} IN (${sqlLiterals(CLIENT_RECORD_ACTIONS)})`), index('client_record_changes_client_idx').on(t.clientId, t.createdAt)],
);
