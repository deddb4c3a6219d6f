import { z } from 'zod';
import { MAIL_STATUSES } from './enums.ts';
import { MAIL_TEMPLATES } from './outbox.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

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
  'final_version_missing',
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
 * - `announcement`: a free mail to any group;
 * - `final_version_reminder`: a reminder to the authors of an accepted paper without its final version (the
 *   `final_version_missing` group; `{deadline}` is the final version's deadline).
 */
export const EVENT_MAIL_TEMPLATE_KEYS = [
  'submission_deadline_changed',
  'review_deadline_changed',
  'review_reminder',
  'decision_accept',
  'decision_reject',
  'decision_revision',
  'announcement',
  'final_version_reminder',
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

/* ---- Requests and answers of the communications API (`apps/api/src/modules/communications`). ---- */

const MailTemplateKeySchema = z.enum(EVENT_MAIL_TEMPLATE_KEYS, { error: 'validation.invalidChoice' });
const MailAudienceSchema = z.enum(MAIL_AUDIENCES, { error: 'validation.invalidChoice' });
/** A public id (`12-abcdefgh`) or numeric id of a paper or a person. */
const RefSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

export const MailTemplateParams = z.object({ id: z.string().max(60), key: MailTemplateKeySchema });
export type MailTemplateParams = z.infer<typeof MailTemplateParams>;

/** `GET events/{id}/mail-templates/`: each template and whether a chair worded it, per language. */
export const EventMailTemplateSummaryDto = z.object({
  key: z.enum(EVENT_MAIL_TEMPLATE_KEYS),
  customized: z.object({ en: z.boolean(), ar: z.boolean() }),
});
export type EventMailTemplateSummaryDto = z.infer<typeof EventMailTemplateSummaryDto>;
export const EventMailTemplateListDto = z.array(EventMailTemplateSummaryDto);
export type EventMailTemplateListDto = z.infer<typeof EventMailTemplateListDto>;

/** One language of a template: the chair's wording, or the default one (`customized` false). */
export const EventMailWordingDto = z.object({ subject: z.string(), body: z.string(), customized: z.boolean() });
export type EventMailWordingDto = z.infer<typeof EventMailWordingDto>;

/** `GET events/{id}/mail-templates/{key}/`: the placeholders the template may use and its wording in each language. */
export const EventMailTemplateDto = z.object({
  key: z.enum(EVENT_MAIL_TEMPLATE_KEYS),
  placeholders: z.array(z.string()),
  en: EventMailWordingDto,
  ar: EventMailWordingDto,
});
export type EventMailTemplateDto = z.infer<typeof EventMailTemplateDto>;

const WordingBody = z.object({
  subject: z.string({ error: 'validation.required' }).max(MAIL_SUBJECT_MAX_LENGTH, 'validation.tooLong'),
  body: z.string({ error: 'validation.required' }).max(MAIL_BODY_MAX_LENGTH, 'validation.tooLong'),
});

/** `PUT events/{id}/mail-templates/{key}/`: a language left out stays as it is; null puts it back to the default. */
export const UpdateEventMailTemplateBody = z.object({
  en: WordingBody.nullish(),
  ar: WordingBody.nullish(),
});
export type UpdateEventMailTemplateBody = z.infer<typeof UpdateEventMailTemplateBody>;

/**
 * `POST events/{id}/mail/preview/` and `POST events/{id}/mail/send/`: the group, and either a template of the event
 * (`template_key`) or a text for this mail only (`subject` and `body`). `submission_ids` narrows an authors' group to
 * those papers; `recipient` (an e-mail address of the group) picks whom the preview is rendered for.
 */
export const MailComposeBody = z.object({
  audience: MailAudienceSchema,
  template_key: MailTemplateKeySchema.nullish(),
  subject: z.string().max(MAIL_SUBJECT_MAX_LENGTH, 'validation.tooLong').nullish(),
  body: z.string().max(MAIL_BODY_MAX_LENGTH, 'validation.tooLong').nullish(),
  submission_ids: z.array(RefSchema).max(1000, 'validation.invalid').nullish(),
  recipient: z.string().trim().max(254, 'validation.tooLong').nullish(),
});
export type MailComposeBody = z.infer<typeof MailComposeBody>;

export const MailRecipientDto = z.object({ name: z.string(), email: z.string(), locale: z.string() });
export type MailRecipientDto = z.infer<typeof MailRecipientDto>;

/**
 * The mail as one recipient of the group would get it, in their language. `recipient` is null when the group is
 * empty: the preview is then rendered for the caller, with sample values.
 */
export const MailPreviewDto = z.object({
  recipient_count: z.number().int(),
  recipient: MailRecipientDto.nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MailPreviewDto = z.infer<typeof MailPreviewDto>;

/** `POST events/{id}/mail/send/` → 202: the group mail, accepted; its recipients are written to the outbox in the background. */
export const MailSendCreatedDto = z.object({
  id: z.string(),
  status: z.enum(MAIL_SEND_STATUSES),
  recipients: z.number().int(),
});
export type MailSendCreatedDto = z.infer<typeof MailSendCreatedDto>;

/** A group mail of the event (`GET events/{id}/mail/sends/`): `queued` counts the recipients written to the outbox so far. */
export const MailSendDto = z.object({
  id: z.string(),
  audience: z.enum(MAIL_AUDIENCES),
  template_key: z.enum(EVENT_MAIL_TEMPLATE_KEYS).nullable(),
  subject: z.string().nullable(),
  status: z.enum(MAIL_SEND_STATUSES),
  recipients: z.number().int(),
  queued: z.number().int(),
  last_error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type MailSendDto = z.infer<typeof MailSendDto>;
export const MailSendPageDto = paginated(MailSendDto);
export type MailSendPageDto = z.infer<typeof MailSendPageDto>;
export const MailSendListQuery = z.object({ ...PAGE_QUERY_FIELDS });
export type MailSendListQuery = z.infer<typeof MailSendListQuery>;

/**
 * `POST events/{id}/reviewers/remind/`: a reminder to the named reviewers (`user_ids`, each holding a review not
 * completed) or, with `late: true`, to every reviewer holding one. Nobody is reminded twice on one day.
 */
export const ReviewerRemindBody = z.object({
  user_ids: z.array(RefSchema).max(500, 'validation.invalid').nullish(),
  late: z.literal(true, { error: 'validation.invalid' }).nullish(),
});
export type ReviewerRemindBody = z.infer<typeof ReviewerRemindBody>;

/** How many reviewers were reminded now, and how many had been reminded earlier the same day (not mailed again). */
export const ReviewerRemindDto = z.object({ sent: z.number().int(), already_reminded: z.number().int() });
export type ReviewerRemindDto = z.infer<typeof ReviewerRemindDto>;

/** One mail of the event's outbox as its organizers see it (no bodies). */
export const EventOutboxMailDto = z.object({
  id: z.number().int(),
  recipient: z.string(),
  locale: z.string(),
  template: z.string(),
  event_template: z.string().nullable(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EventOutboxMailDto = z.infer<typeof EventOutboxMailDto>;
export const EventOutboxPageDto = paginated(EventOutboxMailDto);
export type EventOutboxPageDto = z.infer<typeof EventOutboxPageDto>;

/** `GET events/{id}/outbox/?status=&template=&search=`: `template` is a system template or an event template. */
export const EventOutboxQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  status: z.enum(MAIL_STATUSES, { error: 'validation.invalidChoice' }).optional(),
  template: z.enum([...MAIL_TEMPLATES, ...EVENT_MAIL_TEMPLATE_KEYS], { error: 'validation.invalidChoice' }).optional(),
  search: z.string().trim().max(254, 'validation.tooLong').optional(),
});
export type EventOutboxQuery = z.infer<typeof EventOutboxQuery>;

export const EventOutboxMailParams = z.object({
  id: z.string().max(60),
  mail_id: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(2_147_483_647, 'validation.invalid'),
});
export type EventOutboxMailParams = z.infer<typeof EventOutboxMailParams>;
