-- The search cache's signal (features/search/match-cache.ts, ADR 036): every write that changes what a
-- search matches, how it ranks or what its answer shows bumps one counter and tells every instance at
-- commit. Whether the viewer may open a row is never cached (it is read with each answer), so writes that
-- only change visibility (states, windows, audiences, memberships) need no signal. A sequence, not a row:
-- nextval takes no lock, so concurrent writers never wait on each other for it.
-- Only real changes signal: inserts and deletes of at least one row (a statement that touched none, such
-- as a sign-in's "insert ... on conflict do nothing" into user_groups, is silent), and updates whose
-- searched or shown values differ (a sign-in sets a person's names on every login, mostly unchanged).
CREATE SEQUENCE "search_changes";
--> statement-breakpoint
CREATE FUNCTION search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_changes');
  -- The event bus's channel and message shape (platform/events.ts); delivered when the write commits, once
  -- per transaction however many rows or statements sent it.
  PERFORM pg_notify('hearth_events', '{"userIds":[],"searchChanged":true}');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement triggers on inserts and deletes: one call a statement, and none for a statement of no rows.
CREATE FUNCTION search_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM nextval('search_changes');
    PERFORM pg_notify('hearth_events', '{"userIds":[],"searchChanged":true}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_posts_search_inserted AFTER INSERT ON "feed_posts" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER feed_posts_search_deleted AFTER DELETE ON "feed_posts" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER feed_posts_search_updated
  AFTER UPDATE OF "title", "subtitle", "text", "kind", "start_at", "user_id", "community_id" ON "feed_posts"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."subtitle" IS DISTINCT FROM NEW."subtitle"
    OR OLD."text" IS DISTINCT FROM NEW."text" OR OLD."kind" IS DISTINCT FROM NEW."kind"
    OR OLD."start_at" IS DISTINCT FROM NEW."start_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."community_id" IS DISTINCT FROM NEW."community_id")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER feed_comments_search_inserted AFTER INSERT ON "feed_comments" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER feed_comments_search_deleted AFTER DELETE ON "feed_comments" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER feed_comments_search_updated
  AFTER UPDATE OF "content", "post_id", "user_id" ON "feed_comments"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content" OR OLD."post_id" IS DISTINCT FROM NEW."post_id"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER community_discussion_search_inserted AFTER INSERT ON "community_discussion"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER community_discussion_search_deleted AFTER DELETE ON "community_discussion"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER community_discussion_search_updated
  AFTER UPDATE OF "content", "community_id", "user_id" ON "community_discussion"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content"
    OR OLD."community_id" IS DISTINCT FROM NEW."community_id" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER communities_search_inserted AFTER INSERT ON "communities" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER communities_search_deleted AFTER DELETE ON "communities" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER communities_search_updated AFTER UPDATE OF "title", "description" ON "communities"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER surveys_search_inserted AFTER INSERT ON "surveys" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER surveys_search_deleted AFTER DELETE ON "surveys" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER surveys_search_updated AFTER UPDATE OF "title", "description", "created_by_id" ON "surveys"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."created_by_id" IS DISTINCT FROM NEW."created_by_id")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_inserted AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_deleted AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_updated
  AFTER UPDATE OF "first_name", "last_name", "job_title", "profile_image_file_id" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."job_title" IS DISTINCT FROM NEW."job_title"
    OR OLD."profile_image_file_id" IS DISTINCT FROM NEW."profile_image_file_id")
  EXECUTE FUNCTION search_changed();
--> statement-breakpoint
-- A person's result shows their location and department.
CREATE TRIGGER user_groups_search_inserted AFTER INSERT ON "user_groups" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_search_deleted AFTER DELETE ON "user_groups" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_search_updated AFTER UPDATE ON "user_groups"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER groups_search_deleted AFTER DELETE ON "groups" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_rows_changed();
--> statement-breakpoint
CREATE TRIGGER groups_search_updated AFTER UPDATE OF "name" ON "groups"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION search_changed();
