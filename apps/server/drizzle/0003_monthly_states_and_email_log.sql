CREATE TABLE "email_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer,
	"subject" text NOT NULL,
	"emails" text NOT NULL,
	"content" text NOT NULL,
	"ok" boolean NOT NULL,
	"provider_response" text NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_state_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"from_state_id" integer,
	"to_state_id" integer,
	"value" bigint,
	"user_id" integer,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"state_id" integer NOT NULL,
	"value" bigint,
	"updated_by" integer,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_states_cell_unique" UNIQUE("business_id","service_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_state_history" ADD CONSTRAINT "monthly_state_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_state_history" ADD CONSTRAINT "monthly_state_history_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_state_history" ADD CONSTRAINT "monthly_state_history_from_state_id_service_states_id_fk" FOREIGN KEY ("from_state_id") REFERENCES "public"."service_states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_state_history" ADD CONSTRAINT "monthly_state_history_to_state_id_service_states_id_fk" FOREIGN KEY ("to_state_id") REFERENCES "public"."service_states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_state_history" ADD CONSTRAINT "monthly_state_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_states" ADD CONSTRAINT "monthly_states_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_states" ADD CONSTRAINT "monthly_states_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_states" ADD CONSTRAINT "monthly_states_state_id_service_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."service_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_states" ADD CONSTRAINT "monthly_states_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_log_business_created_idx" ON "email_log" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "monthly_state_history_cell_idx" ON "monthly_state_history" USING btree ("business_id","service_id","year","month");--> statement-breakpoint
CREATE INDEX "monthly_states_period_idx" ON "monthly_states" USING btree ("year","month");