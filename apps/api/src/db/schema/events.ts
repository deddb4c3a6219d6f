import {
  DEFAULT_EVENT_TIMEZONE,
  DEFAULT_MAX_PAPERS,
  DEFAULT_REVIEW_SETTINGS,
  DISCUSSION_VISIBILITY,
  EVENT_STATUSES,
  EVENT_TYPES,
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
  RESPONSE_WORD_LIMIT_DEFAULT,
  type ReviewSettings,
  SUPPLEMENTARY_MAX_MB_DEFAULT,
} from '@confero/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { users } from './users.ts';

export const eventType = pgEnum('event_type', EVENT_TYPES);
export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const membershipRole = pgEnum('membership_role', MEMBERSHIP_ROLES);
export const membershipStatus = pgEnum('membership_status', MEMBERSHIP_STATUSES);
export const discussionVisibility = pgEnum('discussion_visibility', DISCUSSION_VISIBILITY);

/**
 * Events (`docs/domain.md#event`). Dates are calendar dates; a deadline ends at 23:59:59 of its date in the
 * event's time zone. `ends_at` is that instant for `end_date`, computed when the dates or the time zone change, so the
 * "not yet ended" lists compare one indexed timestamp. The creator is kept as a reference that becomes null when
 * the account is deleted (their event stays).
 */
export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    title: varchar({ length: 300 }).notNull(),
    acronym: varchar({ length: 50 }).notNull().default(''),
    description: text().notNull(),
    type: eventType().notNull().default('conference'),
    status: eventStatus().notNull().default('pending'),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    submissionDeadline: date({ mode: 'string' }).notNull(),
    reviewDeadline: date({ mode: 'string' }).notNull(),
    notificationDate: date({ mode: 'string' }).notNull(),
    timezone: varchar({ length: 64 }).notNull().default(DEFAULT_EVENT_TIMEZONE),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    webpage: varchar({ length: 500 }),
    venue: varchar({ length: 300 }).notNull().default(''),
    city: varchar({ length: 150 }).notNull(),
    /** ISO 3166-1 alpha-2. */
    country: varchar({ length: 2 }).notNull(),
    locationDetails: text().notNull().default(''),
    primaryResearchArea: varchar({ length: 64 }).notNull(),
    secondaryResearchAreas: text().array().notNull().default(sql`'{}'::text[]`),
    additionalInformation: text().notNull().default(''),
    reviewSettings: jsonb().$type<ReviewSettings>().notNull().default(DEFAULT_REVIEW_SETTINGS),
    /** Days before the review deadline on which reviewers with reviews not completed are reminded; empty: never. */
    reminderDays: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * The author response phase (`docs/domain.md#author-response`): turned on by a chair, open from `response_opens_at`
     * to `response_closes_at`, wall-clock times `YYYY-MM-DDTHH:mm` in the event's zone (so they keep their meaning
     * when the zone changes, like the date deadlines), with a word limit.
     */
    responseEnabled: boolean().notNull().default(false),
    responseOpensAt: varchar({ length: 16 }),
    responseClosesAt: varchar({ length: 16 }),
    responseWordLimit: integer().notNull().default(RESPONSE_WORD_LIMIT_DEFAULT),
    /**
     * The final version (camera-ready) phase (`docs/domain.md#final-version`): turned on by a chair after the decisions;
     * authors of accepted papers send it until `final_version_deadline` (a date: 23:59:59 of it in the event's zone),
     * with supplementary material up to `supplementary_max_mb` megabytes.
     */
    finalVersionEnabled: boolean().notNull().default(false),
    finalVersionDeadline: date({ mode: 'string' }),
    supplementaryMaxMb: integer().notNull().default(SUPPLEMENTARY_MAX_MB_DEFAULT),
    /** Reviewers may ask the review assistant for findings on their drafts (`docs/domain.md#review-assistant`). */
    assistantEnabled: boolean().notNull().default(true),
    /** When an assigned reviewer reads a paper's discussion. */
    discussionReviewersSee: discussionVisibility().notNull().default('after_own_review'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_status_idx').on(t.status),
    index('events_created_by_idx').on(t.createdBy),
    index('events_ends_at_idx').on(t.endsAt),
    check('events_dates_order', sql`${t.endDate} >= ${t.startDate}`),
    check('events_supplementary_max_mb', sql`${t.supplementaryMaxMb} between 1 and 500`),
  ],
);

/** Tracks of an event; names are unique within the event, in any letter case. */
export const tracks = pgTable(
  'tracks',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    publicId: varchar({ length: 40 }).notNull().unique(),
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracks_event_idx').on(t.eventId),
    uniqueIndex('tracks_event_name_unique').on(t.eventId, sql`lower(${t.name})`),
  ],
);

/**
 * Who holds which role in an event: event_admin, chair (of the whole event, or of one track when `track_id` is set) and
 * reviewer, each pending (invited), active or declined. A reviewer invitation to an address without a verified account
 * has no `user_id` but an `email`; it is linked to the account when that address is verified. Invitation tokens are
 * stored as sha256 hashes, single-use (`responded_at`), and expire.
 */
export const eventMemberships = pgTable(
  'event_memberships',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The invited address (invitations); null for members added directly. */
    email: varchar({ length: 254 }),
    /** The names the inviter gave, shown until the invitee has an account. */
    inviteFirstName: varchar({ length: 150 }).notNull().default(''),
    inviteLastName: varchar({ length: 150 }).notNull().default(''),
    role: membershipRole().notNull(),
    status: membershipStatus().notNull().default('active'),
    trackId: integer().references(() => tracks.id, { onDelete: 'cascade' }),
    expertise: text().notNull().default(''),
    maxPapers: integer().notNull().default(DEFAULT_MAX_PAPERS),
    invitationTokenHash: varchar({ length: 64 }).unique(),
    invitationExpiresAt: timestamp({ withTimezone: true }),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp({ withTimezone: true }),
    respondedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_memberships_member_unique')
      .on(t.eventId, t.userId, t.role, sql`coalesce(${t.trackId}, 0)`)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('event_memberships_invitee_unique')
      .on(t.eventId, sql`lower(${t.email})`, t.role)
      .where(sql`${t.userId} is null`),
    index('event_memberships_event_idx').on(t.eventId, t.role),
    index('event_memberships_user_idx').on(t.userId, t.status),
    index('event_memberships_track_idx').on(t.trackId),
    index('event_memberships_invited_by_idx').on(t.invitedBy),
    index('event_memberships_email_idx').on(sql`lower(${t.email})`),
    check('event_memberships_user_or_email', sql`${t.userId} is not null or ${t.email} is not null`),
    check('event_memberships_max_papers', sql`${t.maxPapers} between 1 and 100`),
  ],
);
