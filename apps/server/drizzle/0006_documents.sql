CREATE TABLE "business_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "business_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"service_folder_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	CONSTRAINT "business_folders_unique" UNIQUE("business_id","service_folder_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "file_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"via" text NOT NULL,
	"issued_to" integer,
	"issued_to_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_files" ADD CONSTRAINT "business_files_business_folder_id_business_folders_id_fk" FOREIGN KEY ("business_folder_id") REFERENCES "public"."business_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_files" ADD CONSTRAINT "business_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folders" ADD CONSTRAINT "business_folders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_folders" ADD CONSTRAINT "business_folders_service_folder_id_service_folders_id_fk" FOREIGN KEY ("service_folder_id") REFERENCES "public"."service_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_file_id_business_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."business_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_issued_to_users_id_fk" FOREIGN KEY ("issued_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_files_folder_idx" ON "business_files" USING btree ("business_folder_id");--> statement-breakpoint
CREATE INDEX "file_downloads_file_idx" ON "file_downloads" USING btree ("file_id");--> statement-breakpoint
-- Whatever removes a file row (its own delete, or a company, service, template or folder deleted
-- above it), the stored bytes are queued for removal in the same transaction.
CREATE FUNCTION "queue_file_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "file_removals" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "business_files_queue_removal" AFTER DELETE ON "business_files" FOR EACH ROW EXECUTE FUNCTION "queue_file_removal"();
