-- The to-review counts of document requests are kept in memory (GET /api/requests/to-review) and
-- dropped when a request, an item or a file (a client's upload) changes, on every instance.
CREATE TRIGGER "document_requests_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_requests" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "document_request_items_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_request_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "business_files_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_files" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
