import { JOB_STATUSES, MAIL_STATUSES } from '@confero/contracts';
import { bigint, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt)],
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
    index('mail_outbox_event_idx').on(t.eventId),
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
    index('audit_log_event_idx').on(t.eventId),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/** Rate-limit counters shared by every API process (fixed windows). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 300 }).primaryKey(),
  count: integer().notNull().default(0),
  windowStart: bigint({ mode: 'number' }).notNull(),
  expiresAt: bigint({ mode: 'number' }).notNull(),
});
