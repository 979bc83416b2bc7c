-- Each instance keeps answers in memory (sessions, the companies list, the board, …) and drops
-- them when their tables change: every statement that writes one of these tables notifies the
-- channel `table_changes` with the table's name, delivered at commit to every listening connection
-- of every instance (src/db/table-changes.ts). A table read by a new cache gets its trigger here
-- (in a new migration). This replaces the version rows of 0004 and 0008, which every request read.
CREATE FUNCTION "notify_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('table_changes', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "users_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "businesses_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "business_services_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_services" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "services_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "service_states_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_states" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "service_months_active_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_months_active" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "monthly_states_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_states" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "business_groups_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_groups" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "business_group_members_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_group_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "email_log_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_log" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
DROP TRIGGER "businesses_board_version" ON "businesses";
--> statement-breakpoint
DROP TRIGGER "business_services_board_version" ON "business_services";
--> statement-breakpoint
DROP TRIGGER "services_board_version" ON "services";
--> statement-breakpoint
DROP TRIGGER "service_states_board_version" ON "service_states";
--> statement-breakpoint
DROP TRIGGER "service_months_active_board_version" ON "service_months_active";
--> statement-breakpoint
DROP TRIGGER "monthly_states_board_version" ON "monthly_states";
--> statement-breakpoint
DROP TRIGGER "businesses_list_version" ON "businesses";
--> statement-breakpoint
DROP FUNCTION "bump_board_version"();
--> statement-breakpoint
DROP FUNCTION "bump_list_version"();
--> statement-breakpoint
DROP TABLE "board_version";
--> statement-breakpoint
DROP TABLE "list_versions";
