import type { AuditEntryDto } from '@confero/contracts';
import type { AuditRow } from './audit.queries.ts';

/** Keys of recorded data never shown, at any level, whatever the reader: secrets and their digests. */
const SECRET_KEY = /password|token|secret|hash|jti/i;

/** Actions whose entries name who reviews, bids on, discusses, leads (its area chair) or is conflicted with a submission. */
const REVIEWING_ACTION = /^(review|bid|conflict|assignment|discussion|response|area_chair|meta_review)\./;

/** The data of an entry without secrets, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The names of what an entry changed: the keys of `data.changes` (`{field: {from, to}}`) when the entry has them,
 * else the names it listed in `data.fields`, else the `X` of its `from_X`/`to_X` pairs, else `status` (`value` for
 * a bid) when it recorded a bare `from`/`to`.
 */
export function changedFields(action: string, data: Record<string, unknown>): string[] {
  if (isRecord(data.changes)) return Object.keys(data.changes);
  if (Array.isArray(data.fields)) return data.fields.filter((field): field is string => typeof field === 'string');
  const paired = new Set(
    Object.keys(data).flatMap((key) => {
      const match = /^(?:from|to)_(.+)$/.exec(key);
      return match?.[1] ? [match[1]] : [];
    }),
  );
  if (paired.size > 0) return [...paired];
  if ('from' in data || 'to' in data) return [action.startsWith('bid.') ? 'value' : 'status'];
  return [];
}

/** What the presenter needs beyond the row: the public ids of the page's things and what the reader may not see. */
export type AuditView = {
  publicIds: ReadonlyMap<string, string>;
  /** The submissions whose reviewing the reader may not see (their conflicts); empty for site admins. */
  hiddenSubmissions: ReadonlySet<number>;
};

/**
 * One entry for its reader. An entry about the reviewing (reviews, bids, conflicts, assignment, the discussion, the authors' response) of a submission the
 * reader is conflicted with keeps what happened and when, but not who did it nor what it recorded (`redacted`), as
 * a conflicted chair never learns that paper's reviewers (`docs/security.md#audit-log`). Secrets are never shown.
 */
export function presentAuditEntry(row: AuditRow, view: AuditView): AuditEntryDto {
  const redacted =
    row.submissionId !== null && view.hiddenSubmissions.has(row.submissionId) && REVIEWING_ACTION.test(row.action);
  const data = redacted ? {} : (withoutSecrets(row.data) as Record<string, unknown>);
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      redacted || row.actorPublicId === null
        ? null
        : { public_id: row.actorPublicId, name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim() },
    event:
      row.eventPublicId === null || row.eventTitle === null
        ? null
        : { public_id: row.eventPublicId, title: row.eventTitle },
    entity: row.entity,
    entity_id: row.entityId === null ? null : (view.publicIds.get(`${row.entity}:${row.entityId}`) ?? row.entityId),
    action: row.action,
    fields: redacted ? [] : changedFields(row.action, data),
    data,
    redacted,
  };
}
