-- One number that moves whenever anything the monthly board shows changes, in any instance:
-- the board's cache is valid while it still reads the version it was built at.
CREATE TABLE "board_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "board_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "board_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
--> statement-breakpoint
CREATE TRIGGER "business_services_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_services" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
--> statement-breakpoint
CREATE TRIGGER "services_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
--> statement-breakpoint
CREATE TRIGGER "service_states_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_states" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
--> statement-breakpoint
CREATE TRIGGER "service_months_active_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_months_active" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
--> statement-breakpoint
CREATE TRIGGER "monthly_states_board_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_states" FOR EACH STATEMENT EXECUTE FUNCTION "bump_board_version"();
