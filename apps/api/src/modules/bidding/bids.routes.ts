import {
  BidBody,
  BidDto,
  BiddingListQuery,
  BiddingPageDto,
  EventIdParams,
  SubmissionIdParams,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { bidPolicies, bidsDenied } from './bidding.policy.ts';
import { presentBid, presentBiddingItem } from './bidding.presenter.ts';
import { findBid } from './bidding.queries.ts';
import { listBiddingPage } from './bidding.service.ts';
import { putBid, requireOpenForBidding } from './commands/put-bid.ts';

const TAGS = ['bids'];

/**
 * Bidding (`docs/domain.md#bid`): a reviewer's bid on one submission, and the bidding list of an event for its
 * reviewers (titles, abstracts, keywords; authors only in single-blind events). The reads show the caller's conflicts
 * of interest as the data has them now (stored, or detected without storing: `detect-conflict.ts`) and write
 * nothing; a bid (PUT) brings the stored conflicts of its pair up to date.
 */
export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/submissions/:id/bid/',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's bid on a submission (the event's reviewers); 409 once a decision is made",
        params: SubmissionIdParams,
        response: { 200: BidDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      authorize(bidPolicies['submission.bid'](access));
      requireOpenForBidding(submission);
      const [bid, current] = await Promise.all([
        findBid(app.db, submission.id, actor.id),
        withDetectedConflict(app.db, actor, submission, access),
      ]);
      return presentBid(submission.publicId, bid, current.isConflicted);
    },
  );

  app.put(
    '/api/submissions/:id/bid/',
    {
      schema: {
        tags: TAGS,
        summary:
          "Bid on a submission: eager, willing, in_a_pinch, not_willing or conflict, or null to clear (the event's reviewers)",
        params: SubmissionIdParams,
        body: BidBody,
        response: { 200: BidDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, access } = await loadSubmission(app.db, actor, request.params.id);
      authorize(bidPolicies['submission.bid'](access));
      const { bid, conflict } = await putBid(app.db, {
        actor,
        event: submission.event,
        submission,
        value: request.body.value,
      });
      return presentBid(submission.publicId, bid, conflict);
    },
  );

  app.get(
    '/api/events/:id/bids/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's bidding list for the caller (its reviewers): titles, abstracts, keywords and own bids",
        params: EventIdParams,
        querystring: BiddingListQuery,
        response: { 200: BiddingPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.bid'](access, { event }), { denied: bidsDenied });
      const { page, page_size: pageSize, bid, search } = request.query;
      const { rows, count, summary, authors } = await listBiddingPage(app.db, {
        actor,
        event,
        access,
        page,
        pageSize,
        bid,
        search,
      });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        summary,
        results: rows.map((row) => presentBiddingItem(row, authors)),
      };
    },
  );
};
