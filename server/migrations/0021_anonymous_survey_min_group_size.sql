ALTER TABLE "surveys" ADD COLUMN "min_group_size" integer;--> statement-breakpoint
-- Issue 30, ADR 035: the smallest group of an anonymous survey's splits is fixed on the survey when it opens.
-- Surveys that are anonymous or already published fix the setting as it stands now (a stored value that is
-- not a whole number from 2 to 100 reads as the default, 5, as the application reads it); drafts that are
-- not anonymous fix theirs when they are published.
UPDATE "surveys" SET "min_group_size" = coalesce(
  (SELECT CASE WHEN "v" ~ '^[0-9]{1,3}$' THEN
      CASE WHEN "v"::integer BETWEEN 2 AND 100 THEN "v"::integer END
    END
    FROM (SELECT "value"->>'minGroupSize' AS "v" FROM "app_settings"
      WHERE "key" = 'anonymous-surveys' AND jsonb_typeof("value"->'minGroupSize') = 'number') AS "setting"),
  5)
WHERE "is_anonymous" OR "state_id" = 2;
