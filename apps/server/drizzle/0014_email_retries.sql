CREATE TABLE "email_retries" (
	"email_log_id" integer PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"reply_to" text
);
--> statement-breakpoint
ALTER TABLE "email_retries" ADD CONSTRAINT "email_retries_email_log_id_email_log_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_retries_next_attempt_idx" ON "email_retries" USING btree ("next_attempt_at");