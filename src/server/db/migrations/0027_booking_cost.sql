-- Hand-written (ADR 034): what a booking writes, cut to what changes (ADR 094). No table changes.
--
-- 1. An account's booking reads her client record instead of rewriting it. The upsert of 0011
--    (ON CONFLICT DO UPDATE SET user_id = user_id) wrote a new version of her record, and its WAL,
--    on every booking of hers, to learn an id that exists from her first booking on. FOR KEY SHARE
--    is the lock the appointment's foreign key takes on that row anyway (so it adds no write), and
--    it keeps what the upsert guaranteed under a concurrent merge of records (attachClientRecords):
--    a record deleted meanwhile is not returned, and the upsert below then finds the kept one.
CREATE OR REPLACE FUNCTION "appointments_client_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  verified boolean;
  made boolean;
BEGIN
  IF NEW.client_record_id IS NULL AND NEW.client_id IS NOT NULL THEN
    SELECT id INTO NEW.client_record_id FROM clients WHERE user_id = NEW.client_id FOR KEY SHARE;
    IF NEW.client_record_id IS NULL THEN
      SELECT email_verified INTO verified FROM "user" WHERE id = NEW.client_id;
      INSERT INTO clients (name, email, user_id)
        VALUES (NEW.client_name, CASE WHEN verified THEN NULLIF(NEW.client_email, '') END, NEW.client_id)
        ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
        RETURNING id, (xmax = 0) INTO NEW.client_record_id, made;
      IF made THEN
        INSERT INTO client_record_changes (client_id, action, changed_by_user_id, changed_by_name, changed_by_role)
          VALUES (NEW.client_record_id, 'created', NEW.client_id, NEW.client_name, 'client');
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- 2. The report rollups (ADR 042) only for rows whose rolled-up figures change. A statement trigger
--    with transition tables can have neither a WHEN clause nor an UPDATE OF column list
--    (PostgreSQL refuses both), so the filter is here: an insert of confirmed rows (every booking)
--    and an update of anything but the rolled-up columns (a note, a payment mark, the message
--    sequence, a reminder's flag) no longer call report_apply, whose subtract-then-add of the same
--    row rewrote its report rows twice for a net change of nothing. The columns are report_apply's.
CREATE OR REPLACE FUNCTION "appointments_report_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone appointments[];
  came appointments[];
BEGIN
  -- Each event has only its own transition tables; the branches name only those.
  IF TG_OP = 'INSERT' THEN
    came := ARRAY(SELECT ROW(n.*)::appointments FROM new_rows n WHERE n.status <> 'confirmed');
  ELSIF TG_OP = 'UPDATE' THEN
    gone := ARRAY(SELECT ROW(o.*)::appointments FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
                  WHERE o.status <> 'confirmed'
                    AND (n.id IS NULL OR (o.status, o.start_time, o.end_time, o.employee_id, o.service_name, o.price, o.prep_minutes, o.cleanup_minutes, o.client_record_id)
                         IS DISTINCT FROM (n.status, n.start_time, n.end_time, n.employee_id, n.service_name, n.price, n.prep_minutes, n.cleanup_minutes, n.client_record_id)));
    came := ARRAY(SELECT ROW(n.*)::appointments FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
                  WHERE n.status <> 'confirmed'
                    AND (o.id IS NULL OR (o.status, o.start_time, o.end_time, o.employee_id, o.service_name, o.price, o.prep_minutes, o.cleanup_minutes, o.client_record_id)
                         IS DISTINCT FROM (n.status, n.start_time, n.end_time, n.employee_id, n.service_name, n.price, n.prep_minutes, n.cleanup_minutes, n.client_record_id)));
  ELSE
    gone := ARRAY(SELECT ROW(o.*)::appointments FROM old_rows o WHERE o.status <> 'confirmed');
  END IF;
  IF cardinality(gone) > 0 THEN
    PERFORM report_apply(gone, -1);
  END IF;
  IF cardinality(came) > 0 THEN
    PERFORM report_apply(came, 1);
  END IF;
  RETURN NULL;
END;
$$;
