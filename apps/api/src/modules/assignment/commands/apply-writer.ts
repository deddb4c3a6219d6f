import type { AssignmentMode } from '@confero/contracts';
import type { Db } from '../../../db/client.ts';
import type { EventRow } from '../../events/events.queries.ts';
import type { ApplyResult } from '../assignment.queries.ts';

/**
 * What the writer of an apply's role (apply-assignment.ts `APPLY_WRITERS`) gets: the apply's transaction, the event,
 * what it needs of the preview's result (findApplyResult) and its mode, and the 409 that undoes the apply when the event no longer matches the preview.
 */
export type ApplyContext = {
  tx: Db;
  event: EventRow;
  actorId: number;
  result: ApplyResult;
  mode: AssignmentMode;
  publicUrl: string;
  stale: () => Error;
};

/** A role's writer: the pairs it created and the ones it removed. */
export type ApplyWriter = (ctx: ApplyContext) => Promise<{ created: number; removed: number }>;
