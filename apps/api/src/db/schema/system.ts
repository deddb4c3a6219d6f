import { JOB_STATUSES, MAIL_SEND_STATUSES, MAIL_STATUSES } from '@confero/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);
export const mailSendStatus = pgEnum('mail_send_status', MAIL_SEND_STATUSES);

/** The job queue: claimed with FOR UPDATE SKIP LOCKED so any number of workers can run. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 100 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: varchar({ length: 100 }),
    lastError: text(),
    progress: jsonb().$type<Record<string, unknown>>(),
    result: jsonb().$type<Record<string, unknown>>(),
    /** The id of the request that queued the job, carried into the job's log lines. */
    requestId: varchar({ length: 64 }),
    /**
     * Jobs of one type with the same key coalesce while queued: a job queued again before a worker claimed the first
     * takes its place (its payload), so a burst of changes to one thing runs its job once (`enqueueJob`).
     */
    coalesceKey: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    /** At most one queued job per type and coalescing key; claimed jobs leave it, so a new one can queue. */
    uniqueIndex('jobs_queued_coalesce_idx')
      .on(t.type, t.coalesceKey)
      .where(sql`${t.status} = 'queued' and ${t.coalesceKey} is not null`),
    /** The mail job of an outbox row (an operator's retry finds it). */
    index('jobs_outbox_idx').on(sql`((${t.payload} ->> 'outboxId'))`).where(sql`${t.type} = 'mail.send'`),
  ],
);

/** Every e-mail the system sends, rendered at queue time so a retry sends the same text. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    recipient: varchar({ length: 254 }).notNull(),
    locale: varchar({ length: 8 }).notNull().default('en'),
    template: varchar({ length: 100 }).notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    status: mailStatus().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    transport: varchar({ length: 20 }),
    /** The event the mail is about (filters the operators' outbox screen); null for account mail. */
    eventId: integer(),
    /** The event template a chair's mail was written from (`EVENT_MAIL_TEMPLATE_KEYS`); null for the system's mails. */
    eventTemplate: varchar({ length: 60 }),
    /** The group mail this row belongs to, when it was sent to a group. */
    mailSendId: integer(),
    /**
     * A mail that must go at most once (a reminder of one day, one recipient of a group mail) carries a key; a second
     * row with the same key is never written.
     */
    dedupeKey: varchar({ length: 200 }),
    /** When the last try ran, and when the next one is due (null once sent or failed for good). */
    lastAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_recipient_idx').on(t.recipient),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_event_idx').on(t.eventId, t.createdAt),
    index('mail_outbox_mail_send_idx').on(t.mailSendId),
    uniqueIndex('mail_outbox_dedupe_key_unique').on(t.dedupeKey),
  ],
);

/**
 * The registry of stored objects (content-addressed files). An upload claims its object here (insert, or a fresh
 * `touched_at`) before the object is put in place, and the sweep deletes only objects that no row refers to and
 * that nobody has touched for the grace period, holding the row's lock while it removes the file.
 */
export const storedObjects = pgTable(
  'stored_objects',
  {
    key: varchar({ length: 200 }).primaryKey(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    touchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_objects_touched_idx').on(t.touchedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    eventId: integer(),
    entity: varchar({ length: 50 }).notNull(),
    entityId: varchar({ length: 60 }),
    action: varchar({ length: 100 }).notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_event_idx').on(t.eventId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * A chair's wording of one of the event's mails in one language (`EVENT_MAIL_TEMPLATE_KEYS`); absent rows use the
 * catalogue's default wording.
 */
export const eventMailTemplates = pgTable(
  'event_mail_templates',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    key: varchar({ length: 60 }).notNull(),
    locale: varchar({ length: 8 }).notNull(),
    subject: varchar({ length: 200 }).notNull(),
    body: text().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_mail_templates_unique').on(t.eventId, t.key, t.locale),
    index('event_mail_templates_updated_by_idx').on(t.updatedBy),
  ],
);

/**
 * A mail a chair sent to a group: accepted at once, its recipients written to the outbox by the 'mail.group' job in
 * bounded batches (each recipient's row carries a dedupe key, so a job that is run again never writes one twice).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    audience: varchar({ length: 40 }).notNull(),
    /** The event template used, or null when the chair wrote `subject` and `body` for this mail only. */
    templateKey: varchar({ length: 60 }),
    subject: varchar({ length: 200 }),
    body: text(),
    /** Chosen papers or people when the mail goes to a selection (bulk decisions), else null: the whole audience. */
    selection: jsonb().$type<Record<string, unknown>>(),
    status: mailSendStatus().notNull().default('queued'),
    recipients: integer().notNull().default(0),
    queued: integer().notNull().default(0),
    lastError: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_sends_event_idx').on(t.eventId, t.createdAt), index('mail_sends_created_by_idx').on(t.createdBy)],
);

/** Rate-limit counters shared by every API process (fixed windows). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 300 }).primaryKey(),
  count: integer().notNull().default(0),
  windowStart: bigint({ mode: 'number' }).notNull(),
  expiresAt: bigint({ mode: 'number' }).notNull(),
});
