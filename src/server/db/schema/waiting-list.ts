import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '../../../domain/message-channels';
import { PARTS_OF_DAY } from '../../../domain/waiting-list';
import { sqlLiterals } from '../sql-literals';
import { created } from './columns';
import { appointments } from './appointments';
import { employees } from './employees';
import { clients } from './front-desk';
import { services } from './services';

// The waiting list (ADR 070-073): what a client waits for, and the freed times offered to her.

/** waiting: told of freed times; booked: she took one; withdrawn: she (or the desk) took it off. Expiry is its last day passing (domain entryExpired). */
export const WAITING_STATUSES = ['waiting', 'booked', 'withdrawn'] as const;
/** Who put her on the list: herself online, or the desk for a phone client. */
const WAITING_SOURCES = ['client', 'staff'] as const;

export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Her client record (an account's own, or a phone client's): erasure deletes her entries. */
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** The professional's employee record, or null: anyone who does the service. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    partOfDay: text('part_of_day', { enum: PARTS_OF_DAY }).notNull(),
    /** An hours range she can come in ('HH:MM', both or neither; ADR 090): a visit starting from one and before the other. */
    fromTime: text('from_time'),
    toTime: text('to_time'),
    status: text('status', { enum: WAITING_STATUSES }).notNull().default('waiting'),
    source: text('source', { enum: WAITING_SOURCES }).notNull(),
    createdAt: created(),
  },
  (t) => [
    index('waiting_list_entries_open_idx').on(t.status, t.toDate, t.fromDate),
    index('waiting_list_entries_client_idx').on(t.clientId),
    check('waiting_list_entries_range', sql`${t.fromDate} <= ${t.toDate}`),
    check('waiting_list_entries_part', sql`${t.partOfDay} IN (${sqlLiterals(PARTS_OF_DAY)})`),
    check(
      'waiting_list_entries_hours',
      sql`(${t.fromTime} IS NULL AND ${t.toTime} IS NULL) OR (${t.fromTime} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.toTime} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.fromTime} < ${t.toTime})`,
    ),
    check('waiting_list_entries_status', sql`${t.status} IN (${sqlLiterals(WAITING_STATUSES)})`),
    check('waiting_list_entries_source', sql`${t.source} IN (${sqlLiterals(WAITING_SOURCES)})`),
  ],
);

/**
 * A freed time offered to one entry: one row per (entry, professional, time), so a freed time is
 * offered to her once however often it is freed. `channel` and `sent_at`: how and when she was
 * told (null: not yet; 'none': the desk sees it). `appointment_id`: the visit she booked from it.
 */
export const waitingListOffers = pgTable(
  'waiting_list_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitingListEntries.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('waiting_list_offers_once').on(t.entryId, t.employeeId, t.startTime),
    index('waiting_list_offers_unsent_idx').on(t.sentAt),
  ],
);
