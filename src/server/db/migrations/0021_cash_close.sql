CREATE TABLE "cash_close_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"close_id" uuid NOT NULL,
	"source" text NOT NULL,
	"row_id" uuid NOT NULL,
	"by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_close_changes_source" CHECK ("cash_close_changes"."source" IN ('payments', 'payment_corrections', 'gift_cards', 'bonos', 'cash_movements'))
);
--> statement-breakpoint
CREATE TABLE "cash_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"opening_float" numeric(12, 2) NOT NULL,
	"cash_payments" numeric(12, 2) NOT NULL,
	"cash_sales" numeric(12, 2) NOT NULL,
	"cash_in" numeric(12, 2) NOT NULL,
	"cash_out" numeric(12, 2) NOT NULL,
	"expected" numeric(12, 2) NOT NULL,
	"counted" numeric(12, 2) NOT NULL,
	"difference" numeric(12, 2) NOT NULL,
	"count" jsonb,
	"difference_reason" text DEFAULT '' NOT NULL,
	"closed_by_user_id" text,
	"closed_by_name" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by_user_id" text,
	"reopened_by_name" text,
	"reopen_reason" text,
	CONSTRAINT "cash_closes_expected" CHECK ("cash_closes"."expected" = "cash_closes"."opening_float" + "cash_closes"."cash_payments" + "cash_closes"."cash_sales" + "cash_closes"."cash_in" - "cash_closes"."cash_out"),
	CONSTRAINT "cash_closes_difference" CHECK ("cash_closes"."difference" = "cash_closes"."counted" - "cash_closes"."expected" AND "cash_closes"."counted" >= 0),
	CONSTRAINT "cash_closes_reason" CHECK ("cash_closes"."difference" = 0 OR "cash_closes"."difference_reason" <> ''),
	CONSTRAINT "cash_closes_reopen" CHECK (("cash_closes"."reopened_at" IS NULL) = ("cash_closes"."reopen_reason" IS NULL) AND ("cash_closes"."reopened_at" IS NULL) = ("cash_closes"."reopened_by_name" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "cash_days" (
	"day" date PRIMARY KEY NOT NULL,
	"opening_float" numeric(12, 2) NOT NULL,
	"opened_by_user_id" text,
	"opened_by_name" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_days_float" CHECK ("cash_days"."opening_float" >= 0 AND "cash_days"."opening_float" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" text,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind" CHECK ("cash_movements"."kind" IN ('entrada', 'salida')),
	CONSTRAINT "cash_movements_amount" CHECK ("cash_movements"."amount" > 0 AND "cash_movements"."amount" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "payment_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"replacement_payment_id" uuid,
	"by_user_id" text,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_corrections_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "payment_corrections_replacement_payment_id_unique" UNIQUE("replacement_payment_id"),
	CONSTRAINT "payment_corrections_kind" CHECK ("payment_corrections"."kind" IN ('void', 'correction')),
	CONSTRAINT "payment_corrections_replacement" CHECK (("payment_corrections"."kind" = 'correction') = ("payment_corrections"."replacement_payment_id" IS NOT NULL) AND ("payment_corrections"."kind" = 'correction') = ("payment_corrections"."after" IS NOT NULL)),
	CONSTRAINT "payment_corrections_reason" CHECK ("payment_corrections"."reason" <> '')
);
--> statement-breakpoint
ALTER TABLE "cash_close_changes" ADD CONSTRAINT "cash_close_changes_close_id_cash_closes_id_fk" FOREIGN KEY ("close_id") REFERENCES "public"."cash_closes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_close_changes" ADD CONSTRAINT "cash_close_changes_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_day_cash_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."cash_days"("day") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_closed_by_user_id_user_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_reopened_by_user_id_user_id_fk" FOREIGN KEY ("reopened_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_days" ADD CONSTRAINT "cash_days_opened_by_user_id_user_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_corrections" ADD CONSTRAINT "payment_corrections_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_corrections" ADD CONSTRAINT "payment_corrections_replacement_payment_id_payments_id_fk" FOREIGN KEY ("replacement_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_corrections" ADD CONSTRAINT "payment_corrections_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_close_changes_close_idx" ON "cash_close_changes" USING btree ("close_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_closes_one_standing" ON "cash_closes" USING btree ("day") WHERE (reopened_at IS NULL);--> statement-breakpoint
CREATE INDEX "cash_closes_day_idx" ON "cash_closes" USING btree ("day","closed_at");--> statement-breakpoint
CREATE INDEX "cash_movements_created_idx" ON "cash_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_corrections_created_idx" ON "payment_corrections" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (docs/decisions/054-the-till-and-its-close.md): the lock of a salon day's till,
-- and the guard every write of a day's money passes through.
--
-- lock_till_day: writers of a day's money take it shared (they never wait for each other), the
-- close takes it exclusive: a close waits for the writes in flight to commit and reads them, and a
-- write that comes after waits for the close and then sees it. The key is the day's name.
CREATE FUNCTION "lock_till_day"(p_day date, p_exclusive boolean) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('auna:till:' || p_day::text, 0));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('auna:till:' || p_day::text, 0));
  END IF;
END $$;
--> statement-breakpoint
-- till_day_guard(<time column>, <who column>): before a row of a day's money is written, the day
-- (Europe/Madrid) of its time is locked shared and, when a close of it stands, only an admin may
-- write (CLOSED_DAY_ROLES in src/domain/cash-close.ts): anyone else is refused with AUT01, which
-- the API answers as a Spanish 409. The admin's write gets its audit line under that close. A
-- correction of a payment line belongs to the day of the line it corrects.
CREATE FUNCTION "till_day_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(NEW);
  v_when timestamptz := (r ->> TG_ARGV[0])::timestamptz;
  v_at timestamptz := v_when;
  v_day date;
  v_close uuid;
  v_by text := r ->> TG_ARGV[1];
BEGIN
  IF TG_TABLE_NAME = 'payment_corrections' THEN
    SELECT p.created_at INTO v_at FROM payments p WHERE p.id = (r ->> 'payment_id')::uuid;
  END IF;
  IF v_at IS NULL THEN
    RETURN NEW;
  END IF;
  v_day := (v_at AT TIME ZONE 'Europe/Madrid')::date;
  PERFORM lock_till_day(v_day, false);
  SELECT c.id INTO v_close FROM cash_closes c WHERE c.day = v_day AND c.reopened_at IS NULL;
  IF v_close IS NULL THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = v_by AND u.role IN ('admin')) THEN
    RAISE EXCEPTION 'the till of % is closed', v_day USING ERRCODE = 'AUT01';
  END IF;
  INSERT INTO cash_close_changes (close_id, source, row_id, by_user_id, created_at) VALUES (v_close, TG_TABLE_NAME, (r ->> 'id')::uuid, v_by, v_when);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_till_day" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "till_day_guard"('created_at', 'recorded_by_user_id');
--> statement-breakpoint
CREATE TRIGGER "gift_cards_till_day" BEFORE INSERT ON "gift_cards" FOR EACH ROW EXECUTE FUNCTION "till_day_guard"('created_at', 'sold_by_user_id');
--> statement-breakpoint
CREATE TRIGGER "bonos_till_day" BEFORE INSERT ON "bonos" FOR EACH ROW EXECUTE FUNCTION "till_day_guard"('sold_at', 'sold_by_user_id');
--> statement-breakpoint
CREATE TRIGGER "cash_movements_till_day" BEFORE INSERT ON "cash_movements" FOR EACH ROW EXECUTE FUNCTION "till_day_guard"('created_at', 'by_user_id');
--> statement-breakpoint
CREATE TRIGGER "payment_corrections_till_day" BEFORE INSERT ON "payment_corrections" FOR EACH ROW EXECUTE FUNCTION "till_day_guard"('created_at', 'by_user_id');
