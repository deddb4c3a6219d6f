import {
  type CreateEventBody,
  countryName,
  DEFAULT_EVENT_TIMEZONE,
  DEFAULT_EVENT_TYPE,
  DEFAULT_REVIEW_SETTINGS,
  type DiscussionVisibility,
  type EventDto,
  type EventMessageKey,
  type EventType,
  type FinalVersionPatch,
  RESPONSE_WORD_LIMIT_DEFAULT,
  RESPONSE_WORD_LIMIT_MAX,
  type ResponsePhasePatch,
  type ReviewSettings,
  type ReviewSettingsPatch,
  SUPPLEMENTARY_MAX_MB_DEFAULT,
  SUPPLEMENTARY_MAX_MB_MAX,
  SUPPLEMENTARY_MAX_MB_MIN,
  type UpdateEventBody,
  WALL_CLOCK_PATTERN,
} from '@confero/contracts';

/**
 * The event form, for creating an event and for editing it: its values, its client-side checks, the creation
 * payload and the update payload (only what changed).
 */

/** Where a chair e-mail stands after its check on blur. */
export type ChairCheck =
  | { state: 'idle' }
  | { state: 'checking'; email: string }
  | { state: 'found'; email: string }
  | { state: 'notFound'; email: string }
  | { state: 'malformed'; email: string }
  | { state: 'failed'; email: string; message?: string };

export type ChairRow = { key: string; email: string };

export type EventFormValues = {
  title: string;
  acronym: string;
  type: EventType | '';
  description: string;
  webpage: string;
  venue: string;
  city: string;
  /** ISO alpha-2 code from the country picker; the payload carries the country's name. */
  country: string;
  additionalDetails: string;
  /** YYYY-MM-DD, or null when not chosen. */
  startDate: string | null;
  endDate: string | null;
  submissionDeadline: string | null;
  reviewDeadline: string | null;
  notificationDate: string | null;
  timezone: string;
  primaryArea: string;
  secondaryAreas: string[];
  chairEmails: ChairRow[];
  additionalInformation: string;
  /** How the event runs its reviews (edited after creation). */
  reviewSettings: ReviewSettings;
  /** Days before the review deadline on which late reviewers are reminded, as the multi-select holds them. */
  reminderDays: string[];
  /** The author response phase (edited after creation): on or off, its window, its word limit. */
  responseEnabled: boolean;
  /** Wall-clock times in the event's zone, `YYYY-MM-DDTHH:mm` as a datetime-local input holds them ('' for none). */
  responseOpensAt: string;
  responseClosesAt: string;
  /** As the number input holds it ('' while emptied). */
  responseWordLimit: number | string;
  /** When an assigned reviewer reads a paper's discussion. */
  discussionReviewersSee: DiscussionVisibility;
  /** Reviewers may ask the review assistant about their drafts (`docs/domain.md#review-assistant`). */
  assistantEnabled: boolean;
  /** The final version phase (`docs/domain.md#final-version`): on or off, its deadline date, the supplementary limit. */
  finalVersionEnabled: boolean;
  finalVersionDeadline: string;
  supplementaryMaxMb: number | string;
};

export type EventFormField = keyof EventFormValues | `chairEmails.${number}.email`;

let rowSequence = 0;
export function newChairRow(email = ''): ChairRow {
  rowSequence += 1;
  return { key: `chair-${rowSequence}`, email };
}

export function initialEventFormValues(): EventFormValues {
  return {
    title: '',
    acronym: '',
    type: DEFAULT_EVENT_TYPE,
    description: '',
    webpage: '',
    venue: '',
    city: '',
    country: '',
    additionalDetails: '',
    startDate: null,
    endDate: null,
    submissionDeadline: null,
    reviewDeadline: null,
    notificationDate: null,
    timezone: DEFAULT_EVENT_TIMEZONE,
    primaryArea: '',
    secondaryAreas: [],
    chairEmails: [newChairRow()],
    additionalInformation: '',
    reviewSettings: DEFAULT_REVIEW_SETTINGS,
    reminderDays: [],
    responseEnabled: false,
    responseOpensAt: '',
    responseClosesAt: '',
    responseWordLimit: RESPONSE_WORD_LIMIT_DEFAULT,
    discussionReviewersSee: 'after_own_review',
    assistantEnabled: true,
    finalVersionEnabled: false,
    finalVersionDeadline: '',
    supplementaryMaxMb: SUPPLEMENTARY_MAX_MB_DEFAULT,
  };
}

/** The form's values for an event as the server answers it (the edit form starts from these). */
export function eventFormValuesOf(event: EventDto): EventFormValues {
  return {
    title: event.title,
    acronym: event.acronym,
    type: event.type,
    description: event.description,
    webpage: event.webpage ?? '',
    venue: event.location.venue,
    city: event.location.city,
    country: event.location.country_code,
    additionalDetails: event.location.additional_details,
    startDate: event.start_date,
    endDate: event.end_date,
    submissionDeadline: event.submission_deadline,
    reviewDeadline: event.review_deadline,
    notificationDate: event.notification_date,
    timezone: event.timezone,
    primaryArea: event.primary_research_area,
    secondaryAreas: event.secondary_research_areas,
    chairEmails: [],
    additionalInformation: event.additional_information,
    reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, ...event.review_settings },
    reminderDays: (event.reminder_days ?? []).map(String),
    responseEnabled: event.response_phase.enabled,
    responseOpensAt: event.response_phase.opens_at ?? '',
    responseClosesAt: event.response_phase.closes_at ?? '',
    responseWordLimit: event.response_phase.word_limit,
    discussionReviewersSee: event.discussion?.reviewers_see ?? 'after_own_review',
    assistantEnabled: event.assistant_enabled ?? true,
    finalVersionEnabled: event.final_version.enabled,
    finalVersionDeadline: event.final_version.deadline ?? '',
    supplementaryMaxMb: event.final_version.supplementary_max_mb,
  };
}

/** A simple address pattern (the one the API uses). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EventFormProblem = {
  field: EventFormField;
  key: EventMessageKey;
  params?: Record<string, string | number>;
};

const blank = (value: string | null | undefined) => !value?.trim();

/**
 * Rules 1–14 in the server's order (docs/domain.md#validation-order); the first one that fails is returned and the
 * others are not looked at. Dates are YYYY-MM-DD strings, so they compare as text. Rule 14 refuses a chair e-mail whose
 * check found no user or which is not an address; a check that could not run is left to the server.
 */
export function validateEventForm(
  values: EventFormValues,
  checks: Record<string, ChairCheck> = {},
): EventFormProblem | null {
  if (blank(values.title)) return { field: 'title', key: 'events.titleRequired' };
  if (blank(values.description)) return { field: 'description', key: 'events.descriptionRequired' };
  if (blank(values.type)) return { field: 'type', key: 'events.typeRequired' };
  if (blank(values.city)) return { field: 'city', key: 'events.cityRequired' };
  if (blank(values.country)) return { field: 'country', key: 'events.countryRequired' };
  const { startDate, endDate, submissionDeadline, reviewDeadline, notificationDate } = values;
  if (!startDate) return { field: 'startDate', key: 'events.startDateRequired' };
  if (!endDate) return { field: 'endDate', key: 'events.endDateRequired' };
  if (endDate < startDate) return { field: 'endDate', key: 'events.endBeforeStart' };
  if (!submissionDeadline) return { field: 'submissionDeadline', key: 'events.submissionDeadlineRequired' };
  if (!reviewDeadline) return { field: 'reviewDeadline', key: 'events.reviewDeadlineRequired' };
  if (!notificationDate) return { field: 'notificationDate', key: 'events.notificationDateRequired' };
  if (!(submissionDeadline < reviewDeadline)) {
    return { field: 'submissionDeadline', key: 'events.submissionNotBeforeReview' };
  }
  if (!(reviewDeadline < notificationDate)) {
    return { field: 'reviewDeadline', key: 'events.reviewNotBeforeNotification' };
  }
  if (!(notificationDate < startDate)) return { field: 'notificationDate', key: 'events.notificationNotBeforeStart' };
  if (blank(values.primaryArea)) return { field: 'primaryArea', key: 'events.primaryAreaRequired' };
  for (const [index, row] of values.chairEmails.entries()) {
    const email = row.email.trim();
    if (!email) continue;
    const check = checks[row.key];
    const field = `chairEmails.${index}.email` as const;
    if (!EMAIL_PATTERN.test(email) || (check?.state === 'malformed' && check.email === email)) {
      return { field, key: 'events.chairEmailInvalid', params: { email } };
    }
    if (check?.state === 'notFound' && check.email === email) {
      return { field, key: 'events.chairEmailNotFound', params: { email } };
    }
  }
  return responsePhaseProblem(values) ?? finalVersionProblem(values);
}

/**
 * The final version phase's rules in the server's order (`checkFinalVersion` in the API): the supplementary limit is
 * a whole number from SUPPLEMENTARY_MAX_MB_MIN to SUPPLEMENTARY_MAX_MB_MAX, a phase turned on has its deadline, and the
 * deadline is not before the notification date.
 */
export function finalVersionProblem(values: EventFormValues): EventFormProblem | null {
  const mb = Number(values.supplementaryMaxMb);
  if (
    values.supplementaryMaxMb === '' ||
    !Number.isInteger(mb) ||
    mb < SUPPLEMENTARY_MAX_MB_MIN ||
    mb > SUPPLEMENTARY_MAX_MB_MAX
  ) {
    return { field: 'supplementaryMaxMb', key: 'finalVersions.supplementaryMaxInvalid' };
  }
  const deadline = values.finalVersionDeadline.trim();
  if (values.finalVersionEnabled && !deadline)
    return { field: 'finalVersionDeadline', key: 'finalVersions.deadlineRequired' };
  if (deadline && values.notificationDate && deadline < values.notificationDate) {
    return {
      field: 'finalVersionDeadline',
      key: 'finalVersions.deadlineBeforeNotification',
      params: { date: values.notificationDate },
    };
  }
  return null;
}

/** The final version phase of the form as `PATCH events/{id}/` takes it (a cleared deadline is null). */
function finalVersionOf(values: EventFormValues) {
  return {
    enabled: values.finalVersionEnabled,
    deadline: values.finalVersionDeadline.trim() || null,
    supplementary_max_mb: Number(values.supplementaryMaxMb),
  };
}

/**
 * The response phase's rules in the server's order (`checkReviewCycle` in the API): each time is a real
 * `YYYY-MM-DDTHH:mm`, a phase turned on has its opening then its closing time, the window closes after it opens, and
 * the word limit is a whole number from 1 to RESPONSE_WORD_LIMIT_MAX.
 */
export function responsePhaseProblem(values: EventFormValues): EventFormProblem | null {
  const opens = values.responseOpensAt.trim();
  const closes = values.responseClosesAt.trim();
  const limit = Number(values.responseWordLimit);
  if (values.responseWordLimit === '' || !Number.isInteger(limit) || limit < 1 || limit > RESPONSE_WORD_LIMIT_MAX) {
    return { field: 'responseWordLimit', key: 'responses.wordLimitInvalid' };
  }
  if (opens && !WALL_CLOCK_PATTERN.test(opens)) return { field: 'responseOpensAt', key: 'responses.dateTimeInvalid' };
  if (closes && !WALL_CLOCK_PATTERN.test(closes))
    return { field: 'responseClosesAt', key: 'responses.dateTimeInvalid' };
  if (values.responseEnabled && !opens) return { field: 'responseOpensAt', key: 'responses.opensAtRequired' };
  if (values.responseEnabled && !closes) return { field: 'responseClosesAt', key: 'responses.closesAtRequired' };
  if (opens && closes && !(opens < closes)) return { field: 'responseClosesAt', key: 'responses.closesNotAfterOpens' };
  return null;
}

/** The response phase of the form as `PATCH events/{id}/` takes it (a cleared time is null). */
function responsePhaseOf(values: EventFormValues) {
  return {
    enabled: values.responseEnabled,
    opens_at: values.responseOpensAt.trim() || null,
    closes_at: values.responseClosesAt.trim() || null,
    word_limit: Number(values.responseWordLimit),
  };
}

/** The event's fields as the API names them, texts trimmed (an empty optional text stays ''). */
function eventFieldsOf(values: EventFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type || DEFAULT_EVENT_TYPE,
    acronym: values.acronym.trim(),
    webpage: values.webpage.trim(),
    start_date: values.startDate,
    end_date: values.endDate,
    submission_deadline: values.submissionDeadline,
    review_deadline: values.reviewDeadline,
    notification_date: values.notificationDate,
    timezone: values.timezone || DEFAULT_EVENT_TIMEZONE,
    primary_research_area: values.primaryArea,
    secondary_research_area: values.secondaryAreas,
    location: {
      venue: values.venue.trim(),
      city: values.city.trim(),
      country: values.country ? countryName(values.country, 'en') : '',
      additional_details: values.additionalDetails.trim(),
    },
    additional_information: values.additionalInformation.trim(),
  };
}

const optional = (value: string) => value || undefined;

/** The creation payload (the country as its English name; optional texts only when given). */
export function toCreateEventBody(values: EventFormValues): CreateEventBody {
  const fields = eventFieldsOf(values);
  const chairEmails = [...new Set(values.chairEmails.map((row) => row.email.trim()).filter(Boolean))];
  return {
    ...fields,
    acronym: optional(fields.acronym),
    webpage: optional(fields.webpage),
    location: {
      ...fields.location,
      venue: optional(fields.location.venue),
      additional_details: optional(fields.location.additional_details),
    },
    chair_emails: chairEmails.length > 0 ? chairEmails : undefined,
    additional_information: optional(fields.additional_information),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The entries of `after` that differ from `before`. */
function changedEntries<T extends object>(after: T, before: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => !same(value, before[key as keyof T])),
  ) as Partial<T>;
}

/**
 * The update payload of an edit: only the fields that differ from where the form started (`initial`); within the
 * location, the review settings and the response phase only the parts that changed (the server keeps the others).
 * Cleared optional texts are sent as ''. An empty object when nothing changed.
 */
export function toUpdateEventBody(values: EventFormValues, initial: EventFormValues): UpdateEventBody {
  const { location, ...fields } = eventFieldsOf(values);
  const { location: initialLocation, ...initialFields } = eventFieldsOf(initial);
  const body: UpdateEventBody = changedEntries(fields, initialFields);
  const locationChanges = changedEntries(location, initialLocation);
  if (Object.keys(locationChanges).length > 0) body.location = locationChanges;
  const settings: ReviewSettingsPatch = changedEntries(values.reviewSettings, initial.reviewSettings);
  if (Object.keys(settings).length > 0) body.review_settings = settings;
  const reminderDays = values.reminderDays.map(Number).sort((a, b) => b - a);
  const initialReminderDays = initial.reminderDays.map(Number).sort((a, b) => b - a);
  if (!same(reminderDays, initialReminderDays)) body.reminder_days = reminderDays;
  const phase: ResponsePhasePatch = changedEntries(responsePhaseOf(values), responsePhaseOf(initial));
  if (Object.keys(phase).length > 0) body.response_phase = phase;
  if (values.discussionReviewersSee !== initial.discussionReviewersSee) {
    body.discussion = { reviewers_see: values.discussionReviewersSee };
  }
  if (values.assistantEnabled !== initial.assistantEnabled) body.assistant_enabled = values.assistantEnabled;
  const finalVersion: FinalVersionPatch = changedEntries(finalVersionOf(values), finalVersionOf(initial));
  if (Object.keys(finalVersion).length > 0) body.final_version = finalVersion;
  return body;
}

/** The form field a server problem names (`location.city` → city), for showing it under that field. */
export function formFieldOfServerField(
  field: string,
  values: EventFormValues,
  email?: string,
): EventFormField | undefined {
  const direct: Record<string, EventFormField> = {
    title: 'title',
    description: 'description',
    type: 'type',
    acronym: 'acronym',
    webpage: 'webpage',
    'location.venue': 'venue',
    'location.city': 'city',
    'location.country': 'country',
    'location.additional_details': 'additionalDetails',
    start_date: 'startDate',
    end_date: 'endDate',
    submission_deadline: 'submissionDeadline',
    review_deadline: 'reviewDeadline',
    notification_date: 'notificationDate',
    timezone: 'timezone',
    primary_research_area: 'primaryArea',
    secondary_research_area: 'secondaryAreas',
    secondary_research_areas: 'secondaryAreas',
    additional_information: 'additionalInformation',
    reminder_days: 'reminderDays',
    'response_phase.enabled': 'responseEnabled',
    'response_phase.opens_at': 'responseOpensAt',
    'response_phase.closes_at': 'responseClosesAt',
    'response_phase.word_limit': 'responseWordLimit',
    'discussion.reviewers_see': 'discussionReviewersSee',
    assistant_enabled: 'assistantEnabled',
    'final_version.enabled': 'finalVersionEnabled',
    'final_version.deadline': 'finalVersionDeadline',
    'final_version.supplementary_max_mb': 'supplementaryMaxMb',
  };
  if (field === 'chair_emails') {
    const index = values.chairEmails.findIndex(
      (row) => email && row.email.trim().toLowerCase() === email.toLowerCase(),
    );
    return `chairEmails.${Math.max(index, 0)}.email`;
  }
  if (field.startsWith('review_settings.')) return 'reviewSettings';
  return direct[field];
}
