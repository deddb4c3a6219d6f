import { z } from 'zod';
import { fillMessage } from './messages.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Events: creation, detail, lists, status, members, reviewer invitations, tracks and the AI description rewrite
 * (`docs/domain.md#event`, `docs/domain.md#event-status`).
 *
 * Errors. Every event error carries a stable message key next to its English text, so clients can translate it
 * (the keys and both languages are EVENT_MESSAGES below):
 *   { "detail": "End date cannot be before start date", "code": "VALIDATION_ERROR",
 *     "fields": { "end_date": ["End date cannot be before start date"] },
 *     "field_codes": { "end_date": ["events.endBeforeStart"] } }
 * Errors without a field (403, 404, 409, 502) carry `message_code` instead of `field_codes`.
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

export const MEMBERSHIP_ROLES = ['event_admin', 'chair', 'reviewer'] as const;
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
};

// ---------------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------------

/** Message keys of the events and AI APIs with English and Arabic text; `{name}` is filled from the error. */
export const EVENT_MESSAGES = {
  'events.titleRequired': { en: 'Title is required', ar: 'العنوان مطلوب' },
  'events.descriptionRequired': { en: 'Description is required', ar: 'الوصف مطلوب' },
  'events.typeRequired': { en: 'Event type is required', ar: 'نوع الفعالية مطلوب' },
  'events.typeInvalid': {
    en: 'Select a valid event type: conference, workshop, book or journal',
    ar: 'اختر نوعًا صحيحًا للفعالية: مؤتمر أو ورشة عمل أو كتاب أو مجلة علمية',
  },
  'events.cityRequired': { en: 'City is required', ar: 'المدينة مطلوبة' },
  'events.countryRequired': { en: 'Country is required', ar: 'الدولة مطلوبة' },
  'events.countryInvalid': { en: 'Select a valid country', ar: 'اختر دولة صحيحة' },
  'events.startDateRequired': { en: 'Start date is required', ar: 'تاريخ البدء مطلوب' },
  'events.endDateRequired': { en: 'End date is required', ar: 'تاريخ الانتهاء مطلوب' },
  'events.dateInvalid': { en: 'Enter a valid date (YYYY-MM-DD)', ar: 'أدخل تاريخًا صحيحًا بالصيغة YYYY-MM-DD' },
  'events.endBeforeStart': {
    en: 'End date cannot be before start date',
    ar: 'لا يمكن أن يكون تاريخ الانتهاء قبل تاريخ البدء',
  },
  'events.submissionDeadlineRequired': {
    en: 'Submission deadline is required',
    ar: 'الموعد النهائي لتقديم الأوراق مطلوب',
  },
  'events.reviewDeadlineRequired': { en: 'Review deadline is required', ar: 'الموعد النهائي للتحكيم مطلوب' },
  'events.notificationDateRequired': { en: 'Notification date is required', ar: 'تاريخ إعلان النتائج مطلوب' },
  'events.submissionNotBeforeReview': {
    en: 'Submission deadline must be before the review deadline',
    ar: 'يجب أن يسبق الموعد النهائي لتقديم الأوراق الموعدَ النهائي للتحكيم',
  },
  'events.reviewNotBeforeNotification': {
    en: 'Review deadline must be before the notification date',
    ar: 'يجب أن يسبق الموعد النهائي للتحكيم تاريخَ إعلان النتائج',
  },
  'events.notificationNotBeforeStart': {
    en: 'Notification date must be before the start date',
    ar: 'يجب أن يسبق تاريخ إعلان النتائج تاريخَ بدء الفعالية',
  },
  'events.primaryAreaRequired': { en: 'Primary research area is required', ar: 'مجال البحث الرئيسي مطلوب' },
  'events.primaryAreaInvalid': {
    en: 'Select a valid primary research area',
    ar: 'اختر مجال بحث رئيسيًا صحيحًا',
  },
  'events.secondaryAreaInvalid': {
    en: '"{area}" is not a subcategory of the chosen primary research area',
    ar: '«{area}» ليس من فروع مجال البحث الرئيسي المختار',
  },
  'events.chairEmailInvalid': {
    en: '{email} is not a valid email address',
    ar: '{email} ليس عنوان بريد إلكتروني صحيحًا',
  },
  'events.chairEmailNotFound': {
    en: 'No user found with email {email}',
    ar: 'لا يوجد مستخدم مسجّل بالبريد الإلكتروني {email}',
  },
  'events.tooManyChairEmails': {
    en: 'Enter at most {max} chair email addresses',
    ar: 'أدخل {max} عنوانًا للبريد الإلكتروني للرؤساء على الأكثر',
  },
  'events.tooLong': {
    en: 'Ensure this field has no more than {max} characters.',
    ar: 'تأكد من ألا يزيد هذا الحقل على {max} حرفًا.',
  },
  'events.webpageInvalid': {
    en: 'Enter a valid URL starting with http:// or https://',
    ar: 'أدخل رابطًا صحيحًا يبدأ بـ http:// أو https://',
  },
  'events.timezoneInvalid': {
    en: 'Select a valid time zone (AoE or a name such as Asia/Riyadh)',
    ar: 'اختر منطقة زمنية صحيحة (AoE أو اسمًا مثل Asia/Riyadh)',
  },
  'events.statusInvalid': { en: 'Select a valid status', ar: 'اختر حالة صحيحة' },
  'events.notFound': { en: 'Event not found.', ar: 'الفعالية غير موجودة.' },
  'events.permissionDenied': {
    en: 'You do not have permission to perform this action on this event.',
    ar: 'ليست لديك صلاحية تنفيذ هذا الإجراء على هذه الفعالية.',
  },
  'events.adminOnly': {
    en: 'Only site administrators can do this.',
    ar: 'لا يمكن القيام بهذا إلا لمسؤولي الموقع.',
  },
  'events.notPending': {
    en: 'Only a pending event can be approved or rejected; this event is {status}.',
    ar: 'لا يمكن اعتماد فعالية أو رفضها إلا إذا كانت قيد المراجعة، وحالة هذه الفعالية: {status}.',
  },
  'events.transitionNotAllowed': {
    en: 'An event cannot change from {from} to {to}.',
    ar: 'لا يمكن تغيير حالة الفعالية من {from} إلى {to}.',
  },
  'events.hasSubmissions': {
    en: 'This event has submissions and cannot be deleted.',
    ar: 'لا يمكن حذف هذه الفعالية لأن لها أوراقًا مقدّمة.',
  },
  'events.userNotFound': { en: 'User not found.', ar: 'المستخدم غير موجود.' },
  'events.userIdRequired': { en: 'user_id is required', ar: 'معرّف المستخدم (user_id) مطلوب' },
  'events.alreadyChair': {
    en: 'This user is already a chair of this event.',
    ar: 'هذا المستخدم رئيس لهذه الفعالية بالفعل.',
  },
  'events.notChair': { en: 'This user is not a chair of this event.', ar: 'هذا المستخدم ليس رئيسًا لهذه الفعالية.' },
  'events.alreadyEventAdmin': {
    en: 'This user is already an event admin of this event.',
    ar: 'هذا المستخدم مسؤول عن هذه الفعالية بالفعل.',
  },
  'events.notEventAdmin': {
    en: 'This user is not an event admin of this event.',
    ar: 'هذا المستخدم ليس مسؤولًا عن هذه الفعالية.',
  },
  'events.lastEventAdmin': {
    en: 'An event must keep at least one event admin.',
    ar: 'يجب أن يبقى للفعالية مسؤول واحد على الأقل.',
  },
  'events.alreadyReviewer': {
    en: 'This user is already a reviewer of this event.',
    ar: 'هذا المستخدم محكّم في هذه الفعالية بالفعل.',
  },
  'events.notReviewer': {
    en: 'This person is not a reviewer of this event.',
    ar: 'هذا الشخص ليس محكّمًا في هذه الفعالية.',
  },
  'events.maxPapersRange': {
    en: 'max_papers must be a whole number between {min} and {max}',
    ar: 'يجب أن يكون الحد الأقصى للأوراق (max_papers) عددًا صحيحًا بين {min} و{max}',
  },
  'events.emailRequired': { en: 'Email is required', ar: 'البريد الإلكتروني مطلوب' },
  'events.emailInvalid': { en: 'Enter a valid email address', ar: 'أدخل عنوان بريد إلكتروني صحيحًا' },
  'events.nameTooShort': {
    en: 'Must be at least {min} characters',
    ar: 'يجب ألا يقل عن {min} أحرف',
  },
  'events.reviewerAdded': { en: 'Reviewer added successfully', ar: 'تمت إضافة المحكّم بنجاح' },
  'events.reviewerRemoved': { en: 'Reviewer removed successfully', ar: 'تمت إزالة المحكّم بنجاح' },
  'events.invitationSent': { en: 'Reviewer invitation sent successfully', ar: 'تم إرسال دعوة التحكيم بنجاح' },
  'events.trackNameRequired': { en: 'Track name is required', ar: 'اسم المسار مطلوب' },
  'events.trackNameTaken': {
    en: 'A track with this name already exists in this event.',
    ar: 'يوجد مسار بهذا الاسم في هذه الفعالية بالفعل.',
  },
  'events.trackNotFound': { en: 'Track not found.', ar: 'المسار غير موجود.' },
  'events.trackChairNotFound': {
    en: 'No user found with id {id}',
    ar: 'لا يوجد مستخدم بالمعرّف {id}',
  },
  'events.deleted': { en: 'Event deleted successfully', ar: 'تم حذف الفعالية بنجاح' },
  'ai.descriptionRequired': {
    en: 'Please enter a description before rewriting',
    ar: 'يُرجى إدخال وصف قبل إعادة الصياغة',
  },
  'ai.descriptionTooLong': {
    en: 'The description is too long to rewrite (at most {max} characters).',
    ar: 'الوصف أطول من أن تُعاد صياغته (الحد الأقصى {max} حرف).',
  },
  'ai.unavailable': {
    en: 'The AI service is not available right now. Please try again later.',
    ar: 'خدمة الذكاء الاصطناعي غير متاحة الآن. يُرجى المحاولة لاحقًا.',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
export type EventMessageKey = keyof typeof EVENT_MESSAGES;

/** The text of a message key in a language, with `{name}` placeholders filled in. */
export function eventMessage(
  key: EventMessageKey,
  params: Record<string, string | number> = {},
  language: 'en' | 'ar' = 'en',
): string {
  return fillMessage(EVENT_MESSAGES[key][language], params);
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

/** `PATCH events/{id}/`: the fields sent are checked with the creation rules against the stored values. */
export const UpdateEventBody = z.object(eventFields);
export type UpdateEventBody = z.infer<typeof UpdateEventBody>;

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

export const MemberBody = z.object({ user_id: UserIdField });
export type MemberBody = z.infer<typeof MemberBody>;

export const AddReviewerBody = z.object({
  user_id: UserIdField,
  expertise: z.string({ error: 'validation.invalid' }).nullish(),
  max_papers: z.union([z.number(), z.string()], { error: 'validation.invalid' }).nullish(),
});
export type AddReviewerBody = z.infer<typeof AddReviewerBody>;

/** `remove_reviewer/`: a registered reviewer by user_id, or a pending invitation by its e-mail address. */
export const RemoveReviewerBody = z.object({
  user_id: UserIdField,
  email: z.string({ error: 'validation.invalid' }).nullish(),
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
  manage_members: z.boolean(),
  approve: z.boolean(),
  change_status: z.boolean(),
  view_submissions: z.boolean(),
  submit: z.boolean(),
  /** Automatic assignment, conflicts of interest and the candidate check (the event's committee). */
  manage_reviewing: z.boolean(),
  /** The bidding list (the event's reviewers). */
  bid: z.boolean(),
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
  abilities: EventAbilities,
  /** The statuses the viewer may move the event to with `change_status/` (empty when none). */
  allowed_status_changes: z.array(z.enum(EVENT_STATUSES)),
});
export type EventDto = z.infer<typeof EventDto>;

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
