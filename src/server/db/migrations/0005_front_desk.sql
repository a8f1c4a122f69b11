-- The front desk (docs/decisions/018, 019): the salon's own client records (people with or without an account),
-- who booked each appointment, and an audit of every reschedule. docs/decisions/018-020.
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	-- E.164 (+34612345678): one format, so three typed digits find it (domain/phone.ts).
	"phone" text,
	"email" text,
	-- Private staff notes (allergies, preferences): never in a client-facing answer.
	"notes" text DEFAULT '' NOT NULL,
	-- The account this record belongs to: set at booking for account holders, and for a record the
	-- staff made only once the account's email is verified (accounts/client-records.ts).
	"user_id" text UNIQUE REFERENCES "public"."user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clients_email_lower_idx" ON "clients" (lower("email"));
--> statement-breakpoint
CREATE INDEX "clients_phone_idx" ON "clients" ("phone");
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "client_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "client_record_id" uuid REFERENCES "public"."clients"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by" text DEFAULT 'client' NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_known" CHECK ("booked_by" IN ('client', 'staff'));
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by_user_id" text REFERENCES "public"."user"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "appointments_client_record_start_idx" ON "appointments" ("client_record_id", "start_time");
--> statement-breakpoint
-- Every appointment an account books gets that account's client record, made on its first
-- booking: the online booking (one prepared statement, ADR 012) stays as it is.
CREATE FUNCTION "appointments_client_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.client_record_id IS NULL AND NEW.client_id IS NOT NULL THEN
    INSERT INTO clients (name, email, user_id) VALUES (NEW.client_name, NULLIF(NEW.client_email, ''), NEW.client_id)
      ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
      RETURNING id INTO NEW.client_record_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_client_record" BEFORE INSERT ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_client_record"();
--> statement-breakpoint
INSERT INTO "clients" ("name", "email", "user_id")
  SELECT u.name, u.email, u.id FROM "user" u WHERE EXISTS (SELECT 1 FROM "appointments" a WHERE a.client_id = u.id)
  ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
UPDATE "appointments" a SET "client_record_id" = c.id FROM "clients" c WHERE c.user_id = a.client_id AND a.client_record_id IS NULL;
--> statement-breakpoint
-- Who changed what and when (a reschedule today): shown to the staff on the appointment.
CREATE TABLE "appointment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL REFERENCES "public"."appointments"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"changed_by_user_id" text REFERENCES "public"."user"("id") ON DELETE SET NULL,
	"changed_by_name" text NOT NULL,
	"changed_by_role" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "appointment_changes_appointment_idx" ON "appointment_changes" ("appointment_id", "created_at");
