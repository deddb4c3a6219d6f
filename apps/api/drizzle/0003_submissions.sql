CREATE TYPE "public"."conflict_source" AS ENUM('declared', 'detected');--> statement-breakpoint
CREATE TYPE "public"."conflict_type" AS ENUM('author', 'coauthor', 'institutional', 'domain', 'personal', 'other');--> statement-breakpoint
CREATE TYPE "public"."submission_decision" AS ENUM('pending', 'accept', 'reject', 'revision');--> statement-breakpoint
CREATE TYPE "public"."submission_file_kind" AS ENUM('paper', 'supplementary', 'camera_ready');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('submitted', 'under_review', 'accepted', 'rejected', 'revision_requested');--> statement-breakpoint
CREATE TABLE "conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" "conflict_type" NOT NULL,
	"source" "conflict_source" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"position" integer NOT NULL,
	"first_name" varchar(150) NOT NULL,
	"last_name" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"affiliation" varchar(255) NOT NULL,
	"country" varchar(2) NOT NULL,
	"webpage" varchar(500),
	"is_corresponding" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"kind" "submission_file_kind" DEFAULT 'paper' NOT NULL,
	"version" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"page_count" integer NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"content_type" varchar(100) DEFAULT 'application/pdf' NOT NULL,
	"text" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_files_size" CHECK ("submission_files"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"event_id" integer NOT NULL,
	"track_id" integer,
	"title" varchar(500) NOT NULL,
	"abstract" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "submission_status" DEFAULT 'submitted' NOT NULL,
	"decision" "submission_decision" DEFAULT 'pending' NOT NULL,
	"decision_details" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_by" integer,
	"ai_analysis" jsonb,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "conflicts" ADD CONSTRAINT "conflicts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflicts" ADD CONSTRAINT "conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD CONSTRAINT "submission_authors_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD CONSTRAINT "submission_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflicts_submission_user_unique" ON "conflicts" USING btree ("submission_id","user_id");--> statement-breakpoint
CREATE INDEX "conflicts_user_idx" ON "conflicts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_authors_position_unique" ON "submission_authors" USING btree ("submission_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_authors_corresponding_unique" ON "submission_authors" USING btree ("submission_id") WHERE "submission_authors"."is_corresponding";--> statement-breakpoint
CREATE INDEX "submission_authors_user_idx" ON "submission_authors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submission_authors_email_idx" ON "submission_authors" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "submission_files_version_unique" ON "submission_files" USING btree ("submission_id","kind","version");--> statement-breakpoint
CREATE INDEX "submission_files_storage_key_idx" ON "submission_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "submission_files_uploaded_by_idx" ON "submission_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_event_title_unique" ON "submissions" USING btree ("event_id",lower("title"));--> statement-breakpoint
CREATE INDEX "submissions_event_idx" ON "submissions" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "submissions_track_idx" ON "submissions" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "submissions_submitted_by_idx" ON "submissions" USING btree ("submitted_by");--> statement-breakpoint
CREATE INDEX "submissions_created_idx" ON "submissions" USING btree ("created_at");