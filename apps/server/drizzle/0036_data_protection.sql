CREATE TABLE "data_protection_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"activity_retention_years" smallint,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_protection_settings_single_row" CHECK ("data_protection_settings"."id" = 1),
	CONSTRAINT "data_protection_settings_years_check" CHECK ("data_protection_settings"."activity_retention_years" is null or "data_protection_settings"."activity_retention_years" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"set_by_id" integer,
	"set_by_name" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notice_acks" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "privacy_notice_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"published_by_id" integer,
	"published_by_name" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_notice_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "retention_proposal_files" (
	"proposal_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"service_folder_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"folder_name" text NOT NULL,
	"retention_years" smallint NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"outcome_reason" text,
	CONSTRAINT "retention_proposal_files_proposal_id_file_id_pk" PRIMARY KEY("proposal_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "retention_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"scheduled_year" smallint,
	"status" text DEFAULT 'open' NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by_id" integer,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "retention_proposals_scheduled_check" CHECK (("retention_proposals"."source" = 'scheduled') = ("retention_proposals"."scheduled_year" is not null))
);
--> statement-breakpoint
CREATE TABLE "rights_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_rut" text,
	"received_on" date NOT NULL,
	"channel" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"temporary_block" boolean DEFAULT false NOT NULL,
	"temporary_block_due_on" date,
	"first_due_on" date NOT NULL,
	"due_on" date NOT NULL,
	"extended_at" timestamp with time zone,
	"extension_reason" text,
	"status" text DEFAULT 'received' NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"answered_on" date,
	"handled_by_id" integer,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rights_requests_extension_check" CHECK (("rights_requests"."extended_at" is null) = ("rights_requests"."due_on" = "rights_requests"."first_due_on")),
	CONSTRAINT "rights_requests_extended_check" CHECK ("rights_requests"."status" <> 'extended' or "rights_requests"."extended_at" is not null),
	CONSTRAINT "rights_requests_answer_check" CHECK ("rights_requests"."status" not in ('answered', 'rejected') or ("rights_requests"."answered_on" is not null and length("rights_requests"."answer_text") > 0)),
	CONSTRAINT "rights_requests_block_check" CHECK ("rights_requests"."temporary_block" = ("rights_requests"."temporary_block_due_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "security_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"data_categories" text[] NOT NULL,
	"people_affected" integer,
	"measures" text DEFAULT '' NOT NULL,
	"agency_notified_on" date,
	"agency_notice_how" text DEFAULT '' NOT NULL,
	"people_notified_on" date,
	"people_notice_how" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"recorded_by_id" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_incidents_people_check" CHECK ("security_incidents"."people_affected" is null or "security_incidents"."people_affected" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"kept_from" text NOT NULL,
	"before_at" timestamp with time zone NOT NULL,
	"max_id" bigint NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"made_by_id" integer,
	"made_by_name" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"purged_rows" integer,
	CONSTRAINT "activity_archives_purge_check" CHECK ("activity_archives"."purged_at" is null or "activity_archives"."completed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "service_folders" ADD COLUMN "retention_years" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_protection_settings" ADD CONSTRAINT "data_protection_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_acks" ADD CONSTRAINT "privacy_notice_acks_version_id_privacy_notice_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."privacy_notice_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_acks" ADD CONSTRAINT "privacy_notice_acks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_proposal_files" ADD CONSTRAINT "retention_proposal_files_proposal_id_retention_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."retention_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_proposals" ADD CONSTRAINT "retention_proposals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_proposals" ADD CONSTRAINT "retention_proposals_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_incidents" ADD CONSTRAINT "security_incidents_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_notice_acks_user_version_idx" ON "privacy_notice_acks" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_proposals_scheduled_year_idx" ON "retention_proposals" USING btree ("scheduled_year") WHERE "retention_proposals"."source" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "retention_proposals_one_open_idx" ON "retention_proposals" USING btree ("status") WHERE "retention_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rights_requests_open_idx" ON "rights_requests" USING btree ("due_on") WHERE "rights_requests"."status" not in ('answered', 'rejected');--> statement-breakpoint
CREATE INDEX "rights_requests_received_idx" ON "rights_requests" USING btree ("received_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_incidents_detected_idx" ON "security_incidents" USING btree ("detected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The activity log stays append-only, with one way out: a purge ('Depurar' in 'Protección de datos')
-- names, in a transaction-local setting, a completed archive of the entries it removes, and only
-- entries that archive holds (before its day, up to its last id) may be deleted. Anything else, an
-- UPDATE or a TRUNCATE included, is refused as before.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	archive_id integer;
BEGIN
	IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' THEN
		archive_id := nullif(current_setting('app.activity_purge_archive', true), '')::integer;
		IF archive_id IS NOT NULL AND EXISTS (
			SELECT 1 FROM "activity_archives" AS archive
			 WHERE archive.id = archive_id
			   AND archive.completed_at IS NOT NULL
			   AND archive.purged_at IS NULL
			   AND OLD.at < archive.before_at
			   AND OLD.id <= archive.max_id
		) THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'El registro de actividad no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END;
$$;
