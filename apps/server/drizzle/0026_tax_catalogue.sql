ALTER TABLE "businesses" ADD COLUMN "tax_regime" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "has_employees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "vat_deferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "due_day_shift" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "due_day_electronic_shift" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "catalogue_key" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_catalogue_key_unique" UNIQUE("catalogue_key");
