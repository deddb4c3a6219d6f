import {
  BulkDecisionBody,
  BulkDecisionPreviewBody,
  BulkDecisionResultDto,
  EventIdParams,
  EventProgressDto,
  ReviewerProgressPageDto,
  ReviewerProgressQuery,
  SubmissionIdParams,
  SubmissionTablePageDto,
  SubmissionTableQuery,
  SubmissionTimelineDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { messageFieldError } from '../../lib/errors.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import { findTrack } from '../events/events.queries.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { isSubmissionStaff } from '../submissions/submissions.policy.ts';
import { progressPolicies } from './progress.policy.ts';
import {
  presentDecisionResult,
  presentReviewerProgress,
  presentSubmissionTableRow,
  presentTimeline,
} from './progress.presenter.ts';
import {
  countReviewerProgress,
  countSubmissionTable,
  findTimelineFacts,
  pageReviewerProgress,
  pageSubmissionTable,
} from './progress.queries.ts';
import { applyDecisions, eventProgress, previewDecisions } from './progress.service.ts';

const TAGS = ['progress'];

/**
 * Progress at a glance (`docs/domain.md#progress`): the organizers' dashboard of an event, its reviewers' progress, the
 * chair's submissions table and bulk decisions; and the timeline of a submission for everyone who may see it.
 */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/progress/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's progress: submissions by status and decision, reviews by state, late, bids, deadlines",
        params: EventIdParams,
        response: { 200: EventProgressDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(progressPolicies['progress.view'](access));
      return eventProgress(app.db, event);
    },
  );

  app.get(
    '/api/events/:id/reviewers/progress/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's reviewers with their assigned, completed and late reviews, mean score given and bids",
        params: EventIdParams,
        querystring: ReviewerProgressQuery,
        response: { 200: ReviewerProgressPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(progressPolicies['progress.view'](access));
      const { page, page_size: pageSize, sort, late } = request.query;
      const now = new Date();
      const lateOnly = late === 'true';
      const rows = await pageReviewerProgress(app.db, event.id, {
        page,
        pageSize,
        sort,
        lateOnly,
        now,
        viewerId: actor.id,
      });
      const count = rows[0]?.total ?? (page > 1 ? await countReviewerProgress(app.db, event.id, lateOnly, now) : 0);
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentReviewerProgress),
      };
    },
  );

  app.get(
    '/api/events/:id/submissions/table/',
    {
      schema: {
        tags: TAGS,
        summary: "The chair's submissions table: review aggregates per paper, filtered, searched, sorted, paginated",
        params: EventIdParams,
        querystring: SubmissionTableQuery,
        response: { 200: SubmissionTablePageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(progressPolicies['progress.view'](access));
      const query = request.query;
      if (query.min_score !== undefined && query.max_score !== undefined && query.min_score > query.max_score) {
        throw messageFieldError('max_score', 'progress.scoreRangeInverted');
      }
      const trackId = query.track ? (await findTrack(app.db, event.id, query.track))?.id : undefined;
      if (query.track && trackId === undefined) throw messageFieldError('track', 'progress.unknownTrack');
      const filter = {
        status: query.status,
        decision: query.decision,
        trackId,
        minScore: query.min_score,
        maxScore: query.max_score,
        disagreement: query.disagreement === undefined ? undefined : query.disagreement === 'true',
        needsDiscussion: query.needs_discussion === undefined ? undefined : query.needs_discussion === 'true',
        areaChair: query.area_chair,
        metaReview: query.meta_review,
        search: query.search,
      };
      const { page, page_size: pageSize } = query;
      const rows = await pageSubmissionTable(app.db, event.id, actor.id, { page, pageSize, sort: query.sort, filter });
      const count = rows[0]?.total ?? (page > 1 ? await countSubmissionTable(app.db, event.id, actor.id, filter) : 0);
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentSubmissionTableRow),
      };
    },
  );

  app.post(
    '/api/events/:id/decisions/preview/',
    {
      schema: {
        tags: TAGS,
        summary: 'Which of these papers a decision would change, and why the others would be left alone',
        params: EventIdParams,
        body: BulkDecisionPreviewBody,
        response: { 200: BulkDecisionResultDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(progressPolicies['progress.decide'](access));
      const plan = await previewDecisions(app.db, actor, event, access, request.body);
      return presentDecisionResult(plan, false);
    },
  );

  app.post(
    '/api/events/:id/decisions/',
    {
      schema: {
        tags: TAGS,
        summary: 'Decide on these papers, each on its own, mailing their authors unless notify is false',
        params: EventIdParams,
        body: BulkDecisionBody,
        response: { 200: BulkDecisionResultDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(progressPolicies['progress.decide'](access));
      const plan = await applyDecisions(app.db, actor, event, access, request.body, app.config.publicUrl);
      return presentDecisionResult(plan, request.body.notify);
    },
  );

  app.get(
    '/api/submissions/:id/timeline/',
    {
      schema: {
        tags: TAGS,
        summary: 'Where a submission stands: submitted, under review, reviews n of m, decision, final version',
        params: SubmissionIdParams,
        response: { 200: SubmissionTimelineDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      const facts = await findTimelineFacts(app.db, submission.id);
      return presentTimeline(submission, facts, {
        isStaff: isSubmissionStaff(access) && !access.isAuthor,
        settings: submission.event.reviewSettings,
      });
    },
  );
};
