CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"employee_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"part_of_day" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_range" CHECK ("waiting_list_entries"."from_date" <= "waiting_list_entries"."to_date"),
	CONSTRAINT "waiting_list_entries_part" CHECK ("waiting_list_entries"."part_of_day" IN ('morning', 'afternoon', 'any')),
	CONSTRAINT "waiting_list_entries_status" CHECK ("waiting_list_entries"."status" IN ('waiting', 'booked', 'withdrawn')),
	CONSTRAINT "waiting_list_entries_source" CHECK ("waiting_list_entries"."source" IN ('client', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "waiting_list_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"channel" text,
	"sent_at" timestamp with time zone,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_entries_open_idx" ON "waiting_list_entries" USING btree ("status","to_date","from_date");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_client_idx" ON "waiting_list_entries" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offers_once" ON "waiting_list_offers" USING btree ("entry_id","employee_id","start_time");--> statement-breakpoint
CREATE INDEX "waiting_list_offers_unsent_idx" ON "waiting_list_offers" USING btree ("sent_at");