import {
  CommentIdParams,
  DiscussionCommentDto,
  DiscussionDto,
  DiscussionFlagBody,
  DiscussionFlagDto,
  EditCommentBody,
  MyDiscussionPageDto,
  MyDiscussionsQuery,
  PostCommentBody,
  SubmissionIdParams,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { findEventByIdParam } from '../events/events.queries.ts';
import { commentPolicies, discussionPolicies } from './discussion.policy.ts';
import { presentComment, presentDiscussion } from './discussion.presenter.ts';
import {
  deleteComment,
  editComment,
  listMyDiscussions,
  loadThread,
  postComment,
  readerOf,
  setFlag,
} from './discussion.service.ts';
import { loadCommentContext, loadDiscussionContext } from './discussion-access.ts';

const TAGS = ['discussion'];

/**
 * The committee's discussion of a paper (`docs/domain.md#discussion`): its thread, comments with mentions, edits
 * within the window, deletions, the chairs' flag, and the caller's papers under discussion.
 */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/submissions/:id/discussion/',
    {
      schema: {
        tags: TAGS,
        summary: "A paper's discussion: its comments, whom the caller may mention, and the flag (its committee)",
        params: SubmissionIdParams,
        response: { 200: DiscussionDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const context = await loadDiscussionContext(app.db, actor, request.params.id);
      authorize(discussionPolicies['discussion.read'](context.access));
      const { comments, people } = await loadThread(app.db, context);
      const { submission } = context.review;
      return presentDiscussion(context.access, readerOf(actor, context), submission, people, comments, new Date());
    },
  );

  app.post(
    '/api/submissions/:id/discussion/',
    {
      schema: {
        tags: TAGS,
        summary: "Comment in a paper's discussion, mentioning members who read it (each is mailed)",
        params: SubmissionIdParams,
        body: PostCommentBody,
        response: { 201: DiscussionCommentDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const context = await loadDiscussionContext(app.db, actor, request.params.id);
      authorize(discussionPolicies['discussion.comment'](context.access));
      const { comment, people } = await postComment(app.db, app.config.publicUrl, actor, context, request.body);
      reply.code(201);
      return presentComment(context.access, readerOf(actor, context), people, comment, new Date());
    },
  );

  app.patch(
    '/api/discussion/:comment_id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a comment (its writer, within 15 minutes of writing it)',
        params: CommentIdParams,
        body: EditCommentBody,
        response: { 200: DiscussionCommentDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { comment, context, subject } = await loadCommentContext(app.db, actor, request.params.comment_id);
      authorize(commentPolicies['comment.edit'](context.access, subject));
      const now = new Date();
      const edited = await editComment(app.db, actor, context, comment, request.body.body, now);
      const { people } = await loadThread(app.db, context);
      return presentComment(context.access, readerOf(actor, context), people, edited, now);
    },
  );

  app.delete(
    '/api/discussion/:comment_id/',
    {
      schema: {
        tags: TAGS,
        summary: "Delete a comment (its writer, or the paper's committee)",
        params: CommentIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { comment, context, subject } = await loadCommentContext(app.db, actor, request.params.comment_id);
      authorize(commentPolicies['comment.delete'](context.access, subject));
      await deleteComment(app.db, actor, context, comment);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/submissions/:id/discussion/flag/',
    {
      schema: {
        tags: TAGS,
        summary: 'Flag a paper for discussion, or clear the flag (its committee)',
        params: SubmissionIdParams,
        body: DiscussionFlagBody,
        response: { 200: DiscussionFlagDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const context = await loadDiscussionContext(app.db, actor, request.params.id);
      authorize(discussionPolicies['discussion.flag'](context.access));
      const value = await setFlag(app.db, actor, context, request.body.needs_discussion);
      return { submission_id: context.review.submission.publicId, needs_discussion: value };
    },
  );

  app.get(
    '/api/discussions/',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's papers under discussion (flagged or commented) as their committee or reviewer",
        querystring: MyDiscussionsQuery,
        response: { 200: MyDiscussionPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, page_size: pageSize, event: eventParam, flagged } = request.query;
      const event = eventParam ? await findEventByIdParam(app.db, eventParam) : undefined;
      const { results, count } = await listMyDiscussions(app.db, actor, {
        page,
        pageSize,
        // An event that does not exist matches nothing, like one the caller has no part in.
        eventId: eventParam ? (event?.id ?? -1) : undefined,
        flagged: flagged === undefined ? undefined : flagged === 'true',
      });
      return { count, ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }), results };
    },
  );
};
