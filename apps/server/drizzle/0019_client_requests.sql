CREATE TABLE "document_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"name" text NOT NULL,
	"service_folder_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"service_id" integer,
	"template_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_template_period" UNIQUE("template_id","business_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "request_reminder_sends" (
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_reminder_sends_request_id_kind_pk" PRIMARY KEY("request_id","kind")
);
--> statement-breakpoint
CREATE TABLE "request_template_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"name" text NOT NULL,
	"service_folder_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_template_sends" (
	"template_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_template_sends_template_id_year_month_pk" PRIMARY KEY("template_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "request_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"title" text NOT NULL,
	"due_day" integer NOT NULL,
	"send_day" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_files" ADD COLUMN "content_type" text DEFAULT 'application/pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_files" ADD COLUMN "from_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_files" ADD COLUMN "request_item_id" integer;--> statement-breakpoint
ALTER TABLE "service_folders" ADD COLUMN "client_can_upload" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_request_items" ADD CONSTRAINT "document_request_items_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_items" ADD CONSTRAINT "document_request_items_service_folder_id_service_folders_id_fk" FOREIGN KEY ("service_folder_id") REFERENCES "public"."service_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_items" ADD CONSTRAINT "document_request_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminder_sends" ADD CONSTRAINT "request_reminder_sends_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_items" ADD CONSTRAINT "request_template_items_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_items" ADD CONSTRAINT "request_template_items_service_folder_id_service_folders_id_fk" FOREIGN KEY ("service_folder_id") REFERENCES "public"."service_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_sends" ADD CONSTRAINT "request_template_sends_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_request_items_request_idx" ON "document_request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "document_requests_period_idx" ON "document_requests" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "document_requests_business_idx" ON "document_requests" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "request_template_items_template_idx" ON "request_template_items" USING btree ("template_id");--> statement-breakpoint
ALTER TABLE "business_files" ADD CONSTRAINT "business_files_request_item_id_document_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."document_request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_files_request_item_idx" ON "business_files" USING btree ("request_item_id");