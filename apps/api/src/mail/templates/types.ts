import type { MailTemplate } from '@confero/contracts';

/** The template names live in the shared contracts, where the operators' outbox screen reads them too. */
export { MAIL_TEMPLATES, type MailTemplate } from '@confero/contracts';

export type MailData = Record<string, string | number | null | undefined>;

/**
 * The data keys each template cannot do without; `queueMail` refuses a mail that
 * lacks one. Optional keys a template also reads:
 * - every template: `first_name` (the greeting falls back to a plain "Hello")
 * - auth.password_changed: `link` (where to reset the password)
 * - events.approved: `link` (the event page); events.rejected: `reason`
 * - events.reviewer_invitation: `inviter_name`
 * - events.invitation_declined: `link` (the event's reviewers page)
 * - events.organizer_invitation: `inviter_name`; `role` is `chair` or `event_admin`
 * - events.message: `link` (a button under the text)
 * - submissions.receipt: `link` (the submission page)
 * - submissions.decision: `decision_details`, `link`
 * - reviews.assigned, reviews.papers_assigned: `review_deadline`
 * - reviews.unassigned: `draft_deleted` (any text: the reviewer's saved draft was deleted with it), `link`
 * - discussion.mentioned: `comment` (the comment's text, quoted)
 * - reviews.revisit: `incomplete` (any text: the review is not submitted yet, so the mail asks to complete it)
 */
export const REQUIRED_DATA: Record<MailTemplate, readonly string[]> = {
  'auth.verify_email': ['link'],
  'auth.password_reset': ['link'],
  'auth.password_changed': [],
  'events.approved': ['event_title'],
  'events.rejected': ['event_title'],
  'events.reviewer_invitation': ['event_title', 'accept_url', 'decline_url'],
  'events.invitation_declined': ['event_title', 'reviewer_name', 'reviewer_email'],
  'events.organizer_invitation': ['event_title', 'role', 'accept_url', 'decline_url'],
  'events.message': ['subject', 'body'],
  'submissions.receipt': ['submission_title', 'event_title', 'received_at', 'sha256'],
  'submissions.decision': ['submission_title', 'event_title', 'decision'],
  'reviews.assigned': ['submission_title', 'event_title', 'link'],
  'reviews.unassigned': ['submission_title', 'event_title'],
  'responses.submitted': ['submission_title', 'event_title', 'link'],
  'responses.window_open': ['submission_title', 'event_title', 'closes_at', 'link'],
  'responses.closing_soon': ['submission_title', 'event_title', 'closes_at', 'link'],
  'final_versions.received': ['submission_title', 'event_title', 'version', 'link'],
  'discussion.mentioned': ['submission_title', 'event_title', 'link'],
  'meta_reviews.completed': ['submission_title', 'event_title', 'recommendation', 'link'],
  'area_chairs.papers_assigned': ['event_title', 'papers', 'count', 'link'],
  'area_chairs.assigned': ['submission_title', 'event_title', 'link'],
  'reviews.revisit': ['submission_title', 'event_title', 'message', 'link'],
  'reviews.papers_assigned': ['event_title', 'papers', 'count', 'link'],
};

/** Read access to a mail's data, already formatted for the mail's locale. */
export type MailValues = {
  /** The value as text; '' when absent. */
  text(key: string): string;
  has(key: string): boolean;
  /** An ISO date-time formatted in the locale (UTC), or the raw text when it does not parse. */
  dateTime(key: string): string;
  /** A calendar date (YYYY-MM-DD) formatted in the locale, or the raw text. */
  date(key: string): string;
};

/** A mail's content in blocks; `render.ts` lays it out as text and as HTML with every value escaped. */
export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  details?: { label: string; value: string; monospace?: boolean }[];
  /** A multi-line text given by a person (decision details, a reason), shown as a quoted block. */
  note?: { label: string; text: string };
  actions?: { label: string; url: string }[];
  /** Paragraphs after the links. */
  closing?: string[];
};

/** A mail locale: what the renderer needs besides the content, and each template's content in the locale. */
export type LocaleMail = {
  locale: string;
  dir: 'ltr' | 'rtl';
  /** Locale tag given to Intl for dates. */
  intlLocale: string;
  linkHint: string;
  signature: string;
  footer: string;
  templates: Record<MailTemplate, (values: MailValues) => MailContent>;
};
