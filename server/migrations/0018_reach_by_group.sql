CREATE TABLE "post_targeted_groups" (
	"post_id" integer NOT NULL,
	"group_type_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "post_targeted_groups_post_id_group_type_id_group_id_pk" PRIMARY KEY("post_id","group_type_id","group_id")
);
--> statement-breakpoint
-- A reminder is claimed per due date: one sent before the due date moved later does not stand for the new one.
ALTER TABLE "ack_reminders" ADD COLUMN "due_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "ack_reminders" r SET "due_at" = coalesce(p."ack_due_at", r."sent_at") FROM "feed_posts" p
  WHERE p."id" = r."post_id";--> statement-breakpoint
ALTER TABLE "ack_reminders" ALTER COLUMN "due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ack_reminders" DROP CONSTRAINT "ack_reminders_post_id_kind_pk",
  ADD CONSTRAINT "ack_reminders_post_id_kind_due_at_pk" PRIMARY KEY("post_id","kind","due_at");--> statement-breakpoint
ALTER TABLE "post_reads" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "post_reads" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "post_targeted_groups" ADD CONSTRAINT "post_targeted_groups_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reads written before this migration take their readers' groups now (a person has one of each type).
UPDATE "post_reads" r SET
  "location_id" = (SELECT min(ug.group_id) FROM "user_groups" ug JOIN "groups" g ON g.id = ug.group_id
    WHERE ug.user_id = r.user_id AND g.group_type_id = 1),
  "department_id" = (SELECT min(ug.group_id) FROM "user_groups" ug JOIN "groups" g ON g.id = ug.group_id
    WHERE ug.user_id = r.user_id AND g.group_type_id = 2);--> statement-breakpoint
-- The key carries every column reach counts: a post's reach is one index-only pass over its reads.
ALTER TABLE "post_reads" DROP CONSTRAINT "post_reads_post_id_user_id_pk",
  ADD CONSTRAINT "post_reads_post_id_user_id_pk" PRIMARY KEY ("post_id", "user_id")
  INCLUDE ("location_id", "department_id", "seen_at", "opened_at", "acknowledged_at");
