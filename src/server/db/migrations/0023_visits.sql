ALTER TABLE "services" ADD COLUMN "parallel_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
CREATE INDEX "appointments_visit_idx" ON "appointments" USING btree ("visit_id") WHERE (visit_id IS NOT NULL);--> statement-breakpoint
-- ADR 083: the cap of future appointments counts a visit of several services once (its parts
-- share visit_id), as the client counts it; a visit of one service is its own appointment.
CREATE OR REPLACE FUNCTION "client_future_confirmed_locked"(p_client text, p_now timestamptz) RETURNS int
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM client_lock(p_client);
  RETURN (SELECT count(DISTINCT coalesce(visit_id, id))::int FROM appointments
          WHERE client_id = p_client AND status = 'confirmed' AND start_time > p_now);
END;
$$;
