import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../sql-literals';
import { created } from './columns';

// The backups room (docs/rooms/backups.md, ADR 048) and the installation's own identity.

/** What a backup run came to: the file made (and copied where asked), failed, or made but not copied. */
export const BACKUP_STATUSES = ['ok', 'failed', 'copy_failed'] as const;
/** Who asked for it: the server's nightly schedule, or `npm run backup`. */
export const BACKUP_TRIGGERS = ['nightly', 'manual'] as const;

/** One row per backup run, written when it ends (the file never holds its own row). */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: BACKUP_TRIGGERS }).notNull(),
    status: text('status', { enum: BACKUP_STATUSES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file's name in BACKUP_DIR (never a path: the admin's screen shows it) */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed, or why the copy off the machine failed */
    error: text('error'),
  },
  (t) => [
    index('backup_runs_finished_idx').on(t.finishedAt),
    check('backup_runs_status', sql`${t.status} IN (${sqlLiterals(BACKUP_STATUSES)})`),
    check('backup_runs_trigger', sql`${t.trigger} IN (${sqlLiterals(BACKUP_TRIGGERS)})`),
  ],
);

/**
 * The installation, one row: when it was made, and a keyed hash of its auth secret, so that a start
 * with another secret (a lost secrets.json regenerated, a wrong AUTH_SECRET) is refused instead of
 * silently breaking every session, gift card and mailed link (src/server/secret-check.ts).
 */
export const instanceIdentity = pgTable(
  'instance_identity',
  {
    id: smallint('id').primaryKey().default(1),
    secretCheck: text('secret_check').notNull(),
    createdAt: created(),
  },
  (t) => [check('instance_identity_one_row', sql`${t.id} = 1`)],
);
