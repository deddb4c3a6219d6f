import { DeclaredConflictListDto, SubmissionIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { submissionConflictPolicies } from './conflicts.policy.ts';
import { presentDeclaredConflict } from './conflicts.presenter.ts';
import { findConflictsDeclaredBy } from './conflicts.queries.ts';

/**
 * What an author declared: the conflicts of interest the caller declared on a submission of theirs, so that they can
 * see them and withdraw one (`DELETE events/{id}/conflicts/{conflict_id}/`). Only the caller's own declarations: never
 * another author's, a chair's, a detected one, nor anything about assignments or reviewers. The submission loads as the
 * submission routes load it (404 for outsiders and unknown ids); its other viewers (staff) are answered 403.
 */
export const declaredConflictRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/submissions/:id/declared-conflicts/',
    {
      schema: {
        tags: ['conflicts'],
        summary: "The conflicts of interest the caller declared on a submission of theirs (the submission's authors)",
        params: SubmissionIdParams,
        response: { 200: DeclaredConflictListDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      authorize(submissionConflictPolicies['submission.viewDeclaredConflicts'](access));
      const rows = await findConflictsDeclaredBy(app.db, submission.id, actor.id);
      return { count: rows.length, results: rows.map(presentDeclaredConflict) };
    },
  );
};
