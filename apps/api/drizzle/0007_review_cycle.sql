CREATE TYPE "public"."discussion_visibility" AS ENUM('after_own_review', 'always');--> statement-breakpoint
CREATE TYPE "public"."response_status" AS ENUM('draft', 'submitted');--> statement-breakpoint
CREATE TABLE "author_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" "response_status" DEFAULT 'draft' NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_responses_submissionId_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"mentions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "discussion_comments_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "review_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" "review_status" NOT NULL,
	"form_version" integer NOT NULL,
	"overall_score" integer,
	"confidence" integer,
	"structured_review" jsonb,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comments_to_author" text DEFAULT '' NOT NULL,
	"comments_to_chair" text DEFAULT '' NOT NULL,
	"confidential_remarks" text DEFAULT '' NOT NULL,
	"after_response" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "response_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "response_opens_at" varchar(16);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "response_closes_at" varchar(16);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "response_word_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "discussion_reviewers_see" "discussion_visibility" DEFAULT 'after_own_review' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "needs_discussion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_forms" ADD CONSTRAINT "review_forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_forms" ADD CONSTRAINT "review_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_revisions" ADD CONSTRAINT "review_revisions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_responses_updated_by_idx" ON "author_responses" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "discussion_comments_submission_idx" ON "discussion_comments" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "discussion_comments_author_idx" ON "discussion_comments" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_forms_event_version_unique" ON "review_forms" USING btree ("event_id","version");--> statement-breakpoint
CREATE INDEX "review_forms_created_by_idx" ON "review_forms" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "review_revisions_review_version_unique" ON "review_revisions" USING btree ("review_id","version");