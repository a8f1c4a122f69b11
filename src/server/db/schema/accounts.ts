import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { created, updated } from './columns';

// better-auth's tables (the names its drizzle adapter expects), and the rate-limit counters,
// kept in the database so every app instance shares them.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // Every new account is a client; only account linking makes an employee (SPEC §6).
  role: text('role', { enum: ROLES }).notNull().default('client'),
  // Set when a client account is linked as an employee: its next sign-in needs a staff password
  // (12 characters); cleared when she signs in with one (features/accounts/auth-routes.ts, docs/decisions/030).
  staffPasswordRequired: boolean('staff_password_required').notNull().default(false),
  // Set when the admin gives a professional access with a first-sign-in password or an invitation
  // (ADR 084): until she chooses her own, every /api route but the session's answers 403
  // (http/guards.ts passwordChangeFence); cleared by a password change or a reset.
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  // Case-insensitive email lookup for account linking (SPEC §5 Employee form; 0001_no_double_booking).
  index('user_email_lower_idx').on(sql`lower(${t.email})`),
]);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: created(),
    updatedAt: updated(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// Rate-limit counters live in the database so every app instance shares them.
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
