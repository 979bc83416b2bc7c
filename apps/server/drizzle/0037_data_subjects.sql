-- 'Buscar titular': text folded to lower case without accents or 'ñ', the same for an index and its
-- query (lib/subject-search.ts builds both). Immutable, so GIN indexes of full-text vectors can use it.
CREATE FUNCTION "subject_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT translate(lower(value), 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝý', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyy')
$$;
--> statement-breakpoint
CREATE TABLE "subject_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"suppressed_by" integer,
	"suppressed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"searched_by" text NOT NULL,
	"removed" jsonb NOT NULL,
	"kept" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_files" ADD COLUMN "retention_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subject_suppressions" ADD CONSTRAINT "subject_suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_suppressions" ADD CONSTRAINT "subject_suppressions_suppressed_by_users_id_fk" FOREIGN KEY ("suppressed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_subject_search_idx" ON "businesses" USING gin (to_tsvector('simple'::regconfig, subject_fold(coalesce("contact", '') || ' ' || coalesce("legal_representative", ''))));--> statement-breakpoint
CREATE INDEX "business_files_uploaded_by_idx" ON "business_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "email_log_sent_by_idx" ON "email_log" USING btree ("sent_by");--> statement-breakpoint
CREATE INDEX "email_log_subject_search_idx" ON "email_log" USING gin (to_tsvector('simple'::regconfig, subject_fold(coalesce("emails", '') || ' ' || coalesce("subject", '') || ' ' || coalesce("content", ''))));--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "messages_subject_search_idx" ON "messages" USING gin (to_tsvector('simple'::regconfig, subject_fold(coalesce("author_name", '') || ' ' || coalesce("body", ''))));--> statement-breakpoint
CREATE INDEX "notes_subject_search_idx" ON "notes" USING gin (to_tsvector('simple'::regconfig, subject_fold("description")));--> statement-breakpoint
CREATE INDEX "users_subject_search_idx" ON "users" USING gin (to_tsvector('simple'::regconfig, subject_fold(coalesce("name", '') || ' ' || coalesce("last_name", ''))));--> statement-breakpoint
CREATE INDEX "activity_subject_search_idx" ON "activity" USING gin (to_tsvector('simple'::regconfig, subject_fold(coalesce("actor_name", '') || ' ' || coalesce("record_label", '') || ' ' || coalesce("details"::text, ''))));
--> statement-breakpoint
-- The activity log stays append-only with two ways out, each only inside a transaction that names
-- it in a transaction-local setting:
-- * a purge ('Depurar' in 'Protección de datos') deletes only entries held by a completed archive
--   (before its day, up to its last id) named in app.activity_purge_archive;
-- * a suppression ('Suprimir') with app.activity_pseudonymise on replaces a person's name, e-mail and
--   RUT by their pseudonym: only the names and details change; when, who (by id), from where, what
--   and which record stay as written.
-- Anything else, a TRUNCATE included, is refused.
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
	IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' AND coalesce(current_setting('app.activity_pseudonymise', true), '') = 'on' THEN
		IF NEW.id = OLD.id AND NEW.at = OLD.at
			AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
			AND NEW.ip IS NOT DISTINCT FROM OLD.ip
			AND NEW.kind = OLD.kind AND NEW.action = OLD.action
			AND NEW.record_id IS NOT DISTINCT FROM OLD.record_id
			AND NEW.business_id IS NOT DISTINCT FROM OLD.business_id
			AND NEW.business_name IS NOT DISTINCT FROM OLD.business_name THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'El registro de actividad no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END;
$$;
