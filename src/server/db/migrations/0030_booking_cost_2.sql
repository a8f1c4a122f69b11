ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_op";--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_op" CHECK ("message_outbox"."op" IN ('add', 'remove', 'add_many'));--> statement-breakpoint
-- ADR 097: a booking writes its messages (her confirmation, the professional's notice, the reminder,
-- the consent reminder) as ONE outbox row, `add_many`, whose payload is the array of its jobs
-- ({key, payload, runAt}); the relay adds them in the array's order. Three rows a booking were two
-- heap and two index insertions more than one. Rows are still relayed in id order, so the order
-- of the operations on one job key is still the order they were written.
CREATE OR REPLACE FUNCTION "relay_message_outbox"(p_task text, p_max_attempts int, p_batch int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  j record;
  done bigint[] := '{}';
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('auna:message_outbox', 0)) THEN
    RETURN -1;
  END IF;
  FOR r IN SELECT * FROM message_outbox ORDER BY id LIMIT p_batch LOOP
    IF r.op = 'remove' THEN
      PERFORM graphile_worker.remove_job(r.job_key);
    ELSIF r.op = 'add_many' THEN
      FOR j IN SELECT e.v FROM json_array_elements(r.payload) WITH ORDINALITY AS e(v, n) ORDER BY e.n LOOP
        PERFORM graphile_worker.add_job(p_task, j.v->'payload', run_at := coalesce((j.v->>'runAt')::timestamptz, now()),
          max_attempts := p_max_attempts, job_key := j.v->>'key', job_key_mode := 'replace');
      END LOOP;
    ELSE
      PERFORM graphile_worker.add_job(p_task, r.payload, run_at := coalesce(r.run_at, now()),
        max_attempts := p_max_attempts, job_key := r.job_key, job_key_mode := 'replace');
    END IF;
    done := done || r.id;
  END LOOP;
  DELETE FROM message_outbox WHERE id = ANY(done);
  RETURN cardinality(done);
END;
$$;
