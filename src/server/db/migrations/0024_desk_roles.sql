ALTER TABLE "consent_access_log" DROP CONSTRAINT "consent_access_log_kind";--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "account_role" text DEFAULT 'employee' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_account_role_known" CHECK ("employees"."account_role" IN ('employee', 'receptionist'));--> statement-breakpoint
ALTER TABLE "consent_access_log" ADD CONSTRAINT "consent_access_log_kind" CHECK ("consent_access_log"."viewer_kind" IN ('admin', 'employee', 'receptionist', 'client'));