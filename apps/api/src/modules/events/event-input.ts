import {
  CITY_MAX_LENGTH,
  type CreateEventBody,
  DEFAULT_EVENT_TIMEZONE,
  DEFAULT_EVENT_TYPE,
  type DiscussionVisibility,
  EVENT_ACRONYM_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPES,
  EVENT_WEBPAGE_MAX_LENGTH,
  type EventMessageKey,
  type EventType,
  isResearchArea,
  isSubcategoryOf,
  MAX_CHAIR_EMAILS,
  REMINDER_DAYS_CHOICES,
  resolveCountryCode,
  type UpdateEventBody,
  VENUE_MAX_LENGTH,
  WALL_CLOCK_PATTERN,
} from '@confero/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { canonicalTimezone, parseCalendarDate } from './event-dates.ts';
import { eventFieldError } from './event-errors.ts';
import type { EventRow } from './events.queries.ts';

/** The event fields after validation, as they are stored. */
export type EventValues = {
  title: string;
  description: string;
  type: EventType;
  acronym: string;
  webpage: string | null;
  startDate: string;
  endDate: string;
  submissionDeadline: string;
  reviewDeadline: string;
  notificationDate: string;
  timezone: string;
  venue: string;
  city: string;
  country: string;
  locationDetails: string;
  primaryResearchArea: string;
  secondaryResearchAreas: string[];
  additionalInformation: string;
};

type Raw = string | null | undefined;

/** The fields as sent (or as stored, for an update), before validation. */
type RawEvent = {
  title: Raw;
  description: Raw;
  type: Raw;
  acronym: Raw;
  webpage: Raw;
  start_date: Raw;
  end_date: Raw;
  submission_deadline: Raw;
  review_deadline: Raw;
  notification_date: Raw;
  timezone: Raw;
  venue: Raw;
  city: Raw;
  country: Raw;
  additional_details: Raw;
  primary_research_area: Raw;
  secondary_research_area: string[] | null | undefined;
  additional_information: Raw;
};

const text = (value: Raw) => (typeof value === 'string' ? value.trim() : '');

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

function fail(field: string, key: EventMessageKey, params: Record<string, string | number> = {}): never {
  throw eventFieldError(field, key, params);
}

function required(value: Raw, field: string, key: EventMessageKey, max?: number): string {
  const trimmed = text(value);
  if (!trimmed) fail(field, key);
  if (max !== undefined && trimmed.length > max) fail(field, 'events.tooLong', { max });
  return trimmed;
}

function optional(value: Raw, field: string, max: number): string {
  const trimmed = text(value);
  if (trimmed.length > max) fail(field, 'events.tooLong', { max });
  return trimmed;
}

function requiredDate(value: Raw, field: string, key: EventMessageKey): string {
  const raw = text(value);
  if (!raw) fail(field, key);
  return parseCalendarDate(raw) ?? fail(field, 'events.dateInvalid');
}

/**
 * The event rules, checked in the product's fixed order (`docs/domain.md#validation-order`); the first failing rule
 * throws a 400 naming its field:
 *  1 title · 2 description · 3 type · 4 city · 5 country · 6 start date · 7 end date · 8 end ≥ start ·
 *  9 submission deadline, review deadline, notification date · 10 submission < review · 11 review <
 *  notification · 12 notification < start · 13 primary research area (a catalogue key; secondary areas are
 *  its subcategories) · 14 (creation) chair e-mails, checked by the caller.
 * Rules outside that fixed order come after: acronym, webpage, time zone and the lengths of the free texts.
 */
export function checkEventRules(raw: RawEvent): EventValues {
  const title = required(raw.title, 'title', 'events.titleRequired', EVENT_TITLE_MAX_LENGTH);
  const description = required(
    raw.description,
    'description',
    'events.descriptionRequired',
    EVENT_DESCRIPTION_MAX_LENGTH,
  );

  const typeText = text(raw.type).toLowerCase();
  if (!typeText) fail('type', 'events.typeRequired');
  if (!(EVENT_TYPES as readonly string[]).includes(typeText)) fail('type', 'events.typeInvalid');
  const type = typeText as EventType;

  const city = required(raw.city, 'location.city', 'events.cityRequired', CITY_MAX_LENGTH);
  const countryText = required(raw.country, 'location.country', 'events.countryRequired');
  const country = resolveCountryCode(countryText) ?? fail('location.country', 'events.countryInvalid');

  const startDate = requiredDate(raw.start_date, 'start_date', 'events.startDateRequired');
  const endDate = requiredDate(raw.end_date, 'end_date', 'events.endDateRequired');
  if (endDate < startDate) fail('end_date', 'events.endBeforeStart');

  const submissionDeadline = requiredDate(
    raw.submission_deadline,
    'submission_deadline',
    'events.submissionDeadlineRequired',
  );
  const reviewDeadline = requiredDate(raw.review_deadline, 'review_deadline', 'events.reviewDeadlineRequired');
  const notificationDate = requiredDate(raw.notification_date, 'notification_date', 'events.notificationDateRequired');
  if (!(submissionDeadline < reviewDeadline)) fail('submission_deadline', 'events.submissionNotBeforeReview');
  if (!(reviewDeadline < notificationDate)) fail('review_deadline', 'events.reviewNotBeforeNotification');
  if (!(notificationDate < startDate)) fail('notification_date', 'events.notificationNotBeforeStart');

  const primaryResearchArea = text(raw.primary_research_area);
  if (!primaryResearchArea) fail('primary_research_area', 'events.primaryAreaRequired');
  if (!isResearchArea(primaryResearchArea)) fail('primary_research_area', 'events.primaryAreaInvalid');
  const secondaryResearchAreas: string[] = [];
  for (const entry of raw.secondary_research_area ?? []) {
    const key = entry.trim();
    if (!key || secondaryResearchAreas.includes(key)) continue;
    if (!isSubcategoryOf(primaryResearchArea, key))
      fail('secondary_research_area', 'events.secondaryAreaInvalid', { area: key });
    secondaryResearchAreas.push(key);
  }

  const acronym = optional(raw.acronym, 'acronym', EVENT_ACRONYM_MAX_LENGTH);
  const webpageText = optional(raw.webpage, 'webpage', EVENT_WEBPAGE_MAX_LENGTH);
  if (webpageText && !URL_PATTERN.test(webpageText)) fail('webpage', 'events.webpageInvalid');
  const timezoneText = text(raw.timezone) || DEFAULT_EVENT_TIMEZONE;
  const timezone = canonicalTimezone(timezoneText) ?? fail('timezone', 'events.timezoneInvalid');
  return {
    title,
    description,
    type,
    acronym,
    webpage: webpageText || null,
    startDate,
    endDate,
    submissionDeadline,
    reviewDeadline,
    notificationDate,
    timezone,
    venue: optional(raw.venue, 'location.venue', VENUE_MAX_LENGTH),
    city,
    country,
    locationDetails: optional(raw.additional_details, 'location.additional_details', EVENT_TEXT_MAX_LENGTH),
    primaryResearchArea,
    secondaryResearchAreas,
    additionalInformation: optional(raw.additional_information, 'additional_information', EVENT_TEXT_MAX_LENGTH),
  };
}

function secondaryOf(body: { secondary_research_area?: string[] | null; secondary_research_areas?: string[] | null }) {
  return body.secondary_research_area !== undefined ? body.secondary_research_area : body.secondary_research_areas;
}

/** The chair e-mails as sent (a list or one comma-separated text), trimmed, without blanks and repeats. */
export function chairEmailList(value: CreateEventBody['chair_emails']): string[] {
  const items = typeof value === 'string' ? value.split(/[,;\n]/) : (value ?? []);
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const item of items) {
    const email = item.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

/**
 * Rule 14: every chair e-mail belongs to a registered user (one query for all of them). The first address that
 * is malformed or unknown answers 400 on `chair_emails`, naming it. Returns the users' ids, in the order sent.
 */
export async function resolveChairEmails(db: Db, emails: string[]): Promise<number[]> {
  if (emails.length > MAX_CHAIR_EMAILS) fail('chair_emails', 'events.tooManyChairEmails', { max: MAX_CHAIR_EMAILS });
  for (const email of emails) {
    if (!EMAIL_PATTERN.test(email) || email.length > 254) fail('chair_emails', 'events.chairEmailInvalid', { email });
  }
  if (emails.length === 0) return [];
  const lowered = emails.map((email) => email.toLowerCase());
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in ${lowered}`);
  const byEmail = new Map(found.map((row) => [row.email.toLowerCase(), row.id]));
  return emails.map(
    (email) => byEmail.get(email.toLowerCase()) ?? fail('chair_emails', 'events.chairEmailNotFound', { email }),
  );
}

/** The creation payload checked with rules 1–13 and the later ones; absent `type` means conference. */
export function checkNewEvent(body: CreateEventBody): EventValues {
  return checkEventRules({
    title: body.title,
    description: body.description,
    type: body.type === undefined ? DEFAULT_EVENT_TYPE : body.type,
    acronym: body.acronym,
    webpage: body.webpage,
    start_date: body.start_date,
    end_date: body.end_date,
    submission_deadline: body.submission_deadline,
    review_deadline: body.review_deadline,
    notification_date: body.notification_date,
    timezone: body.timezone,
    venue: body.location?.venue,
    city: body.location?.city,
    country: body.location?.country,
    additional_details: body.location?.additional_details,
    primary_research_area: body.primary_research_area,
    secondary_research_area: secondaryOf(body),
    additional_information: body.additional_information,
  });
}

/** The name each stored field has in the API (`location.city` as the field errors name it), for the audit's changes. */
const API_FIELD_NAMES: Record<keyof EventValues, string> = {
  title: 'title',
  description: 'description',
  type: 'type',
  acronym: 'acronym',
  webpage: 'webpage',
  startDate: 'start_date',
  endDate: 'end_date',
  submissionDeadline: 'submission_deadline',
  reviewDeadline: 'review_deadline',
  notificationDate: 'notification_date',
  timezone: 'timezone',
  venue: 'location.venue',
  city: 'location.city',
  country: 'location.country',
  locationDetails: 'location.additional_details',
  primaryResearchArea: 'primary_research_area',
  secondaryResearchAreas: 'secondary_research_areas',
  additionalInformation: 'additional_information',
};

/** One changed field of an update: its stored value before and after, as the audit records it. */
export type FieldChange = { from: unknown; to: unknown };
/** The changed fields of an update by their API name (`submission_deadline`, `location.city`, `reminder_days`). */
export type EventChanges = Record<string, FieldChange>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The reminder days sent (`reminder_days`), after the creation rules: each must be one of `REMINDER_DAYS_CHOICES`
 * (400 on `reminder_days` naming the choices otherwise); repeats are dropped and the days sorted, largest first
 * (the order the reminders go out in). An empty list turns the reminders off.
 */
function checkReminderDays(sent: number[]): number[] {
  const choices = REMINDER_DAYS_CHOICES as readonly number[];
  for (const day of sent) {
    if (!choices.includes(day)) fail('reminder_days', 'events.reminderDaysInvalid', { choices: choices.join(', ') });
  }
  return [...new Set(sent)].sort((a, b) => b - a);
}

/** The settings of the review cycle after the reviews, as stored on the event row. */
export type ReviewCycleValues = {
  responseEnabled: boolean;
  responseOpensAt: string | null;
  responseClosesAt: string | null;
  responseWordLimit: number;
  discussionReviewersSee: DiscussionVisibility;
  assistantEnabled: boolean;
  finalVersionEnabled: boolean;
  finalVersionDeadline: string | null;
  supplementaryMaxMb: number;
};

/** The API name of each review cycle setting (`response_phase.opens_at`), as the field errors and the audit name it. */
const REVIEW_CYCLE_FIELD_NAMES: Record<keyof ReviewCycleValues, string> = {
  responseEnabled: 'response_phase.enabled',
  responseOpensAt: 'response_phase.opens_at',
  responseClosesAt: 'response_phase.closes_at',
  responseWordLimit: 'response_phase.word_limit',
  discussionReviewersSee: 'discussion.reviewers_see',
  assistantEnabled: 'assistant_enabled',
  finalVersionEnabled: 'final_version.enabled',
  finalVersionDeadline: 'final_version.deadline',
  supplementaryMaxMb: 'final_version.supplementary_max_mb',
};

/** A wall-clock time `YYYY-MM-DDTHH:mm` naming a real day and time (zod checked the shape), or a 400 on the field. */
function wallClock(value: string | null, field: string): string | null {
  if (value === null) return null;
  const [date = '', time = ''] = value.split('T');
  const [hours = 99, minutes = 99] = time.split(':').map(Number);
  if (!WALL_CLOCK_PATTERN.test(value) || !parseCalendarDate(date) || hours > 23 || minutes > 59)
    fail(field, 'responses.dateTimeInvalid');
  return value;
}

/**
 * The author response phase and the discussion setting sent (`response_phase`, `discussion`), merged into the stored
 * ones (a field not sent keeps its value; zod checked the types and the word limit's range), then checked in this
 * order, the first failing rule answering 400 on its field: each time names a real day and time; a phase turned on
 * needs its opening time, then its closing time; the closing time comes after the opening time (on `closes_at`).
 * The times are wall-clock times in the event's zone, so they keep their meaning when the zone changes.
 */
function checkReviewCycle(event: EventRow, body: UpdateEventBody, notificationDate: string): ReviewCycleValues {
  const phase = body.response_phase ?? {};
  const opensAt = wallClock(
    phase.opens_at === undefined ? event.responseOpensAt : phase.opens_at,
    REVIEW_CYCLE_FIELD_NAMES.responseOpensAt,
  );
  const closesAt = wallClock(
    phase.closes_at === undefined ? event.responseClosesAt : phase.closes_at,
    REVIEW_CYCLE_FIELD_NAMES.responseClosesAt,
  );
  const enabled = phase.enabled ?? event.responseEnabled;
  if (enabled && opensAt === null) fail(REVIEW_CYCLE_FIELD_NAMES.responseOpensAt, 'responses.opensAtRequired');
  if (enabled && closesAt === null) fail(REVIEW_CYCLE_FIELD_NAMES.responseClosesAt, 'responses.closesAtRequired');
  if (opensAt !== null && closesAt !== null && !(opensAt < closesAt))
    fail(REVIEW_CYCLE_FIELD_NAMES.responseClosesAt, 'responses.closesNotAfterOpens');
  return {
    responseEnabled: enabled,
    responseOpensAt: opensAt,
    responseClosesAt: closesAt,
    responseWordLimit: phase.word_limit ?? event.responseWordLimit,
    discussionReviewersSee: body.discussion?.reviewers_see ?? event.discussionReviewersSee,
    assistantEnabled: body.assistant_enabled ?? event.assistantEnabled,
    ...checkFinalVersion(event, body, notificationDate),
  };
}

/**
 * The final version phase sent (`final_version`), merged into the stored one (zod checked the types, the date's shape
 * and the supplementary limit's bounds), then checked in this order on `final_version.deadline`: a real date; a phase
 * turned on needs its deadline; the deadline is not before the notification date, since the phase follows the
 * decisions (`docs/domain.md#final-version`).
 */
function checkFinalVersion(event: EventRow, body: UpdateEventBody, notificationDate: string) {
  const sent = body.final_version ?? {};
  const field = REVIEW_CYCLE_FIELD_NAMES.finalVersionDeadline;
  const deadline = sent.deadline === undefined ? event.finalVersionDeadline : sent.deadline;
  if (deadline !== null && parseCalendarDate(deadline) !== deadline) fail(field, 'finalVersions.deadlineInvalid');
  const enabled = sent.enabled ?? event.finalVersionEnabled;
  if (enabled && deadline === null) fail(field, 'finalVersions.deadlineRequired');
  if (deadline !== null && deadline < notificationDate)
    fail(field, 'finalVersions.deadlineBeforeNotification', { date: notificationDate });
  return {
    finalVersionEnabled: enabled,
    finalVersionDeadline: deadline,
    supplementaryMaxMb: sent.supplementary_max_mb ?? event.supplementaryMaxMb,
  };
}

/** What an update stores: the checked fields, the reminder days, and the changes against the stored row. */
export type EventUpdate = {
  values: EventValues;
  reminderDays: number[];
  reviewCycle: ReviewCycleValues;
  changes: EventChanges;
};

/**
 * An update: the fields sent replace the stored ones and the whole event is checked with the same rules (so a new
 * end date is compared with the stored start date), then the reminder days. A new primary area without secondary
 * areas clears them, as the form does. Deadlines may move earlier or later, at any time, as long as the order of
 * the dates holds; then the review cycle's settings (`checkReviewCycle`). Returns the values and each changed field
 * with its value before and after.
 */
export function checkEventUpdate(event: EventRow, body: UpdateEventBody): EventUpdate {
  const pick = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  const location = body.location === null ? {} : (body.location ?? undefined);
  const primaryChanged =
    body.primary_research_area !== undefined && text(body.primary_research_area) !== event.primaryResearchArea;
  const sentSecondary = secondaryOf(body);
  const values = checkEventRules({
    title: pick(body.title, event.title),
    description: pick(body.description, event.description),
    type: pick(body.type, event.type),
    acronym: pick(body.acronym, event.acronym),
    webpage: pick(body.webpage, event.webpage),
    start_date: pick(body.start_date, event.startDate),
    end_date: pick(body.end_date, event.endDate),
    submission_deadline: pick(body.submission_deadline, event.submissionDeadline),
    review_deadline: pick(body.review_deadline, event.reviewDeadline),
    notification_date: pick(body.notification_date, event.notificationDate),
    timezone: pick(body.timezone, event.timezone),
    venue: location ? pick(location.venue, event.venue) : event.venue,
    city: location ? pick(location.city, event.city) : event.city,
    country: location ? pick(location.country, event.country) : event.country,
    additional_details: location ? pick(location.additional_details, event.locationDetails) : event.locationDetails,
    primary_research_area: pick(body.primary_research_area, event.primaryResearchArea),
    secondary_research_area:
      sentSecondary !== undefined ? sentSecondary : primaryChanged ? [] : event.secondaryResearchAreas,
    additional_information: pick(body.additional_information, event.additionalInformation),
  });
  const reminderDays =
    body.reminder_days === undefined ? event.reminderDays : checkReminderDays(body.reminder_days ?? []);
  const reviewCycle = checkReviewCycle(event, body, values.notificationDate);
  const changes: EventChanges = {};
  for (const key of Object.keys(values) as (keyof EventValues)[]) {
    if (!same(values[key], event[key])) changes[API_FIELD_NAMES[key]] = { from: event[key], to: values[key] };
  }
  if (!same(reminderDays, event.reminderDays)) changes.reminder_days = { from: event.reminderDays, to: reminderDays };
  for (const key of Object.keys(reviewCycle) as (keyof ReviewCycleValues)[]) {
    if (!same(reviewCycle[key], event[key]))
      changes[REVIEW_CYCLE_FIELD_NAMES[key]] = { from: event[key], to: reviewCycle[key] };
  }
  return { values, reminderDays, reviewCycle, changes };
}
