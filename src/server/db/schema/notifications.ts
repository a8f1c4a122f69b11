import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_CHANNELS } from '../../../domain/message-channels';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { user } from './accounts';
import { appointments } from './appointments';

// Messages about appointments (migration 0004_messages, docs/decisions/021, 022 and 028).

/**
 * What became of a message: sent; not sendable (no address any channel reaches: a client record
 * without an email, ADR 029, or without a mobile the salon's channels reach, ADR 057); she chose
 * no messages ('opted_out'); or the provider refused it for good ('failed': WhatsApp or SMS, then
 * the next channel is tried, ADR 057).
 */
const SENT_OUTCOMES = ['sent', 'no_email', 'opted_out', 'failed'] as const;
/** What the provider said of a WhatsApp or SMS message since (ADR 055, 056); email has none. */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
/**
 * What a change asks of graphile-worker through the outbox: add a job, remove one, or add several
 * (`add_many`: a booking's messages in one row, its payload an array of {key, payload, runAt},
 * added in that order; ADR 097).
 */
const OUTBOX_OPS = ['add', 'remove', 'add_many'] as const;

// One row per message decided: the primary key is the idempotency key (appointment, kind, version).
export const sentMessages = pgTable(
  'sent_messages',
  {
    key: text('key').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** An email address, or a phone in E.164 (WhatsApp, SMS): cleared when her account is deleted (ADR 033). */
    sentTo: text('sent_to'),
    outcome: text('outcome', { enum: SENT_OUTCOMES }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    // ADR 055-057: the channel it left by, the provider's id of it (WhatsApp's wamid, Twilio's SID)
    // and what the provider said since; `failure` is the provider's error code and title, never her data.
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull().default('email'),
    providerId: text('provider_id').unique(),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }),
    statusAt: timestamp('status_at', { withTimezone: true }),
    failure: text('failure'),
  },
  (t) => [
    index('sent_messages_appointment_idx').on(t.appointmentId),
    check('sent_messages_outcome', sql`${t.outcome} IN (${sqlLiterals(SENT_OUTCOMES)})`),
    check('sent_messages_channel', sql`${t.channel} IN (${sqlLiterals(DELIVERY_CHANNELS)})`),
    check('sent_messages_delivery_status', sql`${t.deliveryStatus} IN (${sqlLiterals(DELIVERY_STATUSES)})`),
  ],
);

export const messagePreferences = pgTable('message_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  reminders: boolean('reminders').notNull().default(true),
  /** ADR 057: she closed Mis Citas' note offering to add a phone (or was asked at sign-up). */
  phoneNoteDismissedAt: timestamp('phone_note_dismissed_at', { withTimezone: true }),
  updatedAt: updated(),
});

/** One feed per staff member; only the SHA-256 of its token is kept (migration 0010, ADR 032). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: created(),
});

export const messageWorkers = pgTable('message_workers', {
  workerId: text('worker_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages a change asked for, not yet handed to graphile-worker (migration 0006, ADR 028): written
 * in the change's transaction, moved by the relay (SQL function relay_message_outbox).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    op: text('op', { enum: OUTBOX_OPS }).notNull(),
    jobKey: text('job_key').notNull(),
    payload: json('payload'),
    runAt: timestamp('run_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [check('message_outbox_op', sql`${t.op} IN (${sqlLiterals(OUTBOX_OPS)})`)],
);
