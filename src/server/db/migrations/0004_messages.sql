-- Confirmations, reminders and calendar feeds (docs/decisions/021, 022).
-- The job queue itself is graphile-worker's own schema, migrated by the library at start.
ALTER TABLE "salon_settings" ADD COLUMN "reminder_hours" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD CONSTRAINT "salon_settings_reminder_hours" CHECK ("reminder_hours" >= 0 AND "reminder_hours" <= 168);
--> statement-breakpoint
-- The calendar SEQUENCE of the appointment: raised by every move, so a calendar app replaces the
-- event (same UID), and part of each message's idempotency key (appointment, kind, version).
ALTER TABLE "appointments" ADD COLUMN "message_sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One row per message that left (or was decided not to leave): the unique key is what makes a
-- retried or duplicated job a no-op.
CREATE TABLE "sent_messages" (
  "key" text PRIMARY KEY NOT NULL,
  "appointment_id" uuid NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "recipient" text NOT NULL,
  "sent_to" text,
  "outcome" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sent_messages_outcome" CHECK ("outcome" IN ('sent', 'no_email'))
);
--> statement-breakpoint
CREATE INDEX "sent_messages_appointment_idx" ON "sent_messages" ("appointment_id");
--> statement-breakpoint
CREATE TABLE "message_preferences" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "reminders" boolean DEFAULT true NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "token" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Workers of the queue that are alive (a heartbeat): the jobs of one that stopped beating
-- (kill -9) are unlocked by the others instead of waiting graphile-worker's 4 hours.
CREATE TABLE "message_workers" (
  "worker_id" text PRIMARY KEY NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
