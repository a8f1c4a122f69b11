-- Hand-written (ADR 034). ADR 111: the relay adds a batch's jobs in one graphile_worker.add_jobs
-- call instead of one add_job call per job. No table changes.
--
-- add_job is add_jobs with an array of one: each call ran add_jobs' four statements and its own
-- NOTIFY, about 0.45 ms of PostgreSQL for every job, three jobs a booking (her confirmation, the
-- professional's notice, the reminder). Consecutive adds are now gathered and added together,
-- with one NOTIFY for all of them. The order of the operations on one key is kept: a remove
-- adds what was gathered before it first, and a key already gathered adds the gathering before
-- it is gathered again (add_jobs, like ON CONFLICT, cannot touch one job twice in one call). The
-- job_spec is what add_job builds for add_jobs, and `false` is its 'replace' mode. The gathering
-- is json until the call: graphile_worker's schema is created after our migrations (start.ts),
-- and a PL/pgSQL variable of its type would not compile before.
CREATE FUNCTION "relay_add_jobs"(p_specs json[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_jobs(
    ARRAY(SELECT json_populate_record(NULL::graphile_worker.job_spec, u.s) FROM unnest(p_specs) WITH ORDINALITY AS u(s, n) ORDER BY u.n),
    false);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "relay_message_outbox"(p_task text, p_max_attempts int, p_batch int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  j record;
  done bigint[] := '{}';
  specs json[] := '{}';
  keys text[] := '{}';
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('auna:message_outbox', 0)) THEN
    RETURN -1;
  END IF;
  FOR r IN SELECT * FROM message_outbox ORDER BY id LIMIT p_batch LOOP
    IF r.op = 'remove' THEN
      IF cardinality(specs) > 0 THEN
        PERFORM relay_add_jobs(specs);
        specs := '{}';
        keys := '{}';
      END IF;
      PERFORM graphile_worker.remove_job(r.job_key);
    ELSE
      -- An 'add' row is an 'add_many' of one.
      FOR j IN
        SELECT e.v->'payload' AS payload, (e.v->>'runAt')::timestamptz AS run_at, e.v->>'key' AS job_key
        FROM json_array_elements(CASE WHEN r.op = 'add_many' THEN r.payload
               ELSE json_build_array(json_build_object('payload', r.payload, 'runAt', r.run_at, 'key', r.job_key)) END)
             WITH ORDINALITY AS e(v, n)
        ORDER BY e.n
      LOOP
        IF j.job_key IS NOT NULL AND j.job_key = ANY(keys) THEN
          PERFORM relay_add_jobs(specs);
          specs := '{}';
          keys := '{}';
        END IF;
        specs := specs || json_build_object('identifier', p_task, 'payload', j.payload, 'run_at', coalesce(j.run_at, now()),
          'max_attempts', p_max_attempts, 'job_key', j.job_key);
        keys := keys || j.job_key;
      END LOOP;
    END IF;
    done := done || r.id;
  END LOOP;
  IF cardinality(specs) > 0 THEN
    PERFORM relay_add_jobs(specs);
  END IF;
  DELETE FROM message_outbox WHERE id = ANY(done);
  RETURN cardinality(done);
END;
$$;
