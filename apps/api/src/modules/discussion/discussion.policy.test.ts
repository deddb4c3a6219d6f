import type { DiscussionVisibility, ReviewStatus } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import type { Decision } from '../../lib/authorize.ts';
import type { EventAccess } from '../events/events.policy.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import {
  commentPolicies,
  type DiscussionAccess,
  type DiscussionParticipant,
  discussionParticipant,
  discussionPolicies,
} from './discussion.policy.ts';

const none = noEventAccess(testActor({ email: 'viewer@example.org', firstName: 'V', lastName: 'W' }));
const TRACK = 7;

const access = (
  event: Partial<EventAccess>,
  flags: Partial<SubmissionAccess> = {},
  own: ReviewStatus | null = null,
  reviewersSee: DiscussionVisibility = 'after_own_review',
): DiscussionAccess => ({
  submission: { event: { ...none, ...event }, isAuthor: false, isConflicted: false, trackId: TRACK, ...flags },
  ownReviewStatus: own,
  reviewersSee,
});

/** Each viewer: their part, then 403/404/allowed for read, flag, and editing and deleting another's comment. */
const rows: [string, DiscussionAccess, DiscussionParticipant, number, number, number, number][] = [
  ['chair', access({ isEventChair: true }), 'committee', 200, 200, 403, 200],
  ['event admin', access({ isEventAdmin: true }), 'committee', 200, 200, 403, 200],
  ['platform admin', access({ isPlatformAdmin: true }), 'committee', 200, 200, 403, 200],
  ['chair of the track', access({ isTrackChair: true, chairedTrackIds: [TRACK] }), 'committee', 200, 200, 403, 200],
  ['chair of another track', access({ isTrackChair: true, chairedTrackIds: [TRACK + 1] }), 'none', 404, 404, 404, 404],
  ['conflicted chair', access({ isEventChair: true }, { isConflicted: true }), 'none', 404, 404, 404, 404],
  [
    'chair and author',
    access({ isEventChair: true }, { isAuthor: true, isConflicted: true }),
    'none',
    404,
    404,
    404,
    404,
  ],
  ['reviewer, review submitted', access({ isReviewer: true }, {}, 'completed'), 'reviewer', 200, 403, 403, 403],
  [
    'reviewer, review in progress',
    access({ isReviewer: true }, {}, 'in_progress'),
    'waiting_reviewer',
    403,
    403,
    403,
    403,
  ],
  [
    'reviewer, review in progress, open always',
    access({ isReviewer: true }, {}, 'in_progress', 'always'),
    'reviewer',
    200,
    403,
    403,
    403,
  ],
  ['reviewer, not assigned', access({ isReviewer: true }), 'none', 404, 404, 404, 404],
  [
    'reviewer, conflicted',
    access({ isReviewer: true }, { isConflicted: true }, 'completed'),
    'none',
    404,
    404,
    404,
    404,
  ],
  ['assigned, no longer a reviewer', access({}, {}, 'completed', 'always'), 'none', 404, 404, 404, 404],
  ['author', access({}, { isAuthor: true, isConflicted: true }), 'none', 404, 404, 404, 404],
  ['outsider', access({}), 'none', 404, 404, 404, 404],
  // The paper's area chair leads the thread whatever the event's setting; other area chairs are outsiders to it.
  [
    'area chair of the paper',
    access({ isAreaChair: true }, { isPaperAreaChair: true }),
    'committee',
    200,
    200,
    403,
    200,
  ],
  ['area chair of another paper', access({ isAreaChair: true }), 'none', 404, 404, 404, 404],
  [
    'conflicted area chair of the paper',
    access({ isAreaChair: true }, { isPaperAreaChair: true, isConflicted: true }),
    'none',
    404,
    404,
    404,
    404,
  ],
  [
    'area chair of the paper, no longer an area chair of the event',
    access({}, { isPaperAreaChair: false }),
    'none',
    404,
    404,
    404,
    404,
  ],
];

const status = (decision: Decision) => (decision.allowed ? 200 : decision.status);

describe('who takes part in a paper’s discussion', () => {
  it.each(rows)('%s', (_name, a, part, read, flag, editOther, deleteOther) => {
    expect(discussionParticipant(a)).toBe(part);
    expect(status(discussionPolicies['discussion.read'](a))).toBe(read);
    expect(status(discussionPolicies['discussion.comment'](a))).toBe(read);
    expect(status(discussionPolicies['discussion.flag'](a))).toBe(flag);
    expect(status(commentPolicies['comment.edit'](a, { isOwn: false }))).toBe(editOther);
    expect(status(commentPolicies['comment.delete'](a, { isOwn: false }))).toBe(deleteOther);
    // Their own comment: a reader edits and deletes it; the others are refused as before.
    expect(status(commentPolicies['comment.edit'](a, { isOwn: true }))).toBe(read);
    expect(status(commentPolicies['comment.delete'](a, { isOwn: true }))).toBe(read);
  });

  it('answers a reviewer before their review with DISCUSSION_AFTER_OWN_REVIEW', () => {
    const decision = discussionPolicies['discussion.read'](access({ isReviewer: true }, {}, 'assigned'));
    expect(decision).toMatchObject({ allowed: false, status: 403, reason: 'after_own_review' });
    if (decision.allowed) return;
    expect(decision.answer?.()).toMatchObject({ code: 'DISCUSSION_AFTER_OWN_REVIEW' });
  });
});
