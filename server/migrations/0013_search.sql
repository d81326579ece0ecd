-- Search (issue 17, ADR 031). Hand-written part first: the functions and the text search configuration
-- the generated columns below are computed with. Adding a stored generated column computes it for every
-- existing row, so old rows are indexed by this migration itself.
--
-- unaccent() is STABLE (it reads its dictionary by name through the search path), so generated columns and
-- index expressions use this IMMUTABLE wrapper that names the dictionary outright.
CREATE FUNCTION public.hearth_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The text of sanitised HTML (platform/html/sanitize.ts writes well-formed tags and escapes < and > in
-- text): tags become spaces, the entities it writes become their characters (&amp; last).
CREATE FUNCTION public.hearth_html_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT replace(replace(replace(replace(replace(replace(
    regexp_replace($1, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&') $$;
--> statement-breakpoint
-- 'simple' (no stemming, no stop words: a multilingual intranet, and prefixes typed must match words as
-- written) with accents removed from words before they become lexemes.
CREATE TEXT SEARCH CONFIGURATION public.hearth_search (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.hearth_search
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, simple;
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "community_discussion" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("content", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "feed_comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("content", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("subtitle", '')), 'B') || setweight(to_tsvector('public.hearth_search'::regconfig, public.hearth_html_text("text")), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("first_name", '')), 'A') || setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("last_name", '')), 'A') || setweight(to_tsvector('public.hearth_search'::regconfig, coalesce("job_title", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(public.hearth_unaccent("first_name" || ' ' || "last_name"))) STORED;--> statement-breakpoint
CREATE INDEX "communities_search_idx" ON "communities" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "community_discussion_search_idx" ON "community_discussion" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "feed_comments_search_idx" ON "feed_comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "feed_posts_search_idx" ON "feed_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "surveys_search_idx" ON "surveys" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin (lower(public.hearth_unaccent("first_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin (lower(public.hearth_unaccent("last_name")) gin_trgm_ops);