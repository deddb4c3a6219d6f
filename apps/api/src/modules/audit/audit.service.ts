import type { AuditEntryDto } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findConflictedSubmissionIds } from '../conflicts/detect-conflict.ts';
import { presentAuditEntry } from './audit.presenter.ts';
import { type AuditFilter, type AuditScope, findEntityPublicIds, listAudit } from './audit.queries.ts';

/**
 * One page of an audit log for a reader the route authorized: the entries of the scope, with the public ids of what
 * they name and, in an event's log, the reviewing of the submissions the reader is conflicted with redacted. A
 * constant number of queries whatever the page's length.
 */
export async function readAuditPage(
  db: Db,
  reader: Actor,
  options: { scope: AuditScope; page: number; pageSize: number; filter: AuditFilter },
): Promise<{ entries: AuditEntryDto[]; count: number }> {
  const hiddenSubmissions =
    options.scope === 'platform'
      ? new Set<number>()
      : await findConflictedSubmissionIds(db, options.scope.eventId, reader);
  const { rows, count } = await listAudit(db, options);
  const publicIds = await findEntityPublicIds(db, rows);
  return { entries: rows.map((row) => presentAuditEntry(row, { publicIds, hiddenSubmissions })), count };
}
