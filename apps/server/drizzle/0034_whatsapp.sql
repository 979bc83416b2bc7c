CREATE TABLE "whatsapp_channel" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"refused_fingerprint" text,
	"refused_reason" text,
	"refused_at" timestamp with time zone,
	CONSTRAINT "whatsapp_channel_one_row" CHECK ("whatsapp_channel"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"phone" text,
	"opted_in" boolean DEFAULT false NOT NULL,
	"opt_in_changed_at" timestamp with time zone,
	"opt_in_changed_by" integer,
	"opt_in_changed_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_phone_check" CHECK ("whatsapp_contacts"."phone" ~ '^\+569[0-9]{8}$'),
	CONSTRAINT "whatsapp_contacts_opt_in_phone" CHECK (not "whatsapp_contacts"."opted_in" or "whatsapp_contacts"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"business_id" integer NOT NULL,
	"phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"reason" text,
	"error_code" integer,
	"wa_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_outbox_sent_check" CHECK ("whatsapp_outbox"."status" <> 'sent' or "whatsapp_outbox"."wa_message_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_opt_in_changed_by_users_id_fk" FOREIGN KEY ("opt_in_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_notice_key" ON "whatsapp_outbox" USING btree ("kind","subject_id","number");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due_idx" ON "whatsapp_outbox" USING btree ("next_attempt_at") WHERE "whatsapp_outbox"."status" in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_created_idx" ON "whatsapp_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_business_idx" ON "whatsapp_outbox" USING btree ("business_id");