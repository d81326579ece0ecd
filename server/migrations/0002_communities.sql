CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"visibility_id" integer DEFAULT 1 NOT NULL,
	"state_id" integer DEFAULT 1 NOT NULL,
	"image_file_id" integer,
	"created_by_id" integer NOT NULL,
	"num_users" integer DEFAULT 0 NOT NULL,
	"num_comments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_discussion" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_discussion_mentions" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "community_discussion_mentions_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
DROP INDEX "feed_posts_feed_idx";--> statement-breakpoint
DROP INDEX "feed_posts_featured_idx";--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "kind" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_discussion" ADD CONSTRAINT "community_discussion_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_discussion" ADD CONSTRAINT "community_discussion_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_discussion_mentions" ADD CONSTRAINT "community_discussion_mentions_message_id_community_discussion_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."community_discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_discussion_mentions" ADD CONSTRAINT "community_discussion_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_created_idx" ON "communities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "community_discussion_idx" ON "community_discussion" USING btree ("community_id","created_at","id");--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_id","community_id");--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_posts_community_idx" ON "feed_posts" USING btree ("community_id","state_id","start_at","id");--> statement-breakpoint
CREATE INDEX "feed_posts_feed_idx" ON "feed_posts" USING btree ("state_id","start_at","id") WHERE "feed_posts"."kind" = 1;--> statement-breakpoint
CREATE INDEX "feed_posts_featured_idx" ON "feed_posts" USING btree ("start_at","id") WHERE "feed_posts"."is_featured" and "feed_posts"."state_id" = 2 and "feed_posts"."kind" = 1;