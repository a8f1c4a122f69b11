-- Exceptions to the weekly pattern (docs/decisions/023). Dates are salon calendar days,
-- ranges inclusive; times are salon wall-clock 'HH:mm' (a part of each day of the range).
CREATE TABLE "salon_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salon_exceptions_kind" CHECK ("kind" IN ('closed', 'special_hours')),
	CONSTRAINT "salon_exceptions_range" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "salon_exceptions_times" CHECK (("kind" = 'closed' AND "start_time" IS NULL AND "end_time" IS NULL) OR ("kind" = 'special_hours' AND "start_time" IS NOT NULL AND "end_time" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "salon_exceptions_end_idx" ON "salon_exceptions" ("end_date", "start_date");
--> statement-breakpoint
CREATE TABLE "employee_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL REFERENCES "employees"("id") ON DELETE CASCADE,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_time_off_range" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "employee_time_off_times" CHECK (("start_time" IS NULL) = ("end_time" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "employee_time_off_employee_end_idx" ON "employee_time_off" ("employee_id", "end_date");
