-- One row per scheduled backup moment: the instance whose insert succeeds takes the backup (modules/backup/backup.job.ts).
CREATE TABLE "backup_runs" (
	"slot" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"archive" text,
	"error" text
);
