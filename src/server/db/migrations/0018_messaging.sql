CREATE TABLE "message_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_message_id" text NOT NULL,
	"appointment_id" uuid,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_replies_provider_message_id_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "message_replies_action" CHECK ("message_replies"."action" IN ('confirm', 'cancel')),
	CONSTRAINT "message_replies_outcome" CHECK ("message_replies"."outcome" IN ('confirmed', 'cancelled', 'too_late', 'not_pending', 'not_hers'))
);
--> statement-breakpoint
ALTER TABLE "sent_messages" DROP CONSTRAINT "sent_messages_outcome";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "client_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD COLUMN "phone_note_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "message_channel" text;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_replies_appointment_idx" ON "message_replies" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_provider_id_unique" UNIQUE("provider_id");--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_channel" CHECK ("sent_messages"."channel" IN ('email', 'whatsapp', 'sms', 'whatsapp_link'));--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_delivery_status" CHECK ("sent_messages"."delivery_status" IN ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_outcome" CHECK ("sent_messages"."outcome" IN ('sent', 'no_email', 'opted_out', 'failed'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_message_channel" CHECK ("clients"."message_channel" IN ('whatsapp', 'sms', 'email', 'none'));
--> statement-breakpoint
-- A message to a client whose account is deleted meanwhile (docs/decisions/033) keeps no address:
-- for an email, as before, the appointment's current address; for a phone (WhatsApp, SMS: ADR 057)
-- the number her client record still holds. The share locks make a deletion in progress finish
-- first (or wait for this commit, and then clear the address itself).
CREATE OR REPLACE FUNCTION "sent_messages_current_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.recipient = 'client' AND NEW.sent_to IS NOT NULL THEN
    IF NEW.channel = 'email' THEN
      PERFORM 1 FROM appointments WHERE id = NEW.appointment_id AND trim(client_email) = NEW.sent_to FOR SHARE;
    ELSE
      PERFORM 1 FROM appointments a JOIN clients c ON c.id = a.client_record_id
        WHERE a.id = NEW.appointment_id AND c.phone = NEW.sent_to FOR SHARE OF a, c;
    END IF;
    IF NOT FOUND THEN
      NEW.sent_to := NULL;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
