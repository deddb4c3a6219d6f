import { z } from 'zod';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

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
