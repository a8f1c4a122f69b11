-- Calendar feed tokens are kept as their SHA-256 (hex), never as the token itself (ADR 032): the
-- token is the whole key to a professional's appointments, and a copy of the database or a
-- backup must not open every feed. Existing tokens are hashed in place with PostgreSQL's built-in
-- sha256() (no pgcrypto needed), so the URLs already in people's calendars keep working.
ALTER TABLE "calendar_feeds" RENAME COLUMN "token" TO "token_hash";
--> statement-breakpoint
UPDATE "calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');
--> statement-breakpoint
ALTER TABLE "calendar_feeds" RENAME CONSTRAINT "calendar_feeds_token_key" TO "calendar_feeds_token_hash_unique";
