import { z } from 'zod';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/**
 * Every action the server records in the audit log (`recordAudit`'s `action` is typed with it, so a new action
 * must be added here, and the web's test then asks for its label in `audit.actions.*`).
 */
export const AUDIT_ACTIONS = [
  'event.created',
  'event.updated',
  'event.deleted',
  'event.status_changed',
  'event.chair_added',
  'event.chair_removed',
  'event.chair_invited',
  'event.event_admin_added',
  'event.event_admin_removed',
  'event.event_admin_invited',
  'event.reviewer_added',
  'event.reviewer_removed',
  'event.reviewer_invited',
  'event.area_chair_added',
  'event.area_chair_removed',
  'event.area_chair_invited',
  'event.area_chair_updated',
  'event.reviewer_updated',
  'event.invitation_accepted',
  'event.invitation_declined',
  'event.invitation_activated',
  'event.invitation_linked',
  'track.created',
  'track.updated',
  'track.deleted',
  'track.chairs_changed',
  'submission.created',
  'submission.updated',
  'submission.deleted',
  'submission.status_changed',
  'submission.decision_made',
  'submission.authors_linked',
  'review.assigned',
  'review.unassigned',
  'review.draft_saved',
  'review.submitted',
  'review.revisit_requested',
  'area_chair.assigned',
  'area_chair.unassigned',
  'response.draft_saved',
  'response.submitted',
  'final_version.submitted',
  'review_form.updated',
  'meta_review.saved',
  'meta_review.submitted',
  'discussion.commented',
  'discussion.edited',
  'discussion.deleted',
  'discussion.flagged',
  'bid.put',
  'bid.cleared',
  'conflict.declared',
  'conflict.lifted',
  'conflict.withdrawn',
  'assignment.applied',
  'area_chair.assignment_applied',
  'mail.retried',
  'mail.resent',
  'mail.group_sent',
  'mail_template.updated',
  'reviewers.reminded',
  'user.registered',
  'user.email_verified',
  'user.profile_updated',
  'user.password_changed',
  'user.password_reset',
  'user.admin_updated',
  'user.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of things audit entries are about (`recordAudit`'s `entity`). */
export const AUDIT_ENTITIES = [
  'event',
  'event_membership',
  'event_mail_template',
  'track',
  'submission',
  'review',
  'conflict',
  'assignment_preview',
  'mail',
  'mail_send',
  'user',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** A user or an event by public id (`12-abcdefgh`) or numeric id, as the audit filters take them. */
const IdRef = z
  .string()
  .trim()
  .regex(/^\d{1,12}(?:-[a-z2-7]{8})?$/, 'validation.invalid');

/** A calendar date (`2026-11-26`) or an ISO 8601 time; a date alone means the whole day (UTC). */
const AuditTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'validation.invalid')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation.invalid');

/** The filters of an audit list: what was done (`event.updated`), to which kind of thing, by whom, when. */
const AUDIT_FILTER_FIELDS = {
  action: z.string().trim().max(100, 'validation.invalid').optional(),
  entity: z.string().trim().max(50, 'validation.invalid').optional(),
  actor: IdRef.optional(),
  from: AuditTime.optional(),
  to: AuditTime.optional(),
};

/** `GET events/{id}/audit/?page=&page_size=&action=&entity=&actor=&from=&to=`, newest first. */
export const EventAuditQuery = z.object({ ...PAGE_QUERY_FIELDS, ...AUDIT_FILTER_FIELDS });
export type EventAuditQuery = z.infer<typeof EventAuditQuery>;

/** `GET admin/audit/`: the same filters and the event an entry is about. */
export const AdminAuditQuery = z.object({ ...PAGE_QUERY_FIELDS, ...AUDIT_FILTER_FIELDS, event: IdRef.optional() });
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

/**
 * One entry of the audit log as its reader may see it. `entity_id` is the public id of the thing where it has one
 * (events, submissions, reviews, tracks, users), else its number; `fields` names what the change touched;
 * `data` is what the entry recorded, less what the reader may not see (`redacted` then says so).
 */
export const AuditEntryDto = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ public_id: z.string(), name: z.string() }).nullable(),
  event: z.object({ public_id: z.string(), title: z.string() }).nullable(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  action: z.string(),
  fields: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  redacted: z.boolean(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

export const AuditPageDto = paginated(AuditEntryDto);
export type AuditPageDto = z.infer<typeof AuditPageDto>;
