CREATE TABLE "calendar_feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tax_year_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"tax_year" smallint NOT NULL,
	"date" date NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"source" text,
	"note" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_year_dates_key_year_unique" UNIQUE("key","tax_year")
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_year_dates" ADD CONSTRAINT "tax_year_dates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The firm's annual dates are kept in memory (the boards' due dates of annual services) and dropped when they change, on every instance.
CREATE TRIGGER "tax_year_dates_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_year_dates" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
