import {
  AssignBody,
  AssignmentDto,
  CandidatesDto,
  reviewMessage,
  SubmissionIdParams,
  UnassignParams,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { presentReviewerRef } from '../reviews/reviews.presenter.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { assignmentPolicies } from './assignment.policy.ts';
import { assignReviewer, unassignReviewer } from './commands/assign-reviewer.ts';
import { listCandidates } from './commands/list-candidates.ts';

const TAGS = ['assignments'];

/**
 * Manual assignment (`docs/domain.md#assignment`): the reviewer candidates of a submission with affinity, bids, loads
 * and conflicts; assigning and unassigning. The committee of the submission only (event admins and chairs without a
 * conflict).
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /**
   * The submission (404 when invisible) with its event, for a committee member without a conflict (else 403): a
   * conflict the data shows now counts even before the sync stores it (detected without writing).
   */
  async function loadManaged(actor: Actor, idParam: string) {
    const loaded = await loadSubmission(app.db, actor, idParam);
    const { submission } = loaded;
    const access = await withDetectedConflict(app.db, actor, submission, loaded.access);
    authorize(assignmentPolicies['submission.manageReviewers'](access));
    return { submission, event: submission.event };
  }

  app.get(
    '/api/submissions/:id/reviewer-candidates/',
    {
      schema: {
        tags: TAGS,
        summary: "A submission's reviewer candidates: affinity, bid, load vs max_papers, conflicts (the committee)",
        params: SubmissionIdParams,
        response: { 200: CandidatesDto },
      },
    },
    async (request) => {
      const { submission, event } = await loadManaged(requireUser(request), request.params.id);
      return listCandidates(app.db, event, submission);
    },
  );

  app.post(
    '/api/submissions/:id/assign/',
    {
      schema: {
        tags: TAGS,
        summary: 'Assign a reviewer ({"reviewer_id": <user public id>}); the reviewer is e-mailed (the committee)',
        params: SubmissionIdParams,
        body: AssignBody,
        response: { 201: AssignmentDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { submission, event } = await loadManaged(actor, request.params.id);
      const { review, reviewer } = await assignReviewer(app.db, {
        actor,
        event,
        submission,
        reviewerId: request.body.reviewer_id,
        force: request.body.force,
        publicUrl: app.config.publicUrl,
      });
      reply.status(201);
      return {
        review_id: review.publicId,
        submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
        reviewer: presentReviewerRef(reviewer),
        status: review.status,
        source: review.source,
        assigned_at: review.assignedAt.toISOString(),
        message: reviewMessage('assignments.assigned'),
      };
    },
  );

  app.delete(
    '/api/submissions/:id/assign/:reviewer_id/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Remove an assignment whose review is not submitted yet (a draft is deleted); the reviewer is e-mailed (the committee)',
        params: UnassignParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { submission, event } = await loadManaged(actor, request.params.id);
      await unassignReviewer(app.db, {
        actor,
        event,
        submission,
        reviewerId: request.params.reviewer_id,
        publicUrl: app.config.publicUrl,
      });
      return reply.status(204).send(null);
    },
  );
};
