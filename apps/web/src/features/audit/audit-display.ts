import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@confero/contracts';
import type { Translation } from '@confero/i18n';

/*
 * The labels of the audit log's actions and kinds of things: every one the server records (`AUDIT_ACTIONS`,
 * `AUDIT_ENTITIES` in contracts, which type the server's `recordAudit`) has one, and a test fails when one lacks it.
 * An older entry's action no longer written shows its code, which is data, not interface text.
 */

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
