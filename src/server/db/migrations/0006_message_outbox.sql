-- The message queue's cost target (docs/decisions/028): graphile-worker's add_job sends pg_notify, and
-- PostgreSQL holds one database-wide lock for the notification queue through the whole commit of
-- a transaction that notified: every booking commit waited for the one before it (+76 % at p50).
-- A change now writes its messages here, a plain insert in its own transaction, and a relay in
-- the server hands them to graphile-worker in batches (one commit, one lock per batch).
CREATE TABLE "message_outbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "op" text NOT NULL,
  "job_key" text NOT NULL,
  "payload" json,
  "run_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "message_outbox_op" CHECK ("op" IN ('add', 'remove'))
);
--> statement-breakpoint
-- Moves up to p_batch rows, oldest first, into graphile-worker and deletes exactly those. One
-- relay at a time across processes (the advisory lock; -1 = another holds it), so the order of
-- the operations on one job key (a reminder added, moved, removed) is the order they were written.
-- Rows of one appointment are written under its row lock, so they commit in id order.
CREATE FUNCTION "relay_message_outbox"(p_task text, p_max_attempts int, p_batch int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  done bigint[] := '{}';
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('auna:message_outbox', 0)) THEN
    RETURN -1;
  END IF;
  FOR r IN SELECT * FROM message_outbox ORDER BY id LIMIT p_batch LOOP
    IF r.op = 'remove' THEN
      PERFORM graphile_worker.remove_job(r.job_key);
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
