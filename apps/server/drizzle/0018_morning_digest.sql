CREATE TABLE "digest_sends" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "digest_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "morning_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;