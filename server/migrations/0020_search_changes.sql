-- The search cache's signal (features/search/match-cache.ts, ADR 035): every write that can change what a
-- search matches, how it ranks or what its answer shows bumps one counter and tells every instance at
-- commit. Whether the viewer may open a row is never cached (it is read with each answer), so writes that
-- only change visibility (states, windows, audiences, memberships) need no signal. A sequence, not a row:
-- nextval takes no lock, so concurrent writers never wait on each other for it.
CREATE SEQUENCE "search_changes";
--> statement-breakpoint
CREATE FUNCTION search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_changes');
  -- The event bus's channel and message shape (platform/events.ts); delivered when the write commits, once
  -- per transaction however many statements sent it.
  PERFORM pg_notify('hearth_events', '{"userIds":[],"searchChanged":true}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_posts_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "title", "subtitle", "text", "kind", "start_at", "user_id", "community_id"
  ON "feed_posts" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER feed_comments_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "content", "post_id", "user_id"
  ON "feed_comments" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER community_discussion_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "content", "community_id", "user_id"
  ON "community_discussion" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER communities_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "title", "description"
  ON "communities" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER surveys_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "title", "description", "created_by_id"
  ON "surveys" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_changed
  AFTER INSERT OR DELETE OR UPDATE OF "first_name", "last_name", "job_title", "profile_image_file_id"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
-- A person's result shows their location and department.
CREATE TRIGGER user_groups_search_changed
  AFTER INSERT OR DELETE OR UPDATE
  ON "user_groups" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER groups_search_changed
  AFTER DELETE OR UPDATE OF "name"
  ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
