import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { authoredBy } from './authorship-sql.ts';
import { submissionNotFound } from './submission-errors.ts';
import { submissionPolicies } from './submissions.policy.ts';
import { presentSubmission } from './submissions.presenter.ts';
import { findSubmissionView, findSubmissionViewByIdParam, type SubmissionView } from './submissions.queries.ts';

export type LoadedSubmission = SubmissionView;

/**
 * The submission of a route (`{id}` = public id or numeric id) as the viewer may see it, with the viewer's access:
 * 404 when it does not exist AND when the viewer may not see it (neither an author nor staff of its event), so
 * outsiders learn nothing (`docs/domain.md#404-or-403`). One statement.
 */
export async function loadSubmission(db: Db, actor: Actor, idParam: string): Promise<LoadedSubmission> {
  const loaded = await findSubmissionViewByIdParam(db, actor, idParam);
  if (!loaded) throw submissionNotFound();
  authorize(submissionPolicies['submission.view'](loaded.access));
  return loaded;
}

/**
 * The submission a caller wants to change (PATCH, DELETE), authorized for the action: like `loadSubmission`, except
 * that an author of another submission of the same event — a participant of the event, who can see how many
 * submissions it has — is answered with the action's 403 rather than 404. People with no part in the event still get
 * 404, and nobody but the submission's authors and staff ever reads it.
 */
export async function loadSubmissionForChange(
  db: Db,
  actor: Actor,
  idParam: string,
  action: 'submission.update' | 'submission.delete',
): Promise<LoadedSubmission> {
  const loaded = await findSubmissionViewByIdParam(db, actor, idParam);
  if (!loaded) throw submissionNotFound();
  const view = submissionPolicies['submission.view'](loaded.access);
  const [participant] = view.allowed
    ? []
    : await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.eventId, loaded.submission.eventId), authoredBy(actor.id)))
        .limit(1);
  authorize(view.allowed || participant ? submissionPolicies[action](loaded.access) : view);
  return loaded;
}

/** The DTO of a submission as it is now (after a change) for the viewer, with fresh access: one statement. */
export async function presentSubmissionNow(db: Db, actor: Actor, id: number) {
  const loaded = await findSubmissionView(db, actor, id);
  if (!loaded) throw submissionNotFound();
  return presentSubmission(loaded.submission, loaded.access);
}
