-- A client record without an account (the front desk's phone client with an email) gets every
-- message an account gets, and can stop her reminders from the link in them (docs/decisions/029).
-- message_preferences is keyed by account; a record's own choice lives on the record. NULL: on.
ALTER TABLE "clients" ADD COLUMN "reminders_stopped_at" timestamp with time zone;
