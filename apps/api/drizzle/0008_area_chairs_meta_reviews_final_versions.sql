CREATE TYPE "public"."assignment_role" AS ENUM('reviewer', 'area_chair');--> statement-breakpoint
CREATE TYPE "public"."meta_review_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."review_form_kind" AS ENUM('review', 'meta_review');--> statement-breakpoint
ALTER TYPE "public"."membership_role" ADD VALUE 'area_chair';--> statement-breakpoint
CREATE TABLE "meta_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"form_version" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "meta_review_status" DEFAULT 'in_progress' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_reviews_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "meta_reviews_submissionId_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "final_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"title" varchar(500) NOT NULL,
	"abstract" text NOT NULL,
	"authors" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_versions_submissionId_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
DROP INDEX "review_forms_event_version_unique";--> statement-breakpoint
DROP INDEX "assignment_previews_event_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "final_version_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "final_version_deadline" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "supplementary_max_mb" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "assistant_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_previews" ADD COLUMN "role" "assignment_role" DEFAULT 'reviewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_forms" ADD COLUMN "kind" "review_form_kind" DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "area_chair_id" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "area_chair_source" varchar(16);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "area_chair_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_versions" ADD CONSTRAINT "final_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_versions" ADD CONSTRAINT "final_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_reviews_author_idx" ON "meta_reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "final_versions_submitted_by_idx" ON "final_versions" USING btree ("submitted_by");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_area_chair_id_users_id_fk" FOREIGN KEY ("area_chair_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_forms_event_kind_version_unique" ON "review_forms" USING btree ("event_id","kind","version");--> statement-breakpoint
CREATE INDEX "submissions_area_chair_idx" ON "submissions" USING btree ("area_chair_id");--> statement-breakpoint
CREATE INDEX "assignment_previews_event_idx" ON "assignment_previews" USING btree ("event_id","role");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_supplementary_max_mb" CHECK ("events"."supplementary_max_mb" between 1 and 500);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_area_chair_source" CHECK ("submissions"."area_chair_source" in ('manual', 'automatic'));