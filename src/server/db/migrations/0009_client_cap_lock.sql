-- The per-client cap of future confirmed appointments (ADR 025) was read, checked in JavaScript and
-- then inserted: 12 simultaneous bookings by one client all passed a cap of 4. The booking statement
-- now asks this function, which takes a transaction-scoped advisory lock on the client (one booking
-- of hers at a time; other clients are not held up) and only THEN counts. It is plpgsql and VOLATILE
-- on purpose: its query takes a fresh snapshot after the lock is granted, so it sees the booking the
-- previous holder just committed (a plain sub-select would use the statement's older snapshot).
-- The lock is released when the booking's implicit transaction commits (docs/decisions/031).
CREATE FUNCTION "client_future_confirmed_locked"(p_client text, p_now timestamptz) RETURNS int
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('auna:client_cap:' || p_client, 0));
  RETURN (SELECT count(*)::int FROM appointments
          WHERE client_id = p_client AND status = 'confirmed' AND start_time > p_now);
END;
$$;
