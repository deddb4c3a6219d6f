import { describe, expect, it } from 'vitest';
import { noEventAccess } from '../../../test/access.ts';
import { assignmentPolicies } from '../assignment/assignment.policy.ts';
import { type EventAccess, eventPolicies } from '../events/events.policy.ts';
import { reviewViewer } from '../reviews/reviews.policy.ts';
import { type SubmissionAccess, submissionPolicies } from '../submissions/submissions.policy.ts';

/*
 * The reach of a track chair, as a truth table: the submissions of a track they chair are theirs to decide on, to
 * assign reviewers to and to read the reviews of (as the event's chairs do); another track's submissions they only
 * see. Event-wide business (members, tracks) stays with the organizers.
 */

const OWN_TRACK = 7;
const OTHER_TRACK = 8;
const none = noEventAccess();

const viewers: { name: string; event: Partial<EventAccess>; isAuthor?: boolean }[] = [
  { name: 'event chair', event: { isEventChair: true } },
  { name: 'track chair, own track', event: { isTrackChair: true, chairedTrackIds: [OWN_TRACK] } },
  { name: 'track chair, other track', event: { isTrackChair: true, chairedTrackIds: [OTHER_TRACK] } },
  { name: 'reviewer', event: { isReviewer: true } },
  { name: 'author', event: {}, isAuthor: true },
  { name: 'outsider', event: {} },
];

const access = (viewer: (typeof viewers)[number], isConflicted = false): SubmissionAccess => ({
  event: { ...none, ...viewer.event },
  isAuthor: viewer.isAuthor ?? false,
  isConflicted: isConflicted || (viewer.isAuthor ?? false),
  trackId: OWN_TRACK,
});

// view, changeStatus, makeDecision, manageReviewers, reads a completed review as the committee,
// event.manageMembers, event.manageTracks
const expected: Record<string, string> = {
  'event chair': 'YYYYYYY',
  'track chair, own track': 'YYYYY--',
  'track chair, other track': 'Y------',
  reviewer: 'Y------',
  author: 'Y------',
  outsider: '-------',
};

const yes = (allowed: boolean) => (allowed ? 'Y' : '-');

describe('track chairs: their own track only (truth table)', () => {
  it.each(viewers)('$name', (viewer) => {
    const a = access(viewer);
    const row = [
      submissionPolicies['submission.view'](a).allowed,
      submissionPolicies['submission.changeStatus'](a).allowed,
      submissionPolicies['submission.makeDecision'](a).allowed,
      assignmentPolicies['submission.manageReviewers'](a).allowed,
      reviewViewer(
        {
          submission: a,
          isOwn: false,
          isActiveReviewer: a.event.isReviewer,
          ownStatus: null,
          settings: { reviewers_see_other_reviews: 'never', authors_see_reviews: 'never' },
          isDecided: false,
        },
        'completed',
      ) === 'committee',
      eventPolicies['event.manageMembers'](a.event, { event: undefined as never }).allowed,
      eventPolicies['event.manageTracks'](a.event, { event: undefined as never }).allowed,
    ]
      .map(yes)
      .join('');
    expect(row).toBe(expected[viewer.name]);
  });

  it('a track chair with a conflict on a paper of their track is told so, and manages nothing of it', () => {
    const a = access(viewers[1] as (typeof viewers)[number], true);
    const decision = assignmentPolicies['submission.manageReviewers'](a);
    expect(decision).toMatchObject({ allowed: false, reason: 'conflicted' });
    expect(submissionPolicies['submission.makeDecision'](a)).toMatchObject({ allowed: false, reason: 'conflicted' });
  });

  it('a submission without a track (or a caller that does not say) is no track chair’s', () => {
    const chair = { ...none, isTrackChair: true, chairedTrackIds: [OWN_TRACK] };
    for (const trackId of [null, undefined]) {
      const a: SubmissionAccess = { event: chair, isAuthor: false, isConflicted: false, trackId };
      expect(submissionPolicies['submission.makeDecision'](a).allowed).toBe(false);
    }
  });
});
