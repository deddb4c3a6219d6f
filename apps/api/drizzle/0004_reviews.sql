CREATE TYPE "public"."assignment_mode" AS ENUM('keep_existing', 'replace');--> statement-breakpoint
CREATE TYPE "public"."assignment_preview_status" AS ENUM('queued', 'running', 'done', 'failed', 'applied');--> statement-breakpoint
CREATE TYPE "public"."assignment_source" AS ENUM('manual', 'automatic');--> statement-breakpoint
CREATE TYPE "public"."bid_value" AS ENUM('eager', 'willing', 'in_a_pinch', 'not_willing', 'conflict');--> statement-breakpoint
CREATE TYPE "public"."conflict_override_kind" AS ENUM('declared', 'lifted');--> statement-breakpoint
CREATE TYPE "public"."review_recommendation" AS ENUM('accept', 'weak_accept', 'borderline', 'weak_reject', 'reject');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('assigned', 'in_progress', 'completed');--> statement-breakpoint
CREATE TABLE "assignment_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"event_id" integer NOT NULL,
	"created_by" integer,
	"mode" "assignment_mode" DEFAULT 'keep_existing' NOT NULL,
	"status" "assignment_preview_status" DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"fingerprint" varchar(64),
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	CONSTRAINT "assignment_previews_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" "bid_value" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conflict_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "conflict_override_kind" NOT NULL,
	"decided_by" integer,
	"via_bid" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"submission_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"status" "review_status" DEFAULT 'assigned' NOT NULL,
	"source" "assignment_source" DEFAULT 'manual' NOT NULL,
	"overall_score" integer,
	"confidence" integer,
	"recommendation" "review_recommendation",
	"structured_review" jsonb,
	"comments_to_author" text DEFAULT '' NOT NULL,
	"comments_to_chair" text DEFAULT '' NOT NULL,
	"confidential_remarks" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "reviews_overall_score_range" CHECK ("reviews"."overall_score" between -3 and 3),
	CONSTRAINT "reviews_confidence_range" CHECK ("reviews"."confidence" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "assignment_previews" ADD CONSTRAINT "assignment_previews_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_previews" ADD CONSTRAINT "assignment_previews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_previews" ADD CONSTRAINT "assignment_previews_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_previews_event_idx" ON "assignment_previews" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "assignment_previews_created_by_idx" ON "assignment_previews" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "assignment_previews_applied_by_idx" ON "assignment_previews" USING btree ("applied_by");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_submission_user_unique" ON "bids" USING btree ("submission_id","user_id");--> statement-breakpoint
CREATE INDEX "bids_user_idx" ON "bids" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_overrides_pair_unique" ON "conflict_overrides" USING btree ("submission_id","user_id");--> statement-breakpoint
CREATE INDEX "conflict_overrides_user_idx" ON "conflict_overrides" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conflict_overrides_decided_by_idx" ON "conflict_overrides" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_submission_reviewer_unique" ON "reviews" USING btree ("submission_id","reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_submission_ordinal_unique" ON "reviews" USING btree ("submission_id","ordinal");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","status");--> statement-breakpoint
CREATE INDEX "reviews_assigned_by_idx" ON "reviews" USING btree ("assigned_by");