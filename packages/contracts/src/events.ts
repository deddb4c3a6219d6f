import { type ServerMessageKey, serverMessage } from '@confero/i18n';
import { z } from 'zod';
import { FinalVersionPatch, FinalVersionPhaseDto } from './final-version.ts';
import {
  DiscussionSettingsDto,
  DiscussionSettingsPatch,
  ResponsePhaseDto,
  ResponsePhasePatch,
} from './review-phases.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Events: creation, detail, lists, status, members, reviewer invitations, tracks and the AI description rewrite
 * (`docs/domain.md#event`, `docs/domain.md#event-status`).
 *
 * Errors. Every event error carries a stable message key next to its English text, so clients can translate it
 * (the error body is `ApiError` in errors.ts; the keys' texts are in `packages/i18n/locales/{en,ar}/server.json`):
 *   { "detail": "End date cannot be before start date", "code": "VALIDATION_ERROR",
 *     "fields": { "end_date": ["End date cannot be before start date"] },
 *     "field_codes": { "end_date": ["events.endBeforeStart"] } }
 * Errors without a field (403, 404, 409, 502) carry `message_code` (and `params`) instead of `field_codes`.
 */

// ---------------------------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------------------------

export const EVENT_TYPES = ['conference', 'workshop', 'book', 'journal'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const DEFAULT_EVENT_TYPE: EventType = 'conference';

/**
 * pending → approved | rejected (platform admin); approved ⇄ active (active = submissions open); active →
 * completed; approved | active → cancelled. The table and its rules live in apps/api/src/modules/events/event-state.ts.
 */
export const EVENT_STATUSES = ['pending', 'approved', 'active', 'completed', 'rejected', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Statuses every signed-in user may see; the others are visible to the event's members and platform admins. */
export const PUBLIC_EVENT_STATUSES = ['approved', 'active', 'completed'] as const satisfies readonly EventStatus[];

/** An event's roles; `area_chair` is the senior programme committee (`docs/domain.md#area-chair`). */
export const MEMBERSHIP_ROLES = ['event_admin', 'chair', 'reviewer', 'area_chair'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'declined'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** 'AoE' (Anywhere on Earth, UTC−12) or an IANA time zone name. */
export const DEFAULT_EVENT_TIMEZONE = 'AoE';
export const DEFAULT_MAX_PAPERS = 5;
export const MAX_PAPERS_MIN = 1;
export const MAX_PAPERS_MAX = 100;
export const INVITATION_TTL_DAYS = 14;
export const INVITE_NAME_MIN_LENGTH = 2;

export const EVENT_TITLE_MAX_LENGTH = 300;
export const EVENT_ACRONYM_MAX_LENGTH = 50;
export const EVENT_DESCRIPTION_MAX_LENGTH = 20_000;
export const EVENT_TEXT_MAX_LENGTH = 5_000;
export const EVENT_WEBPAGE_MAX_LENGTH = 500;
export const VENUE_MAX_LENGTH = 300;
export const CITY_MAX_LENGTH = 150;
export const TRACK_NAME_MAX_LENGTH = 200;
export const TRACK_DESCRIPTION_MAX_LENGTH = 5_000;
export const EXPERTISE_TEXT_MAX_LENGTH = 2_000;
export const MAX_CHAIR_EMAILS = 50;
/** The longest description the rewrite accepts, and the longest answer a provider may give. */
export const REWRITE_INPUT_MAX_LENGTH = EVENT_DESCRIPTION_MAX_LENGTH;

export const BLIND_MODES = ['single', 'double'] as const;
export const OTHER_REVIEWS_VISIBILITY = ['never', 'after_submit', 'always'] as const;
export const AUTHORS_SEE_REVIEWS = ['after_decision', 'never'] as const;

/** How an event runs its reviews (`docs/domain.md#event`): process settings are data, not branches in code. */
export const ReviewSettings = z.object({
  /** single: reviewers see the authors; double: neither side sees the other. */
  blind_mode: z.enum(BLIND_MODES),
  /** When a reviewer may read the other reviews of a paper. */
  reviewers_see_other_reviews: z.enum(OTHER_REVIEWS_VISIBILITY),
  /** How many reviews each submission should get. */
  reviewers_per_paper: z.number().int().min(1).max(20),
  /** When authors may read their reviews. */
  authors_see_reviews: z.enum(AUTHORS_SEE_REVIEWS),
});
export type ReviewSettings = z.infer<typeof ReviewSettings>;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  blind_mode: 'double',
  reviewers_see_other_reviews: 'after_submit',
  reviewers_per_paper: 3,
  authors_see_reviews: 'after_decision',
};

/** A change to some review settings; the others keep their value. */
export const ReviewSettingsPatch = z
  .object({
    blind_mode: z.enum(BLIND_MODES, { error: 'validation.invalidChoice' }),
    reviewers_see_other_reviews: z.enum(OTHER_REVIEWS_VISIBILITY, { error: 'validation.invalidChoice' }),
    reviewers_per_paper: z.number({ error: 'validation.invalid' }).int().min(1).max(20),
    authors_see_reviews: z.enum(AUTHORS_SEE_REVIEWS, { error: 'validation.invalidChoice' }),
  })
  .partial();
export type ReviewSettingsPatch = z.infer<typeof ReviewSettingsPatch>;

/** English and Arabic labels of the enumerations (the API answers the English `*_display`). */
export const EVENT_TYPE_LABELS: Record<EventType, { en: string; ar: string }> = {
  conference: { en: 'Conference', ar: 'مؤتمر' },
  workshop: { en: 'Workshop', ar: 'ورشة عمل' },
  book: { en: 'Book', ar: 'كتاب' },
  journal: { en: 'Journal', ar: 'مجلة علمية' },
};

export const EVENT_STATUS_LABELS: Record<EventStatus, { en: string; ar: string }> = {
  pending: { en: 'Pending', ar: 'قيد المراجعة' },
  approved: { en: 'Approved', ar: 'معتمدة' },
  active: { en: 'Active', ar: 'نشطة' },
  completed: { en: 'Completed', ar: 'مكتملة' },
  rejected: { en: 'Rejected', ar: 'مرفوضة' },
  cancelled: { en: 'Cancelled', ar: 'ملغاة' },
};

export const MEMBERSHIP_ROLE_LABELS: Record<MembershipRole, { en: string; ar: string }> = {
  event_admin: { en: 'Event admin', ar: 'مسؤول الفعالية' },
  chair: { en: 'Chair', ar: 'رئيس' },
  reviewer: { en: 'Reviewer', ar: 'محكّم' },
  area_chair: { en: 'Area chair', ar: 'رئيس مجال' },
};

// ---------------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------------

/** A message key of the events and AI APIs: a key of the API's catalogue (`packages/i18n/locales/{en,ar}/server.json`). */
export type EventMessageKey = ServerMessageKey;

/** The text of a message key in a language, with `{{name}}` placeholders filled in. */
export function eventMessage(
  key: EventMessageKey,
  params: Record<string, string | number> = {},
  language: 'en' | 'ar' = 'en',
): string {
  return serverMessage(key, params, language);
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/*
 * The creation and update bodies only check types: the rules are checked on the server in the product's fixed
 * order (`docs/domain.md#validation-order`), so that the first failing rule answers, with its field.
 */
const looseText = z.string({ error: 'validation.invalid' }).nullish();

export const EventLocationInput = z.object({
  venue: looseText,
  city: looseText,
  /** The country's name in English or Arabic, or its ISO alpha-2 code; stored as the code. */
  country: looseText,
  additional_details: looseText,
});
export type EventLocationInput = z.infer<typeof EventLocationInput>;

const eventFields = {
  title: looseText,
  description: looseText,
  type: looseText,
  acronym: looseText,
  webpage: looseText,
  start_date: looseText,
  end_date: looseText,
  submission_deadline: looseText,
  review_deadline: looseText,
  notification_date: looseText,
  /** 'AoE' (default) or an IANA time zone name; deadlines end at 23:59:59 of their date there. */
  timezone: looseText,
  primary_research_area: looseText,
  /** The request's name for the secondary areas (a list of subcategory keys of the primary area). */
  secondary_research_area: z.array(z.string({ error: 'validation.invalid' })).nullish(),
  /** Accepted as a synonym of `secondary_research_area` (the name the event answers with). */
  secondary_research_areas: z.array(z.string({ error: 'validation.invalid' })).nullish(),
  location: EventLocationInput.nullish(),
  additional_information: looseText,
  review_settings: ReviewSettingsPatch.optional(),
};

export const CreateEventBody = z.object({
  ...eventFields,
  /** E-mail addresses of registered users who become the event's chairs (a list, or one comma-separated text). */
  chair_emails: z
    .union([z.array(z.string({ error: 'validation.invalid' })), z.string()], { error: 'validation.invalid' })
    .nullish(),
});
export type CreateEventBody = z.infer<typeof CreateEventBody>;

/**
 * `PATCH events/{id}/`: the fields sent are checked with the creation rules against the stored values. Besides the
 * creation fields, `reminder_days`: the days before the review deadline on which reviewers with reviews not completed
 * are reminded, each one of `REMINDER_DAYS_CHOICES` (communications.ts); an empty list turns the reminders off.
 */
export const UpdateEventBody = z.object({
  ...eventFields,
  reminder_days: z.array(z.number({ error: 'validation.invalid' }), { error: 'validation.invalid' }).nullish(),
  /** The author response phase (review-cycle.ts); the fields sent change, the others keep their value. */
  response_phase: ResponsePhasePatch.nullish(),
  /** The committee's discussion of a paper (review-cycle.ts). */
  discussion: DiscussionSettingsPatch.nullish(),
  /** Whether reviewers may ask the review assistant about their drafts (`docs/domain.md#review-assistant`). */
  assistant_enabled: z.boolean({ error: 'validation.invalid' }).nullish(),
  /** The final version phase (final-version.ts); the fields sent change, the others keep their value. */
  final_version: FinalVersionPatch.nullish(),
});
export type UpdateEventBody = z.infer<typeof UpdateEventBody>;

/** The dates of an event that close something (`docs/domain.md#what-each-date-closes`), in their order. */
export const EVENT_DEADLINE_FIELDS = ['submission_deadline', 'review_deadline'] as const;
export type EventDeadlineField = (typeof EVENT_DEADLINE_FIELDS)[number];

export const EventIdParams = z.object({ id: z.string().max(60) });
export type EventIdParams = z.infer<typeof EventIdParams>;

export const TrackIdParams = z.object({ id: z.string().max(60), track_id: z.string().max(60) });
export type TrackIdParams = z.infer<typeof TrackIdParams>;

export const InvitationTokenParams = z.object({ token: z.string().max(200) });
export type InvitationTokenParams = z.infer<typeof InvitationTokenParams>;

export const EventListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  status: z.enum(EVENT_STATUSES, { error: 'validation.invalidChoice' }).optional(),
  search: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

/** The role lists (`events/my_events/` …) answer arrays; `status` narrows them (e.g. the admin list's filter). */
export const RoleListQuery = z.object({
  status: z.enum(EVENT_STATUSES, { error: 'validation.invalidChoice' }).optional(),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export const ChangeStatusBody = z.object({ status: z.string({ error: 'validation.required' }) });
export type ChangeStatusBody = z.infer<typeof ChangeStatusBody>;

export const RejectEventBody = z
  .object({ reason: z.string({ error: 'validation.invalid' }).trim().max(EVENT_TEXT_MAX_LENGTH).nullish() })
  .nullish();
export type RejectEventBody = z.infer<typeof RejectEventBody>;

/** A user by public id (`12-abcdefgh`) or numeric id. */
const UserIdField = z.union([z.string(), z.number().int()], { error: 'validation.invalid' }).nullish();

/** `add_chair/` and the other member calls: a user by `user_id`, or (adding) a registered user by `email`. */
export const MemberBody = z.object({
  user_id: UserIdField,
  email: z.string({ error: 'validation.invalid' }).nullish(),
});
export type MemberBody = z.infer<typeof MemberBody>;

export const AddReviewerBody = z.object({
  user_id: UserIdField,
  expertise: z.string({ error: 'validation.invalid' }).nullish(),
  max_papers: z.union([z.number(), z.string()], { error: 'validation.invalid' }).nullish(),
});
export type AddReviewerBody = z.infer<typeof AddReviewerBody>;

/**
 * What `remove_reviewer/` does with the reviewer's reviews in the event. Completed reviews always stay (they are the
 * record of the decision); `keep` leaves the unfinished ones too, `delete` deletes them (assigned and drafts).
 * Without a choice, a reviewer holding reviews is not removed: 409 REVIEWER_HAS_REVIEWS with the counts.
 */
export const REVIEWER_REMOVAL_CHOICES = ['keep', 'delete'] as const;
export type ReviewerRemovalChoice = (typeof REVIEWER_REMOVAL_CHOICES)[number];

/** `remove_reviewer/`: a registered reviewer by user_id, or a pending invitation by its e-mail address. */
export const RemoveReviewerBody = z.object({
  user_id: UserIdField,
  email: z.string({ error: 'validation.invalid' }).nullish(),
  /** What happens to the reviewer's unfinished reviews (`REVIEWER_REMOVAL_CHOICES`). */
  reviews: z.enum(REVIEWER_REMOVAL_CHOICES, { error: 'validation.invalidChoice' }).nullish(),
});
export type RemoveReviewerBody = z.infer<typeof RemoveReviewerBody>;

export const InviteReviewerBody = z.object({
  email: z.string({ error: 'validation.invalid' }).nullish(),
  first_name: z.string({ error: 'validation.invalid' }).nullish(),
  last_name: z.string({ error: 'validation.invalid' }).nullish(),
});
export type InviteReviewerBody = z.infer<typeof InviteReviewerBody>;

export const CreateTrackBody = z.object({
  name: z.string({ error: 'validation.invalid' }).nullish(),
  description: z.string({ error: 'validation.invalid' }).nullish(),
  /** Public ids (or numeric ids) of the users who chair this track; replaces the current chairs. */
  chair_ids: z.array(z.union([z.string(), z.number().int()]), { error: 'validation.invalid' }).nullish(),
});
export type CreateTrackBody = z.infer<typeof CreateTrackBody>;

export const UpdateTrackBody = CreateTrackBody;
export type UpdateTrackBody = z.infer<typeof UpdateTrackBody>;

export const RewriteDescriptionBody = z.object({
  event_description: z.string({ error: 'validation.invalid' }).nullish(),
});
export type RewriteDescriptionBody = z.infer<typeof RewriteDescriptionBody>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

export const EventLocationDto = z.object({
  venue: z.string(),
  city: z.string(),
  /** The English name of the country. */
  country: z.string(),
  country_code: z.string(),
  additional_details: z.string(),
});
export type EventLocationDto = z.infer<typeof EventLocationDto>;

export const PersonDto = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export type PersonDto = z.infer<typeof PersonDto>;

export const ChairDto = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role_display: z.string(),
  public_id: z.string(),
});
export type ChairDto = z.infer<typeof ChairDto>;

export const ChairDetailDto = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ChairDetailDto = z.infer<typeof ChairDetailDto>;

export const TrackChairDto = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  public_id: z.string(),
});
export type TrackChairDto = z.infer<typeof TrackChairDto>;

export const TrackDto = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  description: z.string(),
  chairs: z.array(TrackChairDto),
});
export type TrackDto = z.infer<typeof TrackDto>;

/** What the viewer may do with the event: the web app reads these, never roles. */
export const EventAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  /** The committee: chairs, their invitations, track chairs, reviewers (`add_chair/`, `invite_chair/` …). */
  manage_members: z.boolean(),
  /** The event admins and their invitations (`add_event_admin/`, `invite_event_admin/` …). */
  manage_event_admins: z.boolean(),
  approve: z.boolean(),
  change_status: z.boolean(),
  view_submissions: z.boolean(),
  submit: z.boolean(),
  /** Automatic assignment, conflicts of interest and the candidate check (the event's committee). */
  manage_reviewing: z.boolean(),
  /** The bidding list (the event's reviewers). */
  bid: z.boolean(),
  /** The event's mail: compose, templates, reminders, its outbox (the communications screens). */
  send_mail: z.boolean(),
  /** The exports screen. */
  export: z.boolean(),
  /** The event's audit log. */
  view_audit: z.boolean(),
  /** The dashboard, the reviewers' progress and the chair's submissions table. */
  view_progress: z.boolean(),
});
export type EventAbilities = z.infer<typeof EventAbilities>;

const eventSummary = {
  id: z.number().int(),
  public_id: z.string(),
  title: z.string(),
  acronym: z.string(),
  type: z.enum(EVENT_TYPES),
  type_display: z.string(),
  status: z.enum(EVENT_STATUSES),
  status_display: z.string(),
  /** Calendar dates, YYYY-MM-DD. */
  start_date: z.string(),
  end_date: z.string(),
  submission_deadline: z.string(),
  review_deadline: z.string(),
  notification_date: z.string(),
  timezone: z.string(),
  location: EventLocationDto,
  primary_research_area: z.string(),
  submission_count: z.number().int(),
  track_count: z.number().int(),
  reviewer_count: z.number().int(),
  created_at: z.string(),
};

/** One row of an event list: built for a whole page in a constant number of queries. */
export const EventListItemDto = z.object(eventSummary);
export type EventListItemDto = z.infer<typeof EventListItemDto>;

export const EventListDto = z.array(EventListItemDto);
export type EventListDto = z.infer<typeof EventListDto>;

export const EventPageDto = paginated(EventListItemDto);
export type EventPageDto = z.infer<typeof EventPageDto>;

/** The event detail. `review_settings` only reaches the event's staff and platform admins. */
export const EventDto = z.object({
  ...eventSummary,
  description: z.string(),
  webpage: z.string().nullable(),
  secondary_research_areas: z.array(z.string()),
  additional_information: z.string(),
  creator: PersonDto.nullable(),
  creator_name: z.string(),
  creator_email: z.string(),
  updated_at: z.string(),
  chairs: z.array(ChairDto),
  chairs_details: z.array(ChairDetailDto),
  event_admins: z.array(ChairDto),
  tracks: z.array(TrackDto),
  review_settings: ReviewSettings.optional(),
  /** Days before the review deadline on which late reviewers are reminded (empty: never); staff only, like `review_settings`. */
  reminder_days: z.array(z.number().int()).optional(),
  /** The author response phase: everyone who may see the event (authors need its window). */
  response_phase: ResponsePhaseDto,
  /** The final version phase: everyone who may see the event (authors need its deadline). */
  final_version: FinalVersionPhaseDto,
  /** Who of the reviewers reads a paper's discussion; staff only, like `review_settings`. */
  discussion: DiscussionSettingsDto.optional(),
  /** Whether reviewers may ask the review assistant (`docs/domain.md#review-assistant`); staff only, like `review_settings`. */
  assistant_enabled: z.boolean().optional(),
  abilities: EventAbilities,
  /** The statuses the viewer may move the event to with `change_status/` (empty when none). */
  allowed_status_changes: z.array(z.enum(EVENT_STATUSES)),
});
export type EventDto = z.infer<typeof EventDto>;

/**
 * The answer of `PATCH events/{id}/`: the event, and the deadlines whose instant moved (their date, or the event's
 * time zone, changed), so the screen can offer to tell the people they concern.
 */
export const UpdatedEventDto = EventDto.extend({ deadlines_changed: z.array(z.enum(EVENT_DEADLINE_FIELDS)) });
export type UpdatedEventDto = z.infer<typeof UpdatedEventDto>;

/** `GET events/{id}/calendar.ics?lang=`: the language of the feed's texts (English unless `ar`). */
export const CalendarFeedQuery = z.object({
  lang: z.enum(['en', 'ar'], { error: 'validation.invalidChoice' }).optional(),
});
export type CalendarFeedQuery = z.infer<typeof CalendarFeedQuery>;

export const ReviewerDto = z.object({
  /** The reviewer's user public id; null for an invitation to someone without an account. */
  public_id: z.string().nullable(),
  display_name: z.string(),
  email: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** True when the invitee accepted but has no verified account with this address yet. */
  awaiting_account: z.boolean(),
  expertise: z.string(),
  max_papers: z.number().int(),
  invited_at: z.string().nullable(),
  responded_at: z.string().nullable(),
});
export type ReviewerDto = z.infer<typeof ReviewerDto>;

export const ReviewerListDto = z.array(ReviewerDto);
export type ReviewerListDto = z.infer<typeof ReviewerListDto>;

export const ReviewerAnswerDto = z.object({ message: z.string(), reviewer: ReviewerDto });
export type ReviewerAnswerDto = z.infer<typeof ReviewerAnswerDto>;

export const EventMessageDto = z.object({ message: z.string() });
export type EventMessageDto = z.infer<typeof EventMessageDto>;

export const TrackListDto = z.array(TrackDto);
export type TrackListDto = z.infer<typeof TrackListDto>;

export const AI_PROVIDERS = ['local', 'openai'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export const RewriteDescriptionDto = z.object({
  rewritten_description: z.string(),
  /** Which provider produced the text. */
  provider: z.enum(AI_PROVIDERS),
});
export type RewriteDescriptionDto = z.infer<typeof RewriteDescriptionDto>;

/** Where the invitation links land in the web app (302 from the API). */
export const INVITATION_REDIRECTS = {
  accepted: '/reviewer-invitation/accepted',
  declined: '/reviewer-invitation/declined',
  error: '/reviewer-invitation/error',
} as const;
export const INVITATION_ERROR_REASONS = ['expired', 'answered', 'invalid'] as const;
export type InvitationErrorReason = (typeof INVITATION_ERROR_REASONS)[number];
