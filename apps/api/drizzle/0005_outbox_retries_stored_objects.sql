CREATE TABLE "stored_objects" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_status_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stored_objects_touched_idx" ON "stored_objects" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_event_idx" ON "mail_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "stored_objects" ("key", "size") SELECT "storage_key", max("size") FROM "submission_files" GROUP BY "storage_key" ON CONFLICT DO NOTHING;
