import { DEFAULT_REVIEW_FORM, type ReviewDto, type ReviewSettings, type ReviewStatus } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import type { Decision } from '../../lib/authorize.ts';
import { assignmentPolicies } from '../assignment/assignment.policy.ts';
import { bidPolicies } from '../bidding/bidding.policy.ts';
import type { EventAccess } from '../events/events.policy.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import { assignedReviewPolicies, type ReviewAccess, reviewPolicies, reviewViewer } from './reviews.policy.ts';
import { presentReview } from './reviews.presenter.ts';
import type { ReviewRow } from './reviews.queries.ts';

const actor = testActor({ email: 'viewer@example.org', firstName: 'V', lastName: 'W' });
const none = noEventAccess(actor);

const access = (event: Partial<EventAccess>, flags: Partial<SubmissionAccess> = {}): SubmissionAccess => ({
  event: { ...none, ...event },
  isAuthor: false,
  isConflicted: false,
  trackId: null,
  ...flags,
});

const settings = (
  rule: ReviewSettings['reviewers_see_other_reviews'],
  authors: ReviewSettings['authors_see_reviews'] = 'after_decision',
) => ({
  reviewers_see_other_reviews: rule,
  authors_see_reviews: authors,
});

type Viewer = { name: string; access: ReviewAccess };
const base = {
  isActiveReviewer: false,
  ownStatus: null,
  settings: settings('after_submit'),
  isDecided: false,
  isOwn: false,
};
const reviewer = access({ isReviewer: true });

const viewers: Viewer[] = [
  { name: 'owner', access: { ...base, submission: reviewer, isOwn: true, isActiveReviewer: true } },
  {
    name: 'owner, conflicted',
    access: {
      ...base,
      submission: access({ isReviewer: true }, { isConflicted: true }),
      isOwn: true,
      isActiveReviewer: true,
    },
  },
  { name: 'owner, removed from the event', access: { ...base, submission: access({}), isOwn: true } },
  { name: 'chair', access: { ...base, submission: access({ isEventChair: true }) } },
  { name: 'event admin', access: { ...base, submission: access({ isEventAdmin: true }) } },
  { name: 'platform admin', access: { ...base, submission: access({ isPlatformAdmin: true }) } },
  { name: 'conflicted chair', access: { ...base, submission: access({ isEventChair: true }, { isConflicted: true }) } },
  {
    name: 'chair and author',
    access: { ...base, submission: access({ isEventChair: true }, { isAuthor: true, isConflicted: true }) },
  },
  { name: 'track chair', access: { ...base, submission: access({ isTrackChair: true }) } },
  {
    name: 'co-reviewer, own submitted (after_submit)',
    access: { ...base, submission: reviewer, isActiveReviewer: true, ownStatus: 'completed' },
  },
  {
    name: 'co-reviewer, own draft (after_submit)',
    access: { ...base, submission: reviewer, isActiveReviewer: true, ownStatus: 'in_progress' },
  },
  {
    name: 'co-reviewer, own submitted (never)',
    access: {
      ...base,
      submission: reviewer,
      isActiveReviewer: true,
      ownStatus: 'completed',
      settings: settings('never'),
    },
  },
  {
    name: 'co-reviewer, own untouched (always)',
    access: {
      ...base,
      submission: reviewer,
      isActiveReviewer: true,
      ownStatus: 'assigned',
      settings: settings('always'),
    },
  },
  {
    name: 'co-reviewer, conflicted (always)',
    access: {
      ...base,
      submission: access({ isReviewer: true }, { isConflicted: true }),
      isActiveReviewer: true,
      ownStatus: 'completed',
      settings: settings('always'),
    },
  },
  {
    name: 'unassigned reviewer (always)',
    access: { ...base, submission: reviewer, isActiveReviewer: true, settings: settings('always') },
  },
  { name: 'author, no decision', access: { ...base, submission: access({}, { isAuthor: true, isConflicted: true }) } },
  {
    name: 'author, decided',
    access: { ...base, submission: access({}, { isAuthor: true, isConflicted: true }), isDecided: true },
  },
  {
    name: 'author, decided (never shared)',
    access: {
      ...base,
      submission: access({}, { isAuthor: true, isConflicted: true }),
      isDecided: true,
      settings: settings('always', 'never'),
    },
  },
  { name: 'outsider', access: { ...base, submission: access({}) } },
  {
    name: 'area chair of the paper',
    access: { ...base, submission: access({ isAreaChair: true }, { isPaperAreaChair: true }) },
  },
  { name: 'area chair of another paper', access: { ...base, submission: access({ isAreaChair: true }) } },
  {
    name: 'conflicted area chair of the paper',
    access: { ...base, submission: access({ isAreaChair: true }, { isPaperAreaChair: true, isConflicted: true }) },
  },
  {
    name: 'area chair and author of the paper',
    access: {
      ...base,
      submission: access({ isAreaChair: true }, { isPaperAreaChair: true, isAuthor: true, isConflicted: true }),
    },
  },
  {
    name: 'area chair of the paper who also reviews it',
    access: {
      ...base,
      submission: access({ isAreaChair: true, isReviewer: true }, { isPaperAreaChair: true }),
      isOwn: true,
      isActiveReviewer: true,
    },
  },
];

/*
 * Per review state (assigned, in_progress, completed): view / write, then the fields received —
 *   I reviewer identity, S overall score, W strengths and weaknesses, J justification, K confidence comment,
 *   A comments to the author, H comments to the chair, X confidential remarks for the PC.
 * An untouched review has no content; drafts are read in full by their own reviewer only.
 */
const expected: Record<string, [string, string, string]> = {
  owner: ['VW I-------', 'VW ISWJKAHX', 'VW ISWJKAHX'],
  'owner, conflicted': ['V- I-------', 'V- ISWJKAHX', 'V- ISWJKAHX'],
  'owner, removed from the event': ['V- I-------', 'V- ISWJKAHX', 'V- ISWJKAHX'],
  chair: ['V- I-------', 'V- I-------', 'V- ISWJKAHX'],
  'event admin': ['V- I-------', 'V- I-------', 'V- ISWJKAHX'],
  'platform admin': ['V- I-------', 'V- I-------', 'V- ISWJKAHX'],
  'conflicted chair': ['-- --------', '-- --------', '-- --------'],
  'chair and author': ['-- --------', '-- --------', '-- --------'],
  'track chair': ['-- --------', '-- --------', '-- --------'],
  'co-reviewer, own submitted (after_submit)': ['-- --------', '-- --------', 'V- -SWJKA--'],
  'co-reviewer, own draft (after_submit)': ['-- --------', '-- --------', '-- --------'],
  'co-reviewer, own submitted (never)': ['-- --------', '-- --------', '-- --------'],
  'co-reviewer, own untouched (always)': ['-- --------', '-- --------', 'V- -SWJKA--'],
  'co-reviewer, conflicted (always)': ['-- --------', '-- --------', '-- --------'],
  'unassigned reviewer (always)': ['-- --------', '-- --------', '-- --------'],
  'author, no decision': ['-- --------', '-- --------', '-- --------'],
  'author, decided': ['-- --------', '-- --------', 'V- -SWJ-A--'],
  'author, decided (never shared)': ['-- --------', '-- --------', '-- --------'],
  outsider: ['-- --------', '-- --------', '-- --------'],
  'area chair of the paper': ['V- I-------', 'V- I-------', 'V- ISWJKAHX'],
  'area chair of another paper': ['-- --------', '-- --------', '-- --------'],
  'conflicted area chair of the paper': ['-- --------', '-- --------', '-- --------'],
  'area chair and author of the paper': ['-- --------', '-- --------', '-- --------'],
  'area chair of the paper who also reviews it': ['VW I-------', 'VW ISWJKAHX', 'VW ISWJKAHX'],
};

/** Who may ask a review's reviewer to revisit it (R), by viewer: the paper's committee and its area chair. */
const revisit: Record<string, string> = {
  owner: '-',
  'owner, conflicted': '-',
  'owner, removed from the event': '-',
  chair: 'R',
  'event admin': 'R',
  'platform admin': 'R',
  'conflicted chair': '-',
  'chair and author': '-',
  'track chair': '-',
  'co-reviewer, own submitted (after_submit)': '-',
  'co-reviewer, own draft (after_submit)': '-',
  'co-reviewer, own submitted (never)': '-',
  'co-reviewer, own untouched (always)': '-',
  'co-reviewer, conflicted (always)': '-',
  'unassigned reviewer (always)': '-',
  'author, no decision': '-',
  'author, decided': '-',
  'author, decided (never shared)': '-',
  outsider: '-',
  'area chair of the paper': 'R',
  'area chair of another paper': '-',
  'conflicted area chair of the paper': '-',
  'area chair and author of the paper': '-',
  'area chair of the paper who also reviews it': '-',
};

const STATES: ReviewStatus[] = ['assigned', 'in_progress', 'completed'];

function sampleReview(status: ReviewStatus): ReviewRow {
  const written = status !== 'assigned';
  const now = new Date('2030-01-01T00:00:00Z');
  return {
    id: 5,
    publicId: '5-bbbbbbbb',
    submissionId: 9,
    reviewerId: 2,
    ordinal: 1,
    status,
    source: 'manual',
    overallScore: written ? 2 : null,
    confidence: written ? 4 : null,
    recommendation: written ? 'accept' : null,
    structuredReview: written
      ? {
          overall_evaluation: { score: 2, summary: { strengths: ['S1'], weaknesses: ['W1'] }, justification: 'J1' },
          confidence: { score: 4, comment: 'K1' },
          criteria: [],
        }
      : null,
    commentsToAuthor: written ? 'A1' : '',
    commentsToChair: written ? 'H1' : '',
    confidentialRemarks: written ? 'X1' : '',
    formVersion: written ? 1 : null,
    answers: {},
    version: written ? 2 : 1,
    assignedBy: null,
    assignedAt: now,
    completedAt: status === 'completed' ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

function fieldsOf(dto: ReviewDto): string {
  const form = dto.structured_review;
  return [
    dto.reviewer ? 'I' : '-',
    dto.overall_score !== null && form?.overall_evaluation.score !== undefined ? 'S' : '-',
    form?.overall_evaluation.summary.strengths.length && form.overall_evaluation.summary.weaknesses.length ? 'W' : '-',
    form?.overall_evaluation.justification ? 'J' : '-',
    form?.confidence.comment ? 'K' : '-',
    dto.comments_to_author ? 'A' : '-',
    dto.comments_to_chair ? 'H' : '-',
    dto.confidential_remarks_for_pc && form?.confidential_remarks_for_pc ? 'X' : '-',
  ].join('');
}

function observe(viewer: Viewer, status: ReviewStatus): string {
  const review = sampleReview(status);
  const kind = reviewViewer(viewer.access, status);
  const view = reviewPolicies['review.view'](viewer.access, status).allowed ? 'V' : '-';
  const write = reviewPolicies['review.write'](viewer.access, status).allowed ? 'W' : '-';
  if (kind === 'none') return `${view}${write} --------`;
  const dto = presentReview(review, {
    viewer: kind,
    submission: { id: 9, publicId: '9-cccccccc', title: 'Paper' },
    event: { id: 3, publicId: '3-dddddddd', title: 'Event', reviewDeadline: '2030-02-01', timezone: 'AoE' },
    reviewer: { publicId: '2-eeeeeeee', firstName: 'Rev', lastName: 'Iewer', email: 'r@x.org', affiliation: 'U' },
    form: { version: 1, questions: DEFAULT_REVIEW_FORM, updatedAt: null },
    abilities: { edit: false, submit: false, can_use_assistant: false },
  });
  return `${view}${write} ${fieldsOf(dto)}`;
}

describe('who may read and write each review field', () => {
  const cases = viewers.flatMap((viewer) =>
    STATES.map((status, index) => ({ name: viewer.name, status, viewer, want: expected[viewer.name]?.[index] })),
  );

  it.each(cases)('$name, $status review → $want', ({ viewer, status, want }) => {
    expect(observe(viewer, status)).toBe(want);
  });

  it('covers every viewer', () => {
    expect(Object.keys(expected).sort()).toEqual(viewers.map((viewer) => viewer.name).sort());
    expect(Object.keys(revisit).sort()).toEqual(viewers.map((viewer) => viewer.name).sort());
  });

  it.each(viewers.map((viewer) => ({ name: viewer.name, viewer, want: revisit[viewer.name] })))(
    '$name asks to revisit a completed review → $want',
    ({ viewer, want }) => {
      expect(reviewPolicies['review.requestRevisit'](viewer.access, 'completed').allowed ? 'R' : '-').toBe(want);
    },
  );
});

describe('submission review rules', () => {
  const rows: [string, SubmissionAccess, string][] = [
    ['outsider', access({}), '--'],
    ['author', access({}, { isAuthor: true, isConflicted: true }), '--'],
    ['reviewer', access({ isReviewer: true }), 'B-'],
    ['conflicted reviewer', access({ isReviewer: true }, { isConflicted: true }), 'B-'],
    ['reviewer and author', access({ isReviewer: true }, { isAuthor: true, isConflicted: true }), '--'],
    ['track chair', access({ isTrackChair: true }), '--'],
    ['chair', access({ isEventChair: true }), '-M'],
    ['conflicted chair', access({ isEventChair: true }, { isConflicted: true }), '--'],
    ['event admin', access({ isEventAdmin: true }), '-M'],
    ['platform admin', access({ isPlatformAdmin: true }), '-M'],
    ['area chair of the paper', access({ isAreaChair: true }, { isPaperAreaChair: true }), '--'],
    ['area chair of another paper', access({ isAreaChair: true }), '--'],
  ];

  it.each(rows)('%s → %s (bid, manage reviewers)', (_name, submissionAccess, want) => {
    const got = `${bidPolicies['submission.bid'](submissionAccess).allowed ? 'B' : '-'}${
      assignmentPolicies['submission.manageReviewers'](submissionAccess).allowed ? 'M' : '-'
    }`;
    expect(got).toBe(want);
  });
});

/** A decision as a row reads it: 'allowed', or the refusal's status, reason and message key. */
function refusalOf(decision: Decision): string {
  if (decision.allowed) return 'allowed';
  const error = decision.answer?.();
  return `${decision.status} ${decision.reason} ${String(error?.extra?.message_code ?? '')}`.trim();
}

const accessOf = (name: string): ReviewAccess => {
  const found = viewers.find((viewer) => viewer.name === name);
  if (!found) throw new Error(`no viewer ${name}`);
  return found.access;
};

describe('why a review may not be written', () => {
  const rows: [string, ReviewAccess, string][] = [
    ['owner', accessOf('owner'), 'allowed'],
    ['owner, conflicted', accessOf('owner, conflicted'), '403 conflicted reviews.conflicted'],
    [
      'owner, author',
      { ...base, submission: access({ isReviewer: true }, { isAuthor: true, isConflicted: true }), isOwn: true },
      '403 conflicted reviews.conflicted',
    ],
    ['owner, removed from the event', accessOf('owner, removed from the event'), '403 denied reviews.writeDenied'],
    ['chair', accessOf('chair'), '403 denied reviews.writeDenied'],
  ];

  it.each(rows)("%s → %s ('review.write')", (_name, reviewAccess, want) => {
    expect(refusalOf(reviewPolicies['review.write'](reviewAccess, 'in_progress'))).toBe(want);
  });
});

describe("who may save their assignment through POST /api/reviews/ ('review.saveOwn')", () => {
  const rows: [string, SubmissionAccess, boolean, string][] = [
    ['assigned reviewer', reviewer, true, 'allowed'],
    ['unassigned reviewer', reviewer, false, '403 denied reviews.notAssigned'],
    [
      'conflicted reviewer',
      access({ isReviewer: true }, { isConflicted: true }),
      false,
      '403 conflicted reviews.conflicted',
    ],
    [
      'reviewer and author',
      access({ isReviewer: true }, { isAuthor: true, isConflicted: true }),
      false,
      '403 denied reviews.notAssigned',
    ],
    [
      'conflicted chair',
      access({ isEventChair: true }, { isConflicted: true }),
      false,
      '403 denied reviews.notAssigned',
    ],
  ];

  it.each(rows)('%s → %s', (_name, submission, isAssigned, want) => {
    expect(refusalOf(assignedReviewPolicies['review.saveOwn']({ submission, isAssigned }))).toBe(want);
  });
});
