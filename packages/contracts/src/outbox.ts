import { z } from 'zod';
import { MAIL_STATUSES } from './enums.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/** Every e-mail the platform sends (the outbox's `template`). A template exists in every mail locale. */
export const MAIL_TEMPLATES = [
  'auth.verify_email',
  'auth.password_reset',
  'auth.password_changed',
  'events.approved',
  'events.rejected',
  'events.reviewer_invitation',
  'events.invitation_declined',
  /** An invitation to be a chair of the whole event or an event admin (`role`: chair | event_admin). */
  'events.organizer_invitation',
  /** A chair's mail to a person of the event (group mails, reminders, decisions): subject and body already filled. */
  'events.message',
  'submissions.receipt',
  'submissions.decision',
  'reviews.assigned',
  'reviews.unassigned',
  /** To a paper's committee: its authors submitted their response to the reviews. */
  'responses.submitted',
  /** To a paper's authors: the response window opened; and a day before it closes. */
  'responses.window_open',
  'responses.closing_soon',
  /** To an author of an accepted paper: the receipt of its final version. */
  'final_versions.received',
  /** A member of a paper's committee was mentioned in its discussion. */
  'discussion.mentioned',
  /** To a paper's committee: its area chair completed its meta-review (`recommendation`). */
  'meta_reviews.completed',
  /** To an area chair: they now chair a submission. */
  'area_chairs.assigned',
  /** To a reviewer: the paper's area chair or chairs ask them to revisit their review (`message`). */
  'reviews.revisit',
  /** To an area chair, once per automatic assignment applied: the papers they now chair (`papers`, `count`). */
  'area_chairs.papers_assigned',
  /** To a reviewer, once per automatic assignment applied: the papers they now review (`papers`, `count`). */
  'reviews.papers_assigned',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const isMailTemplate = (value: unknown): value is MailTemplate =>
  typeof value === 'string' && (MAIL_TEMPLATES as readonly string[]).includes(value);

/** An event by public id (`12-abcdefgh`) or numeric id, as the outbox filters take it. */
const EventRef = z
  .string()
  .trim()
  .regex(/^\d{1,12}(?:-[a-z2-7]{8})?$/, 'validation.invalid');

/** The event a mail is about; `public_id` and `title` are null when the event was deleted since. */
export const OutboxEventDto = z.object({
  id: z.number().int(),
  public_id: z.string().nullable(),
  title: z.string().nullable(),
});
export type OutboxEventDto = z.infer<typeof OutboxEventDto>;

/**
 * One mail of the outbox as the site admins' list shows it (no bodies). `next_attempt_at` is when the next try is
 * due (null once sent or failed); `abilities.retry` says whether "retry now" applies (any mail not sent yet).
 */
export const OutboxMailDto = z.object({
  id: z.number().int(),
  recipient: z.string(),
  locale: z.string(),
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  transport: z.string().nullable(),
  event: OutboxEventDto.nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  abilities: z.object({ retry: z.boolean() }),
});
export type OutboxMailDto = z.infer<typeof OutboxMailDto>;

/** `GET admin/outbox/{id}/`: the row with the subject and text body it was rendered with. */
export const OutboxMailDetailDto = OutboxMailDto.extend({ subject: z.string(), text_body: z.string() });
export type OutboxMailDetailDto = z.infer<typeof OutboxMailDetailDto>;

export const OutboxPageDto = paginated(OutboxMailDto);
export type OutboxPageDto = z.infer<typeof OutboxPageDto>;

/** The filters of the outbox: status, the event a mail is about, its template. */
const OUTBOX_FILTER_FIELDS = {
  event: EventRef.optional(),
  template: z.enum(MAIL_TEMPLATES, { error: 'validation.invalidChoice' }).optional(),
};

/** `GET admin/outbox/?page=&page_size=&status=&event=&template=`, newest first. */
export const OutboxListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  status: z.enum(MAIL_STATUSES, { error: 'validation.invalidChoice' }).optional(),
  ...OUTBOX_FILTER_FIELDS,
});
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;

/** `POST admin/outbox/retry-failed/`: every failed mail matching these filters (all failed mails without any). */
export const OutboxRetryFailedBody = z.object(OUTBOX_FILTER_FIELDS).nullish();
export type OutboxRetryFailedBody = z.infer<typeof OutboxRetryFailedBody>;

export const OutboxRetryFailedDto = z.object({ retried: z.number().int() });
export type OutboxRetryFailedDto = z.infer<typeof OutboxRetryFailedDto>;

export const OutboxMailParams = z.object({
  id: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(2_147_483_647, 'validation.invalid'),
});
export type OutboxMailParams = z.infer<typeof OutboxMailParams>;
