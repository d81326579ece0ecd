CREATE INDEX "feed_posts_search_feed_idx" ON "feed_posts" USING gin ("search_vector") WHERE "feed_posts"."kind" = 1;--> statement-breakpoint
CREATE INDEX "feed_posts_search_community_idx" ON "feed_posts" USING gin ("search_vector") WHERE "feed_posts"."kind" = 2;--> statement-breakpoint
DROP INDEX "feed_posts_search_idx";
