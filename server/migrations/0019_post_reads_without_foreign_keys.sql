ALTER TABLE "post_reads" DROP CONSTRAINT "post_reads_post_id_feed_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "post_reads" DROP CONSTRAINT "post_reads_user_id_users_id_fk";
--> statement-breakpoint
-- Without the foreign keys (their checks locked the post and the reader of each read written), deleting a
-- post or a person still deletes their reads: one statement per delete, as the cascade did.
CREATE FUNCTION post_reads_of_deleted_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_reads r USING deleted d WHERE r.post_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_posts_delete_reads AFTER DELETE ON feed_posts REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION post_reads_of_deleted_posts();
--> statement-breakpoint
CREATE FUNCTION post_reads_of_deleted_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_reads r USING deleted d WHERE r.user_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_delete_reads AFTER DELETE ON users REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION post_reads_of_deleted_users();
