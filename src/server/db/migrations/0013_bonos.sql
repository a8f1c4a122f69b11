CREATE TABLE "bono_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bono_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by_user_id" text,
	"changed_by_name" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bono_changes_action" CHECK ("bono_changes"."action" IN ('extended', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "bono_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bono_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "bono_sessions_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "bono_sessions_state" CHECK ("bono_sessions"."state" IN ('reserved', 'spent', 'released'))
);
--> statement-breakpoint
CREATE TABLE "bono_type_services" (
	"bono_type_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "bono_type_services_bono_type_id_service_id_pk" PRIMARY KEY("bono_type_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "bono_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"validity_months" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bono_types_sessions" CHECK ("bono_types"."sessions" BETWEEN 1 AND 100),
	CONSTRAINT "bono_types_price" CHECK ("bono_types"."price" >= 0),
	CONSTRAINT "bono_types_validity" CHECK ("bono_types"."validity_months" BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "bonos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bono_type_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sessions" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"sessions_held" integer DEFAULT 0 NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_on" date NOT NULL,
	"payment_method" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"sold_by_user_id" text,
	"sold_by_name" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	"refunded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonos_sessions_held" CHECK ("bonos"."sessions_held" >= 0 AND "bonos"."sessions_held" <= "bonos"."sessions"),
	CONSTRAINT "bonos_sessions" CHECK ("bonos"."sessions" >= 1),
	CONSTRAINT "bonos_amount" CHECK ("bonos"."amount" >= 0 AND "bonos"."price" >= 0),
	CONSTRAINT "bonos_payment_method" CHECK ("bonos"."payment_method" IN ('efectivo', 'tarjeta', 'bizum', 'otro'))
);
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD COLUMN "no_show_spends_session" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bono_changes" ADD CONSTRAINT "bono_changes_bono_id_bonos_id_fk" FOREIGN KEY ("bono_id") REFERENCES "public"."bonos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bono_changes" ADD CONSTRAINT "bono_changes_changed_by_user_id_user_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bono_sessions" ADD CONSTRAINT "bono_sessions_bono_id_bonos_id_fk" FOREIGN KEY ("bono_id") REFERENCES "public"."bonos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bono_sessions" ADD CONSTRAINT "bono_sessions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bono_type_services" ADD CONSTRAINT "bono_type_services_bono_type_id_bono_types_id_fk" FOREIGN KEY ("bono_type_id") REFERENCES "public"."bono_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bono_type_services" ADD CONSTRAINT "bono_type_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos" ADD CONSTRAINT "bonos_bono_type_id_bono_types_id_fk" FOREIGN KEY ("bono_type_id") REFERENCES "public"."bono_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos" ADD CONSTRAINT "bonos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos" ADD CONSTRAINT "bonos_sold_by_user_id_user_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonos" ADD CONSTRAINT "bonos_refunded_by_user_id_user_id_fk" FOREIGN KEY ("refunded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bono_changes_bono_idx" ON "bono_changes" USING btree ("bono_id","created_at");--> statement-breakpoint
CREATE INDEX "bono_sessions_bono_idx" ON "bono_sessions" USING btree ("bono_id");--> statement-breakpoint
CREATE INDEX "bono_type_services_service_idx" ON "bono_type_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "bonos_client_idx" ON "bonos" USING btree ("client_id","expires_on");--> statement-breakpoint
CREATE INDEX "bonos_sold_at_idx" ON "bonos" USING btree ("sold_at");--> statement-breakpoint
-- Hand-written (ADR 034: what drizzle cannot express). ADR 037.
-- bono_take: one session of the client record's bono that covers the service on the visit's
-- salon date, the one that expires first (or `wanted`), counted in sessions_held under the bono's
-- row lock. The UPDATE re-checks sessions_held < sessions on the row it locked, so simultaneous
-- bookings take the last session once; the CHECK bonos_sessions_held stands behind it. A lost
-- race looks again (another bono may fit); none left: NULL (the visit is paid normally).
CREATE FUNCTION "bono_take"(p_client uuid, p_service uuid, p_visit date, p_wanted uuid) RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cand uuid;
  took uuid;
BEGIN
  IF p_client IS NULL OR p_service IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 1..3 LOOP
    SELECT b.id INTO cand FROM bonos b
     WHERE b.client_id = p_client AND b.refunded_at IS NULL AND b.expires_on >= p_visit AND b.sessions_held < b.sessions
       AND (p_wanted IS NULL OR b.id = p_wanted)
       AND EXISTS (SELECT 1 FROM bono_type_services s WHERE s.bono_type_id = b.bono_type_id AND s.service_id = p_service)
     ORDER BY b.expires_on, b.sold_at, b.id
     LIMIT 1;
    IF cand IS NULL THEN
      RETURN NULL;
    END IF;
    UPDATE bonos SET sessions_held = sessions_held + 1, updated_at = now()
     WHERE id = cand AND sessions_held < sessions AND refunded_at IS NULL AND expires_on >= p_visit
     RETURNING id INTO took;
    IF took IS NOT NULL THEN
      RETURN took;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A reserved session follows its appointment in the same transaction as any change of it,
-- whichever room makes the change (agenda, admin, front desk, Mis Citas, account deletion):
-- domain/bonos.ts sessionAfter. Completed: spent. No-show: spent when the salon's setting
-- "Una ausencia consume la sesión" is on, else released. Cancelled (by her within the policy,
-- or by the salon): released. Moved past the bono's expiry: released, and another valid bono
-- or none. The status update's WHERE status = 'confirmed' makes each change happen once.
CREATE FUNCTION "appointments_bono_session"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  visit date;
  took uuid;
BEGIN
  SELECT bs.id, bs.bono_id, b.expires_on INTO s
    FROM bono_sessions bs JOIN bonos b ON b.id = bs.bono_id
   WHERE bs.appointment_id = NEW.id AND bs.state = 'reserved';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status = 'completed'
       OR (NEW.status = 'no_show' AND COALESCE((SELECT no_show_spends_session FROM salon_settings WHERE id = 1), true)) THEN
      UPDATE bono_sessions SET state = 'spent', spent_at = now() WHERE id = s.id;
    ELSIF NEW.status IN ('no_show', 'cancelled_by_client', 'cancelled_by_salon') THEN
      UPDATE bono_sessions SET state = 'released', released_at = now() WHERE id = s.id;
      UPDATE bonos SET sessions_held = sessions_held - 1, updated_at = now() WHERE id = s.bono_id;
    END IF;
    RETURN NULL;
  END IF;
  visit := (NEW.start_time AT TIME ZONE 'Europe/Madrid')::date;
  IF NEW.status = 'confirmed' AND visit > s.expires_on THEN
    UPDATE bonos SET sessions_held = sessions_held - 1, updated_at = now() WHERE id = s.bono_id;
    took := bono_take(NEW.client_record_id, NEW.service_id, visit, NULL);
    IF took IS NULL THEN
      UPDATE bono_sessions SET state = 'released', released_at = now() WHERE id = s.id;
    ELSE
      UPDATE bono_sessions SET bono_id = took, reserved_at = now() WHERE id = s.id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_bono_session"
  AFTER UPDATE OF "status", "start_time" ON "appointments"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.start_time IS DISTINCT FROM NEW.start_time)
  EXECUTE FUNCTION "appointments_bono_session"();
