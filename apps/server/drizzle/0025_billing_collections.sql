-- Collections: a statement line whose payment was reversed may be matched again (the line's unique
-- payment counts only payments not reversed), and an ignored line keeps why it was set aside.
DROP INDEX "billing_payments_cartola_line_idx";--> statement-breakpoint
ALTER TABLE "billing_cartola_lines" ADD COLUMN "ignore_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_cartola_line_idx" ON "billing_payments" USING btree ("cartola_line_id") WHERE "billing_payments"."status" <> 'reversed';
