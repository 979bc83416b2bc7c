CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"user_id" integer NOT NULL,
	"reminder" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_user_id_index" ON "notes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notes_pending_reminder_index" ON "notes" USING btree ("reminder") WHERE "notes"."reminder_sent_at" is null;