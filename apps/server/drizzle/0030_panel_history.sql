CREATE INDEX "monthly_state_history_period_idx" ON "monthly_state_history" USING btree ("year","month");--> statement-breakpoint
-- The panel's punctuality counts read when each board cell reached its state from its history: kept in memory and dropped when that history changes, on every instance.
CREATE TRIGGER "monthly_state_history_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_state_history" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
