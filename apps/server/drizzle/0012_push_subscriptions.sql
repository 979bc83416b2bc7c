CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- The one subscription each user had becomes that user's first row.
INSERT INTO "push_subscriptions" ("user_id", "endpoint", "p256dh", "auth")
SELECT "id", "notification_token"->>'endpoint', "notification_token"->'keys'->>'p256dh', "notification_token"->'keys'->>'auth'
FROM "users"
WHERE "notification_token"->>'endpoint' IS NOT NULL
  AND "notification_token"->'keys'->>'p256dh' IS NOT NULL
  AND "notification_token"->'keys'->>'auth' IS NOT NULL
ON CONFLICT ("endpoint") DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notification_token";