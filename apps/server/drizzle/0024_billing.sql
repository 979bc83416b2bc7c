-- The firm's own billing ('Honorarios y cobranza'): fee terms with their history, extra charges, UF
-- values, the charges generated each month (unique by generation key), payments and allocations, bank
-- statement lines, the firm's billing settings, per-company flags and the reminders' send-once claims.
CREATE TABLE "billing_business_flags" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"reminders_stopped" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cartola_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"rut" text,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"dedupe_key" text NOT NULL,
	"imported_by" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"period_year" smallint NOT NULL,
	"period_month" smallint NOT NULL,
	"source" text NOT NULL,
	"extra_charge_id" integer,
	"fee_terms_id" integer,
	"generation_key" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"document_type" text NOT NULL,
	"uf_amount" bigint,
	"uf_value_hundredths" integer,
	"uf_date" date,
	"net" bigint,
	"tax_kind" text NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax_amount" bigint,
	"total" bigint,
	"contacts" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"dte_type" text,
	"folio" bigint,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_charges_status_check" CHECK ("status" in ('waiting_uf', 'draft', 'issued', 'void')),
	CONSTRAINT "billing_charges_amounts_check" CHECK ("billing_charges"."status" = 'waiting_uf' or ("billing_charges"."net" is not null and "billing_charges"."total" is not null))
);
--> statement-breakpoint
CREATE TABLE "billing_extra_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"document_type" text NOT NULL,
	"recurrence" text NOT NULL,
	"once_month" date,
	"month_of_year" smallint,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_extra_charges_schedule_check" CHECK (("billing_extra_charges"."recurrence" = 'once' and "billing_extra_charges"."once_month" is not null) or ("billing_extra_charges"."recurrence" = 'yearly' and "billing_extra_charges"."month_of_year" between 1 and 12)),
	CONSTRAINT "billing_extra_charges_amount_check" CHECK ("billing_extra_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_fee_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"document_type" text NOT NULL,
	"billing_day" smallint NOT NULL,
	"payment_term_days" smallint NOT NULL,
	"contacts" text DEFAULT '' NOT NULL,
	"to_month" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_fee_terms_currency_check" CHECK ("currency" in ('CLP', 'UF')),
	CONSTRAINT "billing_fee_terms_document_type_check" CHECK ("document_type" in ('factura_afecta', 'factura_exenta', 'boleta_honorarios')),
	CONSTRAINT "billing_fee_terms_billing_day_check" CHECK ("billing_fee_terms"."billing_day" between 1 and 28),
	CONSTRAINT "billing_fee_terms_amount_check" CHECK ("billing_fee_terms"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payment_allocations" (
	"payment_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payment_allocations_payment_id_charge_id_pk" PRIMARY KEY("payment_id","charge_id"),
	CONSTRAINT "billing_payment_allocations_amount_check" CHECK ("billing_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"reversal_reason" text,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"receipt_file_key" text,
	"cartola_line_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_reminder_sends" (
	"charge_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"email_log_id" integer,
	CONSTRAINT "billing_reminder_sends_charge_id_step_pk" PRIMARY KEY("charge_id","step")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account_type" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"holder" text DEFAULT '' NOT NULL,
	"rut" text DEFAULT '' NOT NULL,
	"receipt_email" text DEFAULT '' NOT NULL,
	"reminder_offsets" jsonb DEFAULT '[-3,0,7,15]'::jsonb NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "uf_values" (
	"date" date PRIMARY KEY NOT NULL,
	"value_hundredths" integer NOT NULL,
	"source" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uf_values_positive_check" CHECK ("uf_values"."value_hundredths" > 0)
);
--> statement-breakpoint
ALTER TABLE "billing_business_flags" ADD CONSTRAINT "billing_business_flags_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_business_flags" ADD CONSTRAINT "billing_business_flags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cartola_lines" ADD CONSTRAINT "billing_cartola_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_extra_charge_id_billing_extra_charges_id_fk" FOREIGN KEY ("extra_charge_id") REFERENCES "public"."billing_extra_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_fee_terms_id_billing_fee_terms_id_fk" FOREIGN KEY ("fee_terms_id") REFERENCES "public"."billing_fee_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_extra_charges" ADD CONSTRAINT "billing_extra_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_extra_charges" ADD CONSTRAINT "billing_extra_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_fee_terms" ADD CONSTRAINT "billing_fee_terms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_fee_terms" ADD CONSTRAINT "billing_fee_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_charge_id_billing_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."billing_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_cartola_line_id_billing_cartola_lines_id_fk" FOREIGN KEY ("cartola_line_id") REFERENCES "public"."billing_cartola_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_reminder_sends" ADD CONSTRAINT "billing_reminder_sends_charge_id_billing_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."billing_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uf_values" ADD CONSTRAINT "uf_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cartola_lines_dedupe_idx" ON "billing_cartola_lines" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "billing_cartola_lines_status_idx" ON "billing_cartola_lines" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_generation_key_idx" ON "billing_charges" USING btree ("generation_key");--> statement-breakpoint
CREATE INDEX "billing_charges_period_idx" ON "billing_charges" USING btree ("period_year","period_month");--> statement-breakpoint
CREATE INDEX "billing_charges_business_idx" ON "billing_charges" USING btree ("business_id","issue_date");--> statement-breakpoint
CREATE INDEX "billing_charges_waiting_uf_idx" ON "billing_charges" USING btree ("uf_date") WHERE "billing_charges"."status" = 'waiting_uf';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_folio_idx" ON "billing_charges" USING btree ("dte_type","folio") WHERE "billing_charges"."folio" is not null;--> statement-breakpoint
CREATE INDEX "billing_extra_charges_business_idx" ON "billing_extra_charges" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "billing_fee_terms_business_idx" ON "billing_fee_terms" USING btree ("business_id","effective_from","id");--> statement-breakpoint
CREATE INDEX "billing_payment_allocations_charge_idx" ON "billing_payment_allocations" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "billing_payments_business_idx" ON "billing_payments" USING btree ("business_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_cartola_line_idx" ON "billing_payments" USING btree ("cartola_line_id");
--> statement-breakpoint
-- The billing lists (a month's charges, the aging list, a company's statement) may be kept in memory:
-- every instance hears when these tables change.
CREATE TRIGGER "billing_fee_terms_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_fee_terms" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_extra_charges_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_extra_charges" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "uf_values_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "uf_values" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_charges_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_charges" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_payments_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_payment_allocations_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_payment_allocations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_business_flags_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_business_flags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "billing_settings_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
