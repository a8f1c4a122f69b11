-- Hardening (docs/decisions/025, 026): the salon's booking limits, and a client's account can be
-- deleted while their past appointments stay in the salon's books (anonymised, client_id NULL).
ALTER TABLE "salon_settings" ADD COLUMN IF NOT EXISTS "max_future_appointments_per_client" integer DEFAULT 4 NOT NULL;
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD COLUMN IF NOT EXISTS "booking_horizon_days" integer DEFAULT 90 NOT NULL;
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD CONSTRAINT "salon_settings_max_future_appointments" CHECK ("max_future_appointments_per_client" BETWEEN 1 AND 50);
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD CONSTRAINT "salon_settings_booking_horizon" CHECK ("booking_horizon_days" BETWEEN 1 AND 730);
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "client_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT IF EXISTS "appointments_client_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
