CREATE TABLE "consent_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"viewer_user_id" text,
	"viewer_name" text NOT NULL,
	"viewer_kind" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_access_log_kind" CHECK ("consent_access_log"."viewer_kind" IN ('admin', 'employee', 'client')),
	CONSTRAINT "consent_access_log_action" CHECK ("consent_access_log"."action" IN ('view', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "consent_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_record_id" uuid NOT NULL,
	"appointment_id" uuid,
	"template_id" uuid NOT NULL,
	"template_version_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"health_data_consent" boolean NOT NULL,
	"signature_png" "bytea" NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"witnessed_by_user_id" text,
	"witnessed_by_name" text,
	"sha256" text NOT NULL,
	CONSTRAINT "consent_documents_health_consent" CHECK ("consent_documents"."health_data_consent"),
	CONSTRAINT "consent_documents_method" CHECK ("consent_documents"."method" IN ('online', 'recepcion')),
	CONSTRAINT "consent_documents_witness" CHECK (("consent_documents"."method" = 'recepcion') = ("consent_documents"."witnessed_by_name" IS NOT NULL)),
	CONSTRAINT "consent_documents_signature_size" CHECK (octet_length("consent_documents"."signature_png") BETWEEN 8 AND 204800),
	CONSTRAINT "consent_documents_sha256" CHECK ("consent_documents"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "consent_documents_answers" CHECK (jsonb_typeof("consent_documents"."answers") = 'array')
);
--> statement-breakpoint
CREATE TABLE "consent_template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"questions" jsonb NOT NULL,
	"validity_kind" text NOT NULL,
	"validity_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "consent_template_versions_number" UNIQUE("template_id","version"),
	CONSTRAINT "consent_template_versions_kind" CHECK ("consent_template_versions"."validity_kind" IN ('visit', 'months')),
	CONSTRAINT "consent_template_versions_months" CHECK (("consent_template_versions"."validity_kind" = 'visit' AND "consent_template_versions"."validity_months" IS NULL) OR ("consent_template_versions"."validity_kind" = 'months' AND "consent_template_versions"."validity_months" BETWEEN 1 AND 60)),
	CONSTRAINT "consent_template_versions_questions" CHECK (jsonb_typeof("consent_template_versions"."questions") = 'array')
);
--> statement-breakpoint
CREATE TABLE "consent_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_templates_version" CHECK ("consent_templates"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_consent_templates" (
	"service_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	CONSTRAINT "service_consent_templates_service_id_template_id_pk" PRIMARY KEY("service_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "salon_settings" ADD COLUMN "complete_without_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_document_id_consent_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."consent_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_viewer_user_id_user_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_client_record_id_clients_id_fk" FOREIGN KEY ("client_record_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_template_id_consent_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consent_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_template_version_id_consent_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."consent_template_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_template_versions" ADD CONSTRAINT "consent_template_versions_template_id_consent_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consent_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_template_versions" ADD CONSTRAINT "consent_template_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_consent_templates" ADD CONSTRAINT "service_consent_templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_consent_templates" ADD CONSTRAINT "service_consent_templates_template_id_consent_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."consent_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_access_log_document_idx" ON "consent_access_log" USING btree ("document_id","at");--> statement-breakpoint
CREATE INDEX "consent_documents_client_idx" ON "consent_documents" USING btree ("client_record_id","template_id","signed_at");--> statement-breakpoint
CREATE INDEX "consent_documents_appointment_idx" ON "consent_documents" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "service_consent_templates_template_idx" ON "service_consent_templates" USING btree ("template_id");--> statement-breakpoint
-- Hand-written (ADR 034: what drizzle cannot express). ADR 041.
-- A signed consent is immutable. UPDATE is refused, but for the move of every column but none to
-- another client record when two records of one client are merged (src/server/accounts/client-records.ts,
-- ADR 019): the document itself, and its hash, do not change. DELETE is refused, but for the retention
-- purge, which says so in its own transaction (SET LOCAL auna.consent_purge = 'on'; ADR 041).
CREATE FUNCTION "consent_documents_immutable"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'client_record_id') = (to_jsonb(OLD) - 'client_record_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('auna.consent_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'a signed consent cannot be changed or deleted' USING ERRCODE = 'AUC01';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "consent_documents_immutable"
  BEFORE UPDATE OR DELETE ON "consent_documents"
  FOR EACH ROW EXECUTE FUNCTION "consent_documents_immutable"();
--> statement-breakpoint
-- Whether a visit (its id, service, client record and start) lacks a consent its service requires:
-- an active template linked to the service with no document of the record on the template's
-- CURRENT version that covers the visit ('visit': signed for this appointment; 'months': the
-- visit's salon day is before signed salon day + N months). The spec is domain/consents.ts coversVisit.
CREATE FUNCTION "consent_missing"(p_appointment uuid, p_service uuid, p_record uuid, p_start timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM service_consent_templates st
      JOIN consent_templates t ON t.id = st.template_id AND t.active
     WHERE st.service_id = p_service
       AND NOT EXISTS (
         SELECT 1 FROM consent_documents d JOIN consent_template_versions v ON v.id = d.template_version_id
          WHERE d.client_record_id = p_record AND d.template_id = t.id AND v.version = t.version
            AND CASE v.validity_kind
                  WHEN 'visit' THEN d.appointment_id = p_appointment
                  ELSE (p_start AT TIME ZONE 'Europe/Madrid')::date
                       < ((d.signed_at AT TIME ZONE 'Europe/Madrid')::date + make_interval(months => v.validity_months))::date
                END))
$$;
--> statement-breakpoint
-- The contraindications her valid documents for this visit hold (the consents its service requires):
-- the text of each contraindication question answered yes, with its detail ("¿...? Sí: isotretinoína").
CREATE FUNCTION "consent_contraindications"(p_appointment uuid, p_service uuid, p_record uuid, p_start timestamptz) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg((q.item->>'text') || ' Sí' || coalesce(': ' || nullif(a.item->>'detail', ''), '') ORDER BY d.signed_at, d.id, q.n), '{}')
    FROM service_consent_templates st
    JOIN consent_templates t ON t.id = st.template_id AND t.active
    JOIN consent_documents d ON d.template_id = t.id AND d.client_record_id = p_record
    JOIN consent_template_versions v ON v.id = d.template_version_id AND v.version = t.version
    CROSS JOIN LATERAL jsonb_array_elements(v.questions) WITH ORDINALITY AS q(item, n)
    JOIN LATERAL jsonb_array_elements(d.answers) AS a(item) ON a.item->>'questionId' = q.item->>'id'
   WHERE st.service_id = p_service
     AND (q.item->>'contraindication')::boolean AND a.item->'value' = 'true'::jsonb
     AND CASE v.validity_kind
           WHEN 'visit' THEN d.appointment_id = p_appointment
           ELSE (p_start AT TIME ZONE 'Europe/Madrid')::date
                < ((d.signed_at AT TIME ZONE 'Europe/Madrid')::date + make_interval(months => v.validity_months))::date
         END
$$;
--> statement-breakpoint
-- "Permitir completar una cita sin consentimiento firmado" (salon_settings.complete_without_consent,
-- default no): marking a visit completed without the consent its service requires is refused here,
-- whichever room makes the change (agenda, admin, front desk); the server answers 409 consent_missing.
CREATE FUNCTION "appointments_consent_on_complete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT COALESCE((SELECT complete_without_consent FROM salon_settings WHERE id = 1), false)
     AND consent_missing(NEW.id, NEW.service_id, NEW.client_record_id, NEW.start_time) THEN
    RAISE EXCEPTION 'consent missing' USING ERRCODE = 'AUC02';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_consent_on_complete"
  BEFORE UPDATE OF "status" ON "appointments"
  FOR EACH ROW
  WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed')
  EXECUTE FUNCTION "appointments_consent_on_complete"();
