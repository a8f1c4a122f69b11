CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_status" CHECK ("backup_runs"."status" IN ('ok', 'failed', 'copy_failed')),
	CONSTRAINT "backup_runs_trigger" CHECK ("backup_runs"."trigger" IN ('nightly', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "instance_identity" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret_check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_identity_one_row" CHECK ("instance_identity"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("finished_at");