CREATE TABLE "firm_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"rut" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"monthly_report_day" smallint,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_identity_single_row" CHECK ("firm_identity"."id" = 1),
	CONSTRAINT "firm_identity_report_day" CHECK ("firm_identity"."monthly_report_day" between 1 and 28),
	CONSTRAINT "firm_identity_logo_type" CHECK (("firm_identity"."logo" is null) = ("firm_identity"."logo_type" is null))
);
--> statement-breakpoint
CREATE TABLE "monthly_report_sends" (
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"outcome" text,
	"email_log_id" integer,
	CONSTRAINT "monthly_report_sends_business_id_year_month_pk" PRIMARY KEY("business_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "firm_identity" ADD CONSTRAINT "firm_identity_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_sends" ADD CONSTRAINT "monthly_report_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;