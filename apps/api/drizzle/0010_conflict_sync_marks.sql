CREATE TABLE "conflict_sync_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"submission_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conflict_sync_state" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"rules_version" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conflict_sync_state" ADD CONSTRAINT "conflict_sync_state_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflict_sync_marks_event_idx" ON "conflict_sync_marks" USING btree ("event_id");