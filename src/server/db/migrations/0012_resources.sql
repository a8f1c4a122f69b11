-- Cabins and machines, preparation and cleaning time (docs/decisions/036-cabins-and-machines.md).
-- Generated from the schema by drizzle-kit up to the hand-written part at the end.
CREATE TABLE "appointment_resources" (
	"appointment_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"block_end" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "appointment_resources_appointment_id_resource_id_pk" PRIMARY KEY("appointment_id","resource_id"),
	CONSTRAINT "appointment_resources_span" CHECK ("appointment_resources"."block_end" > "appointment_resources"."block_start")
);
--> statement-breakpoint
CREATE TABLE "resource_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_maintenance_range" CHECK ("resource_maintenance"."end_date" >= "resource_maintenance"."start_date"),
	CONSTRAINT "resource_maintenance_times" CHECK (("resource_maintenance"."start_time" IS NULL) = ("resource_maintenance"."end_time" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind_known" CHECK ("resources"."kind" IN ('cabina', 'aparato'))
);
--> statement-breakpoint
CREATE TABLE "service_resource_group_members" (
	"group_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	CONSTRAINT "service_resource_group_members_group_id_resource_id_pk" PRIMARY KEY("group_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "service_resource_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "prep_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cleanup_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "prep_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cleanup_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_maintenance" ADD CONSTRAINT "resource_maintenance_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_maintenance" ADD CONSTRAINT "resource_maintenance_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resource_group_members" ADD CONSTRAINT "service_resource_group_members_group_id_service_resource_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resource_group_members" ADD CONSTRAINT "service_resource_group_members_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resource_groups" ADD CONSTRAINT "service_resource_groups_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_maintenance_resource_end_idx" ON "resource_maintenance" USING btree ("resource_id","end_date");--> statement-breakpoint
CREATE INDEX "resources_order_idx" ON "resources" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "service_resource_group_members_resource_idx" ON "service_resource_group_members" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "service_resource_groups_service_idx" ON "service_resource_groups" USING btree ("service_id","position");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffers_range" CHECK ("appointments"."prep_minutes" BETWEEN 0 AND 120 AND "appointments"."cleanup_minutes" BETWEEN 0 AND 120);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffers_range" CHECK ("services"."prep_minutes" BETWEEN 0 AND 120 AND "services"."cleanup_minutes" BETWEEN 0 AND 120);--> statement-breakpoint
-- Hand-written (ADR 034, 036). What an appointment holds is its time WITH its preparation and
-- cleaning minutes. `timestamptz -/+ interval` is only STABLE (an interval of days or months
-- depends on the session's time zone), so it cannot appear in a constraint's expression; an
-- interval of MINUTES is a fixed number of seconds whatever the zone, so this wrapper is truly
-- immutable for the only arguments it is given (whole minutes, 0..120 by the checks above).
CREATE FUNCTION "appointment_span"(p_start timestamptz, p_end timestamptz, p_prep int, p_cleanup int) RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tstzrange(p_start - make_interval(mins => p_prep), p_end + make_interval(mins => p_cleanup), '[)')
$$;
--> statement-breakpoint
-- The professional's no-overlap constraint (0001) now covers the buffers. With zero buffers the
-- span is tstzrange(start, end, '[)'), the same as before.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, appointment_span("start_time", "end_time", "prep_minutes", "cleanup_minutes") WITH &&)
  WHERE ("status" IN ('confirmed', 'completed'));
--> statement-breakpoint
-- One resource is never held twice at once: the database decides the race between two bookings
-- for the last cabin or the one laser, whatever the code in front of it read.
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, tstzrange("block_start", "block_end", '[)') WITH &&)
  WHERE ("active");
--> statement-breakpoint
-- The span and `active` follow the appointment: a move or a buffer change moves what its
-- resources hold (and a clash is a 23P01 like the professional's), a cancellation frees them.
CREATE FUNCTION "appointment_resources_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE appointment_resources
     SET block_start = NEW.start_time - make_interval(mins => NEW.prep_minutes),
         block_end = NEW.end_time + make_interval(mins => NEW.cleanup_minutes),
         active = NEW.status IN ('confirmed', 'completed')
   WHERE appointment_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_resources_sync"
  AFTER UPDATE OF "start_time", "end_time", "status", "prep_minutes", "cleanup_minutes" ON "appointments"
  FOR EACH ROW
  WHEN (OLD.start_time IS DISTINCT FROM NEW.start_time OR OLD.end_time IS DISTINCT FROM NEW.end_time
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.prep_minutes IS DISTINCT FROM NEW.prep_minutes
        OR OLD.cleanup_minutes IS DISTINCT FROM NEW.cleanup_minutes)
  EXECUTE FUNCTION "appointment_resources_sync"();
