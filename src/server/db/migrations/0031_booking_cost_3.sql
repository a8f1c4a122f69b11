-- Hand-written (ADR 034). ADR 108: PostgreSQL's work per booking under load. No table changes.
--
-- The client's own booking counts her future appointments under her lock (ADR 031, 053). The
-- function called client_lock, a second PL/pgSQL function whose only statement takes the advisory
-- lock: one more function call, one more statement to start and (on each new connection) to plan,
-- on every booking. The lock is now taken here, with the same key as client_lock's, so it is the
-- same lock every other path takes first; client_lock stays for them.
--
-- Its count is planned once per connection (plan_cache_mode): with a million appointments
-- PostgreSQL kept a custom plan for it, planned on every call (the generic plan's guess for
-- start_time > $2 is a third of the table), though the index on (client_id, start_time) serves it
-- whatever the parameters.
CREATE OR REPLACE FUNCTION "client_future_confirmed_locked"(p_client text, p_now timestamptz) RETURNS int
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('auna:client:' || p_client, 0));
  RETURN (SELECT count(DISTINCT coalesce(visit_id, id))::int FROM appointments
          WHERE client_id = p_client AND status = 'confirmed' AND start_time > p_now);
END;
$$;
