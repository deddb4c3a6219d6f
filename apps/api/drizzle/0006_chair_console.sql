CREATE TYPE "public"."mail_send_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "event_mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"key" varchar(60) NOT NULL,
	"locale" varchar(8) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"event_id" integer NOT NULL,
	"audience" varchar(40) NOT NULL,
	"template_key" varchar(60),
	"subject" varchar(200),
	"body" text,
	"selection" jsonb,
	"status" "mail_send_status" DEFAULT 'queued' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_sends_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
DROP INDEX "audit_log_event_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_event_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_template" varchar(60);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "mail_send_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" varchar(200);--> statement-breakpoint
ALTER TABLE "event_mail_templates" ADD CONSTRAINT "event_mail_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_mail_templates" ADD CONSTRAINT "event_mail_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_mail_templates_unique" ON "event_mail_templates" USING btree ("event_id","key","locale");--> statement-breakpoint
CREATE INDEX "event_mail_templates_updated_by_idx" ON "event_mail_templates" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "mail_sends_event_idx" ON "mail_sends" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_sends_created_by_idx" ON "mail_sends" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_outbox_idx" ON "jobs" USING btree ((("payload" ->> 'outboxId'))) WHERE "jobs"."type" = 'mail.send';--> statement-breakpoint
CREATE INDEX "mail_outbox_mail_send_idx" ON "mail_outbox" USING btree ("mail_send_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_unique" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_event_idx" ON "mail_outbox" USING btree ("event_id","created_at");