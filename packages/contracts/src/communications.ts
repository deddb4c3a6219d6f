/*
 * The words an event's chairs write to its people: the groups a mail can go to, the templates a chair can word, and
 * the placeholders a template may use. The API and the screens read these lists; their texts (labels, default
 * wordings) live in the message catalogue.
 */

/** Who a group mail goes to (`POST events/{id}/mail/send/`). */
export const MAIL_AUDIENCES = [
  'authors',
  'accepted_authors',
  'rejected_authors',
  'undecided_authors',
  'reviewers',
  'late_reviewers',
  'committee',
] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];

/**
 * The mails an event's chairs may word themselves, in English and Arabic (`GET`/`PUT events/{id}/mail-templates/{key}/`).
 * Until a chair saves one, the catalogue's default wording is used.
 * - `submission_deadline_changed`, `review_deadline_changed`: sent when a chair tells authors / reviewers that a
 *   deadline moved;
 * - `review_reminder`: a reminder to a reviewer with reviews not completed (by hand, or the automatic reminders);
 * - `decision_accept`, `decision_reject`, `decision_revision`: the decision mail to each author of a paper;
 * - `announcement`: a free mail to any group.
 */
export const EVENT_MAIL_TEMPLATE_KEYS = [
  'submission_deadline_changed',
  'review_deadline_changed',
  'review_reminder',
  'decision_accept',
  'decision_reject',
  'decision_revision',
  'announcement',
] as const;
export type EventMailTemplateKey = (typeof EVENT_MAIL_TEMPLATE_KEYS)[number];

export const isEventMailTemplateKey = (value: unknown): value is EventMailTemplateKey =>
  typeof value === 'string' && (EVENT_MAIL_TEMPLATE_KEYS as readonly string[]).includes(value);

/**
 * The placeholders a chair's template may hold, written `{first_name}`. `link` is the paper's page for mails about a
 * paper, the reviewer's reviews page for reviewers, and the event's page otherwise; `deadline` is the deadline the
 * mail is about (the submission deadline for authors, the review deadline for reviewers) in the event's time zone.
 */
export const MAIL_PLACEHOLDERS = ['first_name', 'last_name', 'paper_title', 'event_title', 'deadline', 'link'] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];

/** The lengths a chair's template may reach. */
export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_BODY_MAX_LENGTH = 20_000;

/** A group mail's life: queued (accepted, recipients not yet written), running, done, or failed (with the error). */
export const MAIL_SEND_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type MailSendStatus = (typeof MAIL_SEND_STATUSES)[number];

/** The days before the review deadline on which reviewers with reviews not completed may be reminded. */
export const REMINDER_DAYS_CHOICES = [1, 2, 3, 5, 7, 10, 14] as const;
