CREATE TABLE "message_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"filed_year" smallint,
	"filed_month" smallint,
	"filed_folder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"side" text NOT NULL,
	"last_read_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"notify_after_minutes" integer DEFAULT 15 NOT NULL,
	CONSTRAINT "message_settings_one_row" CHECK ("message_settings"."id" = 1),
	CONSTRAINT "message_settings_minutes_check" CHECK ("message_settings"."notify_after_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"last_message_id" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_client_id" integer DEFAULT 0 NOT NULL,
	"last_firm_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"side" text NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"notice" boolean,
	CONSTRAINT "messages_deleted_body_check" CHECK ("messages"."deleted_at" is null or "messages"."body" = '')
);
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_reads_business_idx" ON "message_reads" USING btree ("business_id","side","last_read_id");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "messages_side_idx" ON "messages" USING btree ("business_id","side","id");--> statement-breakpoint
CREATE INDEX "messages_notice_due_idx" ON "messages" USING btree ("created_at") WHERE "messages"."notified_at" is null and "messages"."side" <> 'system';