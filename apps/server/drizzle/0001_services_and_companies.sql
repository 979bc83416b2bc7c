CREATE TABLE "business_group_members" (
	"group_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	CONSTRAINT "business_group_members_group_id_business_id_pk" PRIMARY KEY("group_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "business_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_passwords" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user" text NOT NULL,
	"portal" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"start_date" date NOT NULL,
	CONSTRAINT "business_services_business_service_unique" UNIQUE("business_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"razon_social" text NOT NULL,
	"rut" text NOT NULL,
	"start_contract" date NOT NULL,
	"end_contract" date,
	"legal_representative" text NOT NULL,
	"contact" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_rut_unique" UNIQUE("rut")
);
--> statement-breakpoint
CREATE TABLE "service_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"parent_folder_id" integer,
	"name" varchar(255) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_months_active" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"jan" boolean DEFAULT true NOT NULL,
	"feb" boolean DEFAULT true NOT NULL,
	"mar" boolean DEFAULT true NOT NULL,
	"apr" boolean DEFAULT true NOT NULL,
	"may" boolean DEFAULT true NOT NULL,
	"jun" boolean DEFAULT true NOT NULL,
	"jul" boolean DEFAULT true NOT NULL,
	"aug" boolean DEFAULT true NOT NULL,
	"sep" boolean DEFAULT true NOT NULL,
	"oct" boolean DEFAULT true NOT NULL,
	"nov" boolean DEFAULT true NOT NULL,
	"dec" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"day" integer NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"pct_progress" integer DEFAULT 0 NOT NULL,
	"has_value" boolean DEFAULT false NOT NULL,
	"show_resume" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_month_day" integer NOT NULL,
	"last_month_day" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_group_members" ADD CONSTRAINT "business_group_members_group_id_business_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."business_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_group_members" ADD CONSTRAINT "business_group_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_passwords" ADD CONSTRAINT "business_passwords_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_services" ADD CONSTRAINT "business_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_services" ADD CONSTRAINT "business_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_folders" ADD CONSTRAINT "service_folders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_folders" ADD CONSTRAINT "service_folders_parent_folder_id_service_folders_id_fk" FOREIGN KEY ("parent_folder_id") REFERENCES "public"."service_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_months_active" ADD CONSTRAINT "service_months_active_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notifications" ADD CONSTRAINT "service_notifications_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_states" ADD CONSTRAINT "service_states_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;