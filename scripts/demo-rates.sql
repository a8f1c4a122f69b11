-- The demo salon's rates (docs/rooms/demo.md): psql -h 127.0.0.1 -p <EMBEDDED_PG_PORT> -U postgres -d auna -f scripts/demo-rates.sql
-- Rates over the past (before today, Europe/Madrid), as docs/rooms/demo.md counts them.
WITH p AS (SELECT * FROM appointments WHERE (start_time AT TIME ZONE 'Europe/Madrid')::date < (now() AT TIME ZONE 'Europe/Madrid')::date)
SELECT count(*) AS past_appointments,
       round(100.0 * count(*) FILTER (WHERE status = 'no_show') / count(*), 1) AS no_show_pct,
       round(100.0 * count(*) FILTER (WHERE status LIKE 'cancelled%') / count(*), 1) AS cancelled_pct,
       count(*) FILTER (WHERE status = 'cancelled_by_client') AS by_client,
       count(*) FILTER (WHERE status = 'cancelled_by_salon') AS by_salon,
       min((start_time AT TIME ZONE 'Europe/Madrid')::date) AS first_day
  FROM p;
-- Occupancy: booked minutes (confirmed, completed, no-show) over the professionals' weekly hours minus breaks, closures and time off.
WITH days AS (SELECT d::date AS day FROM generate_series((now() AT TIME ZONE 'Europe/Madrid')::date - 183, (now() AT TIME ZONE 'Europe/Madrid')::date - 1, '1 day') d),
w AS (
  SELECT e.user_id, e.name, days.day,
         (e.availability -> trim(to_char(days.day, 'day'))) AS sch
    FROM employees e CROSS JOIN days WHERE e.user_id IS NOT NULL AND e.is_active
),
avail AS (
  SELECT user_id, name, day,
    CASE WHEN (sch->>'isWorkingDay')::boolean
          AND NOT EXISTS (SELECT 1 FROM salon_exceptions x WHERE x.kind = 'closed' AND day BETWEEN x.start_date AND x.end_date)
          AND NOT EXISTS (SELECT 1 FROM employee_time_off t JOIN employees e2 ON e2.id = t.employee_id WHERE e2.user_id = w.user_id AND t.start_time IS NULL AND day BETWEEN t.start_date AND t.end_date)
    THEN extract(epoch FROM ((sch->>'endTime')::time - (sch->>'startTime')::time)) / 60
         - coalesce((SELECT sum(extract(epoch FROM ((b->>'end')::time - (b->>'start')::time)) / 60) FROM jsonb_array_elements(sch->'breaks') b), 0)
    ELSE 0 END AS minutes
  FROM w
),
booked AS (
  SELECT employee_id, sum(service_duration) AS minutes FROM appointments
   WHERE status IN ('confirmed', 'completed', 'no_show')
     AND (start_time AT TIME ZONE 'Europe/Madrid')::date BETWEEN (now() AT TIME ZONE 'Europe/Madrid')::date - 183 AND (now() AT TIME ZONE 'Europe/Madrid')::date - 1
   GROUP BY employee_id
)
SELECT a.name, sum(a.minutes) AS available_min, max(b.minutes) AS booked_min, round(100.0 * max(b.minutes) / sum(a.minutes), 1) AS occupancy_pct
  FROM avail a LEFT JOIN booked b ON b.employee_id = a.user_id GROUP BY a.name ORDER BY a.name;
-- Today and ahead
SELECT (start_time AT TIME ZONE 'Europe/Madrid')::date - (now() AT TIME ZONE 'Europe/Madrid')::date AS offset_days, count(*) FILTER (WHERE status NOT LIKE 'cancelled%') AS kept, count(*) FILTER (WHERE status LIKE 'cancelled%') AS cancelled
  FROM appointments WHERE start_time >= date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') AT TIME ZONE 'Europe/Madrid' GROUP BY 1 ORDER BY 1 LIMIT 8;
SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM clients WHERE user_id IS NOT NULL) AS with_account, (SELECT count(*) FROM clients WHERE email IS NOT NULL) AS with_email,
       (SELECT count(*) FROM bonos) AS bonos, (SELECT count(*) FROM bono_sessions) AS bono_sessions, (SELECT count(*) FROM gift_cards) AS gift_cards,
       (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM salon_exceptions) AS closures, (SELECT count(*) FROM employee_time_off) AS time_off,
       (SELECT count(*) FROM appointment_resources) AS resource_holds;
SELECT method, count(*), sum(amount) FROM payments GROUP BY method ORDER BY 2 DESC;
SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM payments p WHERE p.appointment_id = a.id)) / count(*), 1) AS completed_paid_pct
  FROM appointments a WHERE status = 'completed' AND NOT EXISTS (SELECT 1 FROM bono_sessions s WHERE s.appointment_id = a.id);
-- Bonos consistent with their sessions
SELECT count(*) AS bonos_inconsistent FROM bonos b WHERE sessions_held <> (SELECT count(*) FROM bono_sessions s WHERE s.bono_id = b.id AND s.state IN ('reserved', 'spent'));
