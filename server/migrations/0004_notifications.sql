CREATE TABLE "notification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" integer NOT NULL,
	"title" text NOT NULL,
	"actor_id" integer,
	"user_ids" integer[],
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"object_id" integer NOT NULL,
	"title" text NOT NULL,
	"event_id" integer NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_pending_idx" ON "notification_events" USING btree ("id") WHERE "notification_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unviewed_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."viewed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_idx" ON "notifications" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Posts and surveys published before notifications existed are not announced now (the scheduler would).
UPDATE "feed_posts" SET "notified_at" = now() WHERE "state_id" = 2 AND "start_at" <= now() AND "notified_at" IS NULL;--> statement-breakpoint
UPDATE "surveys" SET "is_notified" = true WHERE "state_id" = 2 AND NOT "is_notified";
