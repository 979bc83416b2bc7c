CREATE TABLE "service_notification_sends" (
	"notification_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_notification_sends_notification_id_business_id_year_month_pk" PRIMARY KEY("notification_id","business_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "service_notification_sends" ADD CONSTRAINT "service_notification_sends_notification_id_service_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."service_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notification_sends" ADD CONSTRAINT "service_notification_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;