CREATE TABLE "ack_reminders" (
	"post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ack_reminders_post_id_kind_pk" PRIMARY KEY("post_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"in_app" integer NOT NULL,
	"push" integer NOT NULL,
	"email" integer NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"digest" text DEFAULT 'weekly' NOT NULL,
	"digest_sent_at" timestamp (3) with time zone,
	"quiet_start" integer,
	"quiet_end" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reads" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp (3) with time zone,
	"opened_at" timestamp (3) with time zone,
	"acknowledged_at" timestamp (3) with time zone,
	CONSTRAINT "post_reads_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "requires_ack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "ack_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "targeted_count" integer;--> statement-breakpoint
ALTER TABLE "ack_reminders" ADD CONSTRAINT "ack_reminders_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_reads_user_ack_idx" ON "post_reads" USING btree ("user_id","post_id") WHERE "post_reads"."acknowledged_at" is not null;--> statement-breakpoint
CREATE INDEX "feed_posts_ack_idx" ON "feed_posts" USING btree ("ack_due_at","id") WHERE "feed_posts"."requires_ack" and "feed_posts"."state_id" = 2;