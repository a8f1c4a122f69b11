CREATE TABLE "report_client_months" (
	"client_id" uuid NOT NULL,
	"month" date NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "report_client_months_client_id_month_pk" PRIMARY KEY("client_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date NOT NULL,
	"employee_id" text NOT NULL,
	"service_name" text NOT NULL,
	"status" text NOT NULL,
	"appointments" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "report_days_day_employee_id_service_name_status_pk" PRIMARY KEY("day","employee_id","service_name","status"),
	CONSTRAINT "report_days_status_final" CHECK ("report_days"."status" <> 'confirmed')
);
--> statement-breakpoint
CREATE TABLE "report_hours" (
	"day" date NOT NULL,
	"employee_id" text NOT NULL,
	"hour" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "report_hours_day_employee_id_hour_pk" PRIMARY KEY("day","employee_id","hour")
);
--> statement-breakpoint
CREATE INDEX "appointments_confirmed_day_idx" ON "appointments" USING btree (date((start_time AT TIME ZONE 'Europe/Madrid'::text))) WHERE ((status = 'confirmed'::text) AND (service_duration > 0));
--> statement-breakpoint
-- Hand-written (ADR 034): the rollups' upkeep (ADR 042). Every statement that changes appointments
-- adds its new rows and subtracts its old ones, grouped, in the same transaction: the rollups are
-- exact whenever a reader can see the change. Only final statuses count here (confirmed ones are read
-- live), so a booking (an insert of a confirmed row) and a move of one write nothing. Salon days and
-- hours are Europe/Madrid's (SALON_TIME_ZONE), as everywhere in Auna.
CREATE FUNCTION "report_apply"(rows "appointments"[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS r (day, employee_id, service_name, status, appointments, revenue, minutes)
  SELECT (a.start_time AT TIME ZONE 'Europe/Madrid')::date, a.employee_id, a.service_name, a.status,
         sign * count(*), sign * sum(a.price),
         sign * sum(round(extract(epoch FROM a.end_time - a.start_time) / 60) + a.prep_minutes + a.cleanup_minutes)
  FROM unnest(rows) a WHERE a.status <> 'confirmed'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (day, employee_id, service_name, status) DO UPDATE
    SET appointments = r.appointments + EXCLUDED.appointments, revenue = r.revenue + EXCLUDED.revenue, minutes = r.minutes + EXCLUDED.minutes;
  INSERT INTO report_hours AS r (day, employee_id, hour, minutes)
  SELECT h::date, a.employee_id, extract(hour FROM h)::int, sign * sum(round(extract(epoch FROM least(s.e, h + interval '1 hour') - greatest(s.s, h)) / 60))
  FROM unnest(rows) a
  CROSS JOIN LATERAL (SELECT (a.start_time - make_interval(mins => a.prep_minutes)) AT TIME ZONE 'Europe/Madrid' AS s,
                             (a.end_time + make_interval(mins => a.cleanup_minutes)) AT TIME ZONE 'Europe/Madrid' AS e) s
  CROSS JOIN LATERAL generate_series(date_trunc('hour', s.s), s.e - interval '1 microsecond', interval '1 hour') h
  WHERE a.status = 'completed'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, employee_id, hour) DO UPDATE SET minutes = r.minutes + EXCLUDED.minutes;
  INSERT INTO report_client_months AS r (client_id, month, visits)
  SELECT a.client_record_id, date_trunc('month', a.start_time AT TIME ZONE 'Europe/Madrid')::date, sign * count(*)
  FROM unnest(rows) a WHERE a.status = 'completed' AND a.client_record_id IS NOT NULL
  GROUP BY 1, 2
  ON CONFLICT (client_id, month) DO UPDATE SET visits = r.visits + EXCLUDED.visits;
$$;
--> statement-breakpoint
CREATE FUNCTION "appointments_report_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each event has only its own transition tables; the branches name only those.
  IF TG_OP = 'INSERT' THEN
    PERFORM report_apply(ARRAY(SELECT ROW(n.*)::appointments FROM new_rows n WHERE n.status <> 'confirmed'), 1);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM report_apply(ARRAY(SELECT ROW(o.*)::appointments FROM old_rows o WHERE o.status <> 'confirmed'), -1);
    PERFORM report_apply(ARRAY(SELECT ROW(n.*)::appointments FROM new_rows n WHERE n.status <> 'confirmed'), 1);
  ELSE
    PERFORM report_apply(ARRAY(SELECT ROW(o.*)::appointments FROM old_rows o WHERE o.status <> 'confirmed'), -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_report_insert" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_report_rollup"();
--> statement-breakpoint
CREATE TRIGGER "appointments_report_update" AFTER UPDATE ON "appointments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_report_rollup"();
--> statement-breakpoint
CREATE TRIGGER "appointments_report_delete" AFTER DELETE ON "appointments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_report_rollup"();
--> statement-breakpoint
CREATE FUNCTION "appointments_report_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_days, report_hours, report_client_months;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_report_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_report_truncate"();
--> statement-breakpoint
-- The history already there, grouped straight from the table (report_apply's arithmetic; an array of
-- a big salon's history would not fit in memory).
INSERT INTO report_days (day, employee_id, service_name, status, appointments, revenue, minutes)
SELECT (a.start_time AT TIME ZONE 'Europe/Madrid')::date, a.employee_id, a.service_name, a.status, count(*), sum(a.price),
       sum(round(extract(epoch FROM a.end_time - a.start_time) / 60) + a.prep_minutes + a.cleanup_minutes)
FROM appointments a WHERE a.status <> 'confirmed' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_hours (day, employee_id, hour, minutes)
SELECT h::date, a.employee_id, extract(hour FROM h)::int, sum(round(extract(epoch FROM least(s.e, h + interval '1 hour') - greatest(s.s, h)) / 60))
FROM appointments a
CROSS JOIN LATERAL (SELECT (a.start_time - make_interval(mins => a.prep_minutes)) AT TIME ZONE 'Europe/Madrid' AS s,
                           (a.end_time + make_interval(mins => a.cleanup_minutes)) AT TIME ZONE 'Europe/Madrid' AS e) s
CROSS JOIN LATERAL generate_series(date_trunc('hour', s.s), s.e - interval '1 microsecond', interval '1 hour') h
WHERE a.status = 'completed' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_client_months (client_id, month, visits)
SELECT a.client_record_id, date_trunc('month', a.start_time AT TIME ZONE 'Europe/Madrid')::date, count(*)
FROM appointments a WHERE a.status = 'completed' AND a.client_record_id IS NOT NULL GROUP BY 1, 2;
