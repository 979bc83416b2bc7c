CREATE TABLE "approval_reminders" (
	"approval_id" integer NOT NULL,
	"number" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_log_id" integer,
	CONSTRAINT "approval_reminders_approval_id_number_pk" PRIMARY KEY("approval_id","number")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"file_id" integer,
	"storage_key" text,
	"source" text NOT NULL,
	"document_name" text NOT NULL,
	"document_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reminder_days" smallint DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" integer,
	"answered_by_name" text,
	"answered_by_email" text,
	"answered_at" timestamp with time zone,
	"answer_ip" text,
	"answer_user_agent" text,
	"comment" text,
	"cancelled_by" integer,
	"cancelled_by_name" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "approvals_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "approvals_sha256_check" CHECK ("approvals"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "approvals_reminder_days_check" CHECK ("approvals"."reminder_days" between 1 and 30),
	CONSTRAINT "approvals_source_check" CHECK (("approvals"."source" = 'upload' and "approvals"."storage_key" is not null) or ("approvals"."source" = 'file' and "approvals"."storage_key" is null)),
	CONSTRAINT "approvals_answer_check" CHECK (("approvals"."status" in ('approved', 'rejected')) = ("approvals"."answered_at" is not null and "approvals"."answered_by_name" is not null)),
	CONSTRAINT "approvals_reject_comment_check" CHECK ("approvals"."status" <> 'rejected' or coalesce(length(trim("approvals"."comment")), 0) > 0),
	CONSTRAINT "approvals_cancel_check" CHECK (("approvals"."status" = 'cancelled') = ("approvals"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "approval_reminders" ADD CONSTRAINT "approval_reminders_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_file_id_business_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."business_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_business_idx" ON "approvals" USING btree ("business_id","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approvals_file_idx" ON "approvals" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_per_file_idx" ON "approvals" USING btree ("file_id") WHERE "approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approvals_pending_idx" ON "approvals" USING btree ("requested_at") WHERE "approvals"."status" = 'pending';