ALTER TABLE "consent_access_log" DROP CONSTRAINT "consent_access_log_action";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "consent_link_generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD COLUMN "outcome" text DEFAULT 'allowed' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_outcome" CHECK ("consent_access_log"."outcome" IN ('allowed', 'refused'));--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_action" CHECK ("consent_access_log"."action" IN ('view', 'pdf', 'list'));--> statement-breakpoint
-- Hand-written (ADR 034), ADR 051. A consent link names its visit's generation: moving the visit to
-- another service raises it, so every link mailed for the old service answers as a dead link (a
-- cancellation already does, by the status). Whichever path changes the service, now or later.
CREATE FUNCTION "appointments_consent_link"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.consent_link_generation := OLD.consent_link_generation + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_consent_link"
  BEFORE UPDATE OF "service_id" ON "appointments"
  FOR EACH ROW
  WHEN (NEW.service_id IS DISTINCT FROM OLD.service_id)
  EXECUTE FUNCTION "appointments_consent_link"();
--> statement-breakpoint
-- The signed documents that cover a visit (its service's active templates, on their current
-- version, valid for the visit's salon day): the staff views' "ver consentimiento". The same
-- rule as consent_missing (0015_consents); the spec is domain/consents.ts coversVisit.
CREATE FUNCTION "consent_documents_of_visit"(p_appointment uuid, p_service uuid, p_record uuid, p_start timestamptz) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$
  SELECT d.id
    FROM service_consent_templates st
    JOIN consent_templates t ON t.id = st.template_id AND t.active
    JOIN consent_documents d ON d.template_id = t.id AND d.client_record_id = p_record
    JOIN consent_template_versions v ON v.id = d.template_version_id AND v.version = t.version
   WHERE st.service_id = p_service
     AND CASE v.validity_kind
           WHEN 'visit' THEN d.appointment_id = p_appointment
           ELSE (p_start AT TIME ZONE 'Europe/Madrid')::date
                < ((d.signed_at AT TIME ZONE 'Europe/Madrid')::date + make_interval(months => v.validity_months))::date
         END
$$;
--> statement-breakpoint
-- better-auth keeps verification identifiers hashed from now on (auth.ts: verification.storeIdentifier
-- 'hashed'; auth/verification-identifier.ts): the rows written before are hashed the same way
-- (base64url of the SHA-256, without padding), so no live reset token stays in the database.
UPDATE "verification" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
