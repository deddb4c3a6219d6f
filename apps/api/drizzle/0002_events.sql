CREATE TYPE "public"."event_status" AS ENUM('pending', 'approved', 'active', 'completed', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('conference', 'workshop', 'book', 'journal');--> statement-breakpoint
CREATE TYPE "public"."membership_role" AS ENUM('event_admin', 'chair', 'reviewer');--> statement-breakpoint
CREATE TYPE "public"."membership_status" AS ENUM('pending', 'active', 'declined');--> statement-breakpoint
CREATE TABLE "event_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"email" varchar(254),
	"invite_first_name" varchar(150) DEFAULT '' NOT NULL,
	"invite_last_name" varchar(150) DEFAULT '' NOT NULL,
	"role" "membership_role" NOT NULL,
	"status" "membership_status" DEFAULT 'active' NOT NULL,
	"track_id" integer,
	"expertise" text DEFAULT '' NOT NULL,
	"max_papers" integer DEFAULT 5 NOT NULL,
	"invitation_token_hash" varchar(64),
	"invitation_expires_at" timestamp with time zone,
	"invited_by" integer,
	"invited_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_memberships_invitationTokenHash_unique" UNIQUE("invitation_token_hash"),
	CONSTRAINT "event_memberships_user_or_email" CHECK ("event_memberships"."user_id" is not null or "event_memberships"."email" is not null),
	CONSTRAINT "event_memberships_max_papers" CHECK ("event_memberships"."max_papers" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"title" varchar(300) NOT NULL,
	"acronym" varchar(50) DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"type" "event_type" DEFAULT 'conference' NOT NULL,
	"status" "event_status" DEFAULT 'pending' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"submission_deadline" date NOT NULL,
	"review_deadline" date NOT NULL,
	"notification_date" date NOT NULL,
	"timezone" varchar(64) DEFAULT 'AoE' NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"webpage" varchar(500),
	"venue" varchar(300) DEFAULT '' NOT NULL,
	"city" varchar(150) NOT NULL,
	"country" varchar(2) NOT NULL,
	"location_details" text DEFAULT '' NOT NULL,
	"primary_research_area" varchar(64) NOT NULL,
	"secondary_research_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_information" text DEFAULT '' NOT NULL,
	"review_settings" jsonb DEFAULT '{"blind_mode":"double","reviewers_see_other_reviews":"after_submit","reviewers_per_paper":3,"authors_see_reviews":"after_decision"}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "events_dates_order" CHECK ("events"."end_date" >= "events"."start_date")
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "event_memberships" ADD CONSTRAINT "event_memberships_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_memberships" ADD CONSTRAINT "event_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_memberships" ADD CONSTRAINT "event_memberships_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_memberships" ADD CONSTRAINT "event_memberships_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_memberships_member_unique" ON "event_memberships" USING btree ("event_id","user_id","role",coalesce("track_id", 0)) WHERE "event_memberships"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_memberships_invitee_unique" ON "event_memberships" USING btree ("event_id",lower("email"),"role") WHERE "event_memberships"."user_id" is null;--> statement-breakpoint
CREATE INDEX "event_memberships_event_idx" ON "event_memberships" USING btree ("event_id","role");--> statement-breakpoint
CREATE INDEX "event_memberships_user_idx" ON "event_memberships" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "event_memberships_track_idx" ON "event_memberships" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "event_memberships_invited_by_idx" ON "event_memberships" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "event_memberships_email_idx" ON "event_memberships" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "events_ends_at_idx" ON "events" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "tracks_event_idx" ON "tracks" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_event_name_unique" ON "tracks" USING btree ("event_id",lower("name"));