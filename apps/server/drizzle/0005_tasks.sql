CREATE TABLE "business_in_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"start_date" date NOT NULL,
	CONSTRAINT "business_in_task_unique" UNIQUE("task_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "task_state_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"value" text,
	"user_id" integer,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"state" text NOT NULL,
	"value" text,
	"updated_by" integer,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_states_cell_unique" UNIQUE("task_id","business_id","year","month"),
	CONSTRAINT "task_states_state_check" CHECK (state in ('No comenzado', 'En proceso', 'Terminado'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"responsable_id" integer NOT NULL,
	"expiration_date" smallint NOT NULL,
	"show_in_summary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_in_task" ADD CONSTRAINT "business_in_task_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_in_task" ADD CONSTRAINT "business_in_task_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_state_history" ADD CONSTRAINT "task_state_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_state_history" ADD CONSTRAINT "task_state_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_state_history" ADD CONSTRAINT "task_state_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_responsable_id_users_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_state_history_cell_idx" ON "task_state_history" USING btree ("task_id","business_id","year","month");--> statement-breakpoint
CREATE INDEX "task_states_period_idx" ON "task_states" USING btree ("year","month");