ALTER TABLE "salon_settings" ADD COLUMN "staff_discount_max_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salon_settings" ADD COLUMN "discount_reasons" jsonb DEFAULT '["Promoción del salón","Cliente habitual","Compensación por una incidencia","Personal del salón","Invitación de la casa"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonos" ADD COLUMN "discount_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "sale_amount" numeric(10, 2);--> statement-breakpoint
-- Hand-written (ADR 034): the cards sold before were paid at their amount.
UPDATE "gift_cards" SET "sale_amount" = "amount";--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "sale_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "discount_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "salon_settings" ADD CONSTRAINT "salon_settings_staff_discount" CHECK ("salon_settings"."staff_discount_max_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_sale_amount" CHECK ("gift_cards"."sale_amount" >= 0);--> statement-breakpoint
-- Hand-written (ADR 034: what drizzle cannot express). ADR 053: the lock order.
-- client_lock: the one lock per client (her account's id, else her record's) that every path
-- booking, moving, selling or attaching for her takes FIRST, before any row: two such paths for
-- one client then run one after the other and can never hold each other's rows.
CREATE FUNCTION "client_lock"(p_key text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('auna:client:' || p_key, 0));
END;
$$;
--> statement-breakpoint
-- The client's own booking counts her future appointments under that same lock (ADR 031).
CREATE OR REPLACE FUNCTION "client_future_confirmed_locked"(p_client text, p_now timestamptz) RETURNS int
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM client_lock(p_client);
  RETURN (SELECT count(*)::int FROM appointments
          WHERE client_id = p_client AND status = 'confirmed' AND start_time > p_now);
END;
$$;
--> statement-breakpoint
-- Whether the record has a bono for this service valid that day, whatever its sessions left
-- (ADR 053): a visit that has one and took no session is "not covered by the bono, paid".
CREATE FUNCTION "bono_covers_visit"(p_client uuid, p_service uuid, p_visit date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM bonos b
     WHERE b.client_id = p_client AND b.refunded_at IS NULL AND b.expires_on >= p_visit
       AND EXISTS (SELECT 1 FROM bono_type_services s WHERE s.bono_type_id = b.bono_type_id AND s.service_id = p_service));
$$;
--> statement-breakpoint
-- An appointment and its bono: 'covered' (a session reserved or spent), 'not_covered' (confirmed
-- or done, no session, though she has a bono for it: paid normally), or NULL (no bono concerns it).
CREATE FUNCTION "appointment_bono_state"(p_appointment uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM bono_sessions bs WHERE bs.appointment_id = a.id AND bs.state IN ('reserved', 'spent')) THEN 'covered'
    WHEN a.status IN ('confirmed', 'completed') AND a.client_record_id IS NOT NULL AND a.service_id IS NOT NULL
         AND bono_covers_visit(a.client_record_id, a.service_id, (a.start_time AT TIME ZONE 'Europe/Madrid')::date) THEN 'not_covered'
  END
  FROM appointments a WHERE a.id = p_appointment;
$$;
--> statement-breakpoint
-- The trigger of 0013 with the bono's row taken BEFORE its session's (ADR 053): the admin's
-- refund locks the bono and then its sessions, so a cancellation that released a session first
-- and then waited for the bono could deadlock with it.
CREATE OR REPLACE FUNCTION "appointments_bono_session"() RETURNS trigger
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
      UPDATE bonos SET sessions_held = sessions_held - 1, updated_at = now() WHERE id = s.bono_id;
      UPDATE bono_sessions SET state = 'released', released_at = now() WHERE id = s.id;
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
