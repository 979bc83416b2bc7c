CREATE TABLE "firm_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_holidays_date_unique" UNIQUE("date")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "tracking_since" text;
--> statement-breakpoint
-- The firm's calendar of business days is kept in memory and dropped when its extra holidays change, on every instance.
CREATE TRIGGER "firm_holidays_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firm_holidays" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
