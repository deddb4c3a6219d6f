import type { ReviewSettings, ReviewStatus } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import type { Decision } from '../../lib/authorize.ts';
import type { EventAccess } from '../events/events.policy.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import { type ResponseAccess, responsePolicies } from './responses.policy.ts';

/* Who reads and writes a paper's author response: one row per viewer, with the refusal each gets. */

const none = noEventAccess(testActor());

const submission = (event: Partial<EventAccess>, flags: Partial<SubmissionAccess> = {}): SubmissionAccess => ({
  event: { ...none, ...event },
  isAuthor: false,
  isConflicted: false,
  trackId: null,
  ...flags,
});

const viewer = (
  access: SubmissionAccess,
  ownStatus: ReviewStatus | null = null,
  rule: ReviewSettings['reviewers_see_other_reviews'] = 'after_submit',
): ResponseAccess => ({
  submission: access,
  isOwn: false,
  isActiveReviewer: access.event.isReviewer,
  ownStatus,
  settings: { reviewers_see_other_reviews: rule, authors_see_reviews: 'after_decision' },
  isDecided: false,
});

const reviewer = submission({ isReviewer: true });

/** [viewer, its access, write (authors' route), committee read: 'allowed' | the refusal's status and reason]. */
const ROWS: [string, ResponseAccess, string, string][] = [
  ['an author', viewer(submission({}, { isAuthor: true, isConflicted: true })), 'allowed', '404 hidden'],
  ['a chair', viewer(submission({ isEventChair: true })), '403 denied', 'allowed'],
  ['an event admin', viewer(submission({ isEventAdmin: true })), '403 denied', 'allowed'],
  [
    'a chair of the paper’s track',
    viewer(submission({ isTrackChair: true, chairedTrackIds: [4] }, { trackId: 4 })),
    '403 denied',
    'allowed',
  ],
  [
    'a conflicted chair',
    viewer(submission({ isEventChair: true }, { isConflicted: true })),
    '403 denied',
    '403 conflicted',
  ],
  [
    'a chair who is an author',
    viewer(submission({ isEventChair: true }, { isAuthor: true, isConflicted: true })),
    'allowed',
    '404 hidden',
  ],
  ['a reviewer with the review done', viewer(reviewer, 'completed'), '403 denied', 'allowed'],
  [
    'a reviewer with the review done, never reading others',
    viewer(reviewer, 'completed', 'never'),
    '403 denied',
    'allowed',
  ],
  ['a reviewer with a draft', viewer(reviewer, 'in_progress'), '403 denied', '403 denied'],
  [
    'a reviewer with a draft, always reading others',
    viewer(reviewer, 'in_progress', 'always'),
    '403 denied',
    'allowed',
  ],
  ['a reviewer not assigned', viewer(reviewer), '403 denied', '403 denied'],
  [
    'a conflicted reviewer with the review done',
    viewer(submission({ isReviewer: true }, { isConflicted: true }), 'completed'),
    '403 denied',
    '403 conflicted',
  ],
];

const outcome = (decision: Decision) => (decision.allowed ? 'allowed' : `${decision.status} ${decision.reason}`);

describe('responsePolicies', () => {
  it.each(ROWS)('%s: writes %s, reads as the committee %s', (_name, access, write, read) => {
    expect(outcome(responsePolicies['response.write'](access))).toBe(write);
    expect(outcome(responsePolicies['response.readCommittee'](access))).toBe(read);
  });
});
