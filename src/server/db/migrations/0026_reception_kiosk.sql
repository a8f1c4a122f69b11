CREATE TABLE "reception_kiosks" (
	"session_id" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reception_kiosks_attempts" CHECK ("reception_kiosks"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reception_kiosks" ADD CONSTRAINT "reception_kiosks_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_kiosks" ADD CONSTRAINT "reception_kiosks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;