import {
  type CreateEventBody,
  countryName,
  DEFAULT_EVENT_TIMEZONE,
  DEFAULT_EVENT_TYPE,
  type EventMessageKey,
  type EventType,
} from '@confero/contracts';

/** The event creation form: its values, its client-side checks and the creation payload. */

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
  return null;
}

const optional = (value: string) => value.trim() || undefined;

/** The creation payload (the country as its English name; optional texts only when given). */
export function toCreateEventBody(values: EventFormValues): CreateEventBody {
  const chairEmails = [...new Set(values.chairEmails.map((row) => row.email.trim()).filter(Boolean))];
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type || DEFAULT_EVENT_TYPE,
    acronym: optional(values.acronym),
    webpage: optional(values.webpage),
    start_date: values.startDate,
    end_date: values.endDate,
    submission_deadline: values.submissionDeadline,
    review_deadline: values.reviewDeadline,
    notification_date: values.notificationDate,
    timezone: values.timezone || DEFAULT_EVENT_TIMEZONE,
    primary_research_area: values.primaryArea,
    secondary_research_area: values.secondaryAreas,
    location: {
      venue: optional(values.venue),
      city: values.city.trim(),
      country: values.country ? countryName(values.country, 'en') : '',
      additional_details: optional(values.additionalDetails),
    },
    chair_emails: chairEmails.length > 0 ? chairEmails : undefined,
    additional_information: optional(values.additionalInformation),
  };
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
    additional_information: 'additionalInformation',
  };
  if (field === 'chair_emails') {
    const index = values.chairEmails.findIndex(
      (row) => email && row.email.trim().toLowerCase() === email.toLowerCase(),
    );
    return `chairEmails.${Math.max(index, 0)}.email`;
  }
  return direct[field];
}
