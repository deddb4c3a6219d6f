import type { SubmissionDecision } from '@confero/contracts';
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.ts';
import { events, submissions } from '../../db/schema/index.ts';
import { submissionNotFound } from './submission-errors.ts';

/**
 * The first step of a save that the event's phase settings and the paper's decision govern (an author response, a
 * final version, a meta-review): the event row held FOR SHARE while `eventFields` are read from it (a chair's change
 * of the phase, `PATCH events/{id}/`, holds that row, so it waits for the save or the save reads its result), then the
 * submission row held in `submissionLock` mode while its decision is read (a decision waits likewise; `update` where
 * the save itself must exclude a concurrent one of the same paper). Always in this order, event then submission, as
 * every writer of both takes them. 404 SUBMISSION_NOT_FOUND when either row is gone.
 */
export async function lockEventAndSubmission<T extends SelectedFields>(
  tx: Db,
  submission: { id: number; eventId: number },
  eventFields: T,
  submissionLock: 'share' | 'update',
): Promise<{ event: SelectResultFields<T>; decision: SubmissionDecision }> {
  // Drizzle cannot follow a generic selection through `.for()`: selected as plain fields, typed back here.
  const eventRows = await tx
    .select(eventFields as SelectedFields)
    .from(events)
    .where(eq(events.id, submission.eventId))
    .for('share');
  const [event] = eventRows as SelectResultFields<T>[];
  const [locked] = await tx
    .select({ decision: submissions.decision })
    .from(submissions)
    .where(eq(submissions.id, submission.id))
    .for(submissionLock);
  if (!event || !locked) throw submissionNotFound();
  return { event, decision: locked.decision };
}
