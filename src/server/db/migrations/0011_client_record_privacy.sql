-- Privacy of client records and erasure (docs/decisions/033).
-- Who created and changed each client record, shown on the record to the staff.
CREATE TABLE "client_record_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL REFERENCES "public"."clients"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"changed_by_user_id" text REFERENCES "public"."user"("id") ON DELETE SET NULL,
	"changed_by_name" text NOT NULL,
	"changed_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_record_changes_action" CHECK ("action" IN ('created', 'updated'))
);
--> statement-breakpoint
CREATE INDEX "client_record_changes_client_idx" ON "client_record_changes" ("client_id", "created_at");
--> statement-breakpoint
-- An account's first booking makes its record with the account's name; the email only once the
-- account has verified it (before, an unverified sign-up wrote any address it claimed into the
-- salon's records). The record's creation is audited as the client's own.
CREATE OR REPLACE FUNCTION "appointments_client_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  verified boolean;
  made boolean;
BEGIN
  IF NEW.client_record_id IS NULL AND NEW.client_id IS NOT NULL THEN
    SELECT email_verified INTO verified FROM "user" WHERE id = NEW.client_id;
    INSERT INTO clients (name, email, user_id)
      VALUES (NEW.client_name, CASE WHEN verified THEN NULLIF(NEW.client_email, '') END, NEW.client_id)
      ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
      RETURNING id, (xmax = 0) INTO NEW.client_record_id, made;
    IF made THEN
      INSERT INTO client_record_changes (client_id, action, changed_by_user_id, changed_by_name, changed_by_role)
        VALUES (NEW.client_record_id, 'created', NEW.client_id, NEW.client_name, 'client');
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Records that already hold an unverified account's claimed email lose it (it returns at verification).
UPDATE "clients" c SET "email" = NULL FROM "user" u WHERE c.user_id = u.id AND NOT u.email_verified AND c.email IS NOT NULL;
--> statement-breakpoint
-- A mail to a client whose account is deleted meanwhile: the delivery read her address before the
-- deletion committed and records it after. The row takes the address only if the appointment still
-- has it; the share lock makes a deletion in progress finish first (or wait for this commit, and
-- then clear the address itself). docs/decisions/033.
CREATE FUNCTION "sent_messages_current_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.recipient = 'client' AND NEW.sent_to IS NOT NULL THEN
    PERFORM 1 FROM appointments WHERE id = NEW.appointment_id AND trim(client_email) = NEW.sent_to FOR SHARE;
    IF NOT FOUND THEN
      NEW.sent_to := NULL;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sent_messages_current_address" BEFORE INSERT ON "sent_messages"
  FOR EACH ROW EXECUTE FUNCTION "sent_messages_current_address"();
