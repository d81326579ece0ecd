CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text_answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_groups" (
	"survey_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"group_type_id" integer NOT NULL,
	CONSTRAINT "survey_groups_survey_id_group_id_pk" PRIMARY KEY("survey_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "survey_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"is_complete" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"answer_type" text NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_notified" boolean DEFAULT false NOT NULL,
	"is_refillable" boolean DEFAULT false NOT NULL,
	"created_by_id" integer NOT NULL,
	"start_at" timestamp (3) with time zone,
	"end_at" timestamp (3) with time zone,
	"state_id" integer DEFAULT 1 NOT NULL,
	"has_audience" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_instance_id_survey_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."survey_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_categories" ADD CONSTRAINT "survey_categories_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_groups" ADD CONSTRAINT "survey_groups_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_groups" ADD CONSTRAINT "survey_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_instances" ADD CONSTRAINT "survey_instances_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_instances" ADD CONSTRAINT "survey_instances_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_question_options" ADD CONSTRAINT "survey_question_options_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_category_id_survey_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."survey_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_instance_idx" ON "survey_answers" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "survey_categories_survey_idx" ON "survey_categories" USING btree ("survey_id","position");--> statement-breakpoint
CREATE INDEX "survey_instances_survey_user_idx" ON "survey_instances" USING btree ("survey_id","created_by_id");--> statement-breakpoint
CREATE INDEX "survey_instances_user_idx" ON "survey_instances" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "survey_question_options_question_idx" ON "survey_question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "survey_questions_category_idx" ON "survey_questions" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_state_end_idx" ON "surveys" USING btree ("state_id","end_at");