ALTER TABLE "businesses" ADD COLUMN "electronic_filing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "responsible_user_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "due_day" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "due_day_electronic" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_responsible_user_id_idx" ON "businesses" USING btree ("responsible_user_id");--> statement-breakpoint
-- A company's owner ('Encargado') is staff: a user made a client stops owning companies, in the same
-- statement (deleting the user does the same through the foreign key's ON DELETE SET NULL).
CREATE FUNCTION "businesses_drop_client_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "businesses" SET "responsible_user_id" = NULL WHERE "responsible_user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_client_drops_businesses" AFTER UPDATE OF "role" ON "users" FOR EACH ROW
  WHEN (NEW."role" = 'client' AND OLD."role" <> 'client') EXECUTE FUNCTION "businesses_drop_client_owner"();
