CREATE TABLE "file_encryption_progress" (
	"id" integer PRIMARY KEY NOT NULL,
	"key_id" text,
	"cursor" text,
	"pass_started_at" timestamp with time zone,
	"encrypted" integer DEFAULT 0 NOT NULL,
	"rewrapped" integer DEFAULT 0 NOT NULL,
	"unreadable" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "file_encryption_progress_one_row" CHECK ("file_encryption_progress"."id" = 1)
);
