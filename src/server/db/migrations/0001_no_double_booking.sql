-- Double booking must be impossible, not unlikely: a check-then-insert races (Cal.com #13397,
-- Easy!Appointments #31). Only confirmed and completed appointments block time (SPEC §4).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("status" IN ('confirmed', 'completed'));
--> statement-breakpoint
-- Case-insensitive email lookup for account linking (SPEC §5 Employee form).
CREATE INDEX IF NOT EXISTS "user_email_lower_idx" ON "user" (lower("email"));
