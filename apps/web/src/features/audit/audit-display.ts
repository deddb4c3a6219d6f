import type { Translation } from '@confero/i18n';

/*
 * The labels of the audit log's actions and kinds of things. The server writes new actions as the product grows; an
 * action without a label shows its code, which is data, not interface text.
 */

/** The actions the server records, with a label in `audit.actions.*` (translation.json). */
export const AUDIT_ACTIONS = [
  'event.created',
  'event.updated',
  'event.deleted',
  'event.status_changed',
  'event.chair_added',
  'event.chair_removed',
  'event.event_admin_added',
  'event.event_admin_removed',
  'event.reviewer_added',
  'event.reviewer_removed',
  'event.reviewer_invited',
  'event.invitation_accepted',
  'event.invitation_declined',
  'track.created',
  'track.updated',
  'track.deleted',
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
  'bid.put',
  'bid.cleared',
  'conflict.declared',
  'conflict.lifted',
  'conflict.withdrawn',
  'assignment.applied',
  'mail.retried',
  'user.registered',
  'user.email_verified',
  'user.profile_updated',
  'user.password_changed',
  'user.password_reset',
  'user.admin_updated',
  'user.deleted',
] as const;

/** The kinds of things entries are about, with a label in `audit.entities.*`. */
export const AUDIT_ENTITIES = [
  'event',
  'event_membership',
  'track',
  'submission',
  'review',
  'conflict',
  'assignment_preview',
  'mail',
  'user',
] as const;

const known = (list: readonly string[], value: string) => list.includes(value);

type ActionKey = keyof Translation['audit']['actions'];
type EntityKey = keyof Translation['audit']['entities'];

/** The translation key of an action's label (`event.updated` → `audit.actions.event_updated`), if it has one. */
export const actionLabelKey = (action: string) =>
  known(AUDIT_ACTIONS, action)
    ? (`audit.actions.${action.replace('.', '_')}` as `audit.actions.${ActionKey}`)
    : undefined;

/** The translation key of a kind of thing's label, if it has one. */
export const entityLabelKey = (entity: string) =>
  known(AUDIT_ENTITIES, entity) ? (`audit.entities.${entity}` as `audit.entities.${EntityKey}`) : undefined;

/** A short text of what an entry recorded: `key: value` pairs, values as JSON, cut at `max` characters. */
export function dataSummary(data: Record<string, unknown>, max = 240): string {
  const text = Object.entries(data)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
