-- Numbers that move whenever a list's table changes, in any instance: a list built from a table
-- (the companies list) is valid while its number still reads what it was built at.
CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY,
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "list_versions" ("name") VALUES ('businesses');
--> statement-breakpoint
CREATE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"('businesses');
