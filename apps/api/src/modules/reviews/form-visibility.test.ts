import {
  DEFAULT_REVIEW_FORM,
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_QUESTION_VISIBILITIES,
  type ReviewDto,
  type ReviewQuestionDto,
  type ReviewQuestionVisibility,
} from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import type { EventAccess } from '../events/events.policy.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';
import { type ReviewAccess, reviewViewer } from './reviews.policy.ts';
import { presentReview } from './reviews.presenter.ts';
import type { ReviewRow } from './reviews.queries.ts';

/*
 * THE truth table of the review form's visibility (`docs/domain.md#review-visibility`): for each visibility a chair may
 * give a question (authors, committee, chairs), each reader of a completed review (its reviewer, a chair, another
 * reviewer of the paper, an author) and each phase of the paper (reviewing, the author response window open, decided),
 * whether the answer reaches the reader — through the real rules (`reviewViewer`) and the real presenter
 * (`presentReview`), for a built-in question (its answer in `structured_review`) and for a chair's own (in `answers`).
 */

const actor = testActor({ email: 'reader@example.org', firstName: 'R', lastName: 'D' });
const none = noEventAccess(actor);
const submissionAccess = (event: Partial<EventAccess>, flags: Partial<SubmissionAccess> = {}): SubmissionAccess => ({
  event: { ...none, ...event },
  isAuthor: false,
  isConflicted: false,
  trackId: null,
  ...flags,
});

const ROLES = ['reviewer', 'chair', 'co_reviewer', 'author'] as const;
type Role = (typeof ROLES)[number];
const PHASES = ['reviewing', 'response', 'decided'] as const;
type Phase = (typeof PHASES)[number];

function accessOf(role: Role, phase: Phase): ReviewAccess {
  const base = {
    isOwn: false,
    isActiveReviewer: false,
    ownStatus: null,
    settings: { ...DEFAULT_REVIEW_SETTINGS, reviewers_see_other_reviews: 'always' as const },
    isDecided: phase === 'decided',
    responsePhaseOpen: phase === 'response',
  };
  switch (role) {
    case 'reviewer':
      return { ...base, submission: submissionAccess({ isReviewer: true }), isOwn: true, isActiveReviewer: true };
    case 'chair':
      return { ...base, submission: submissionAccess({ isEventChair: true }) };
    case 'co_reviewer':
      return {
        ...base,
        submission: submissionAccess({ isReviewer: true }),
        isActiveReviewer: true,
        ownStatus: 'completed',
      };
    case 'author':
      return { ...base, submission: submissionAccess({}, { isAuthor: true, isConflicted: true }) };
  }
}

const ANSWERS = { confidence_comment: 'BUILTIN-ANSWER', own_question: 'CHAIR-QUESTION-ANSWER' };

/** The default form with the confidence comment and a chair's text question both at `visibility`. */
function formWith(visibility: ReviewQuestionVisibility): ReviewQuestionDto[] {
  return [
    ...DEFAULT_REVIEW_FORM.map((question) =>
      question.key === 'confidence_comment' ? { ...question, visibility } : question,
    ),
    chairQuestion('own_question', { label: { en: 'Own question', ar: 'سؤال خاص' }, visibility }),
  ];
}

const now = new Date('2030-01-01T00:00:00Z');
const review: ReviewRow = {
  id: 5,
  publicId: '5-bbbbbbbb',
  submissionId: 9,
  reviewerId: 2,
  ordinal: 1,
  status: 'completed',
  source: 'manual',
  overallScore: 2,
  confidence: 4,
  recommendation: 'accept',
  structuredReview: {
    overall_evaluation: { score: 2, summary: { strengths: ['S1'], weaknesses: ['W1'] }, justification: 'J1' },
    confidence: { score: 4, comment: ANSWERS.confidence_comment },
    criteria: [],
  },
  commentsToAuthor: 'A1',
  commentsToChair: 'H1',
  confidentialRemarks: 'X1',
  formVersion: 1,
  answers: { own_question: ANSWERS.own_question },
  version: 2,
  assignedBy: null,
  assignedAt: now,
  completedAt: now,
  createdAt: now,
  updatedAt: now,
};

/** What the reader receives: '-' nothing, else B (the built-in answer) and Q (the chair's question's answer). */
function observe(visibility: ReviewQuestionVisibility, role: Role, phase: Phase): string {
  const viewer = reviewViewer(accessOf(role, phase), 'completed');
  if (viewer === 'none') return '--';
  const dto: ReviewDto = presentReview(review, {
    viewer,
    submission: { id: 9, publicId: '9-cccccccc', title: 'Paper' },
    event: { id: 3, publicId: '3-dddddddd', title: 'Event', reviewDeadline: '2030-02-01', timezone: 'AoE' },
    form: { version: 1, questions: formWith(visibility), updatedAt: null },
    abilities: { edit: false, submit: false, can_use_assistant: false },
  });
  const text = JSON.stringify(dto);
  return `${text.includes(ANSWERS.confidence_comment) ? 'B' : '-'}${text.includes(ANSWERS.own_question) ? 'Q' : '-'}`;
}

/** visibility → role → the answer in each phase (reviewing, response window open, decided). */
const EXPECTED: Record<ReviewQuestionVisibility, Record<Role, [string, string, string]>> = {
  authors: {
    reviewer: ['BQ', 'BQ', 'BQ'],
    chair: ['BQ', 'BQ', 'BQ'],
    co_reviewer: ['BQ', 'BQ', 'BQ'],
    author: ['--', 'BQ', 'BQ'],
  },
  committee: {
    reviewer: ['BQ', 'BQ', 'BQ'],
    chair: ['BQ', 'BQ', 'BQ'],
    co_reviewer: ['BQ', 'BQ', 'BQ'],
    author: ['--', '--', '--'],
  },
  chairs: {
    reviewer: ['BQ', 'BQ', 'BQ'],
    chair: ['BQ', 'BQ', 'BQ'],
    co_reviewer: ['--', '--', '--'],
    author: ['--', '--', '--'],
  },
};

describe('the form’s visibility × the reader × the phase, through the presenter', () => {
  const cases = REVIEW_QUESTION_VISIBILITIES.flatMap((visibility) =>
    ROLES.flatMap((role) =>
      PHASES.map((phase, index) => ({ visibility, role, phase, want: EXPECTED[visibility][role][index] })),
    ),
  );

  it.each(cases)('$visibility question, $role, $phase → $want', ({ visibility, role, phase, want }) => {
    expect(observe(visibility, role, phase)).toBe(want);
  });

  it('never sends authors or co-reviewers an identity, the comments to the chair or the confidential remarks', () => {
    for (const role of ['author', 'co_reviewer'] as const) {
      const viewer = reviewViewer(accessOf(role, 'decided'), 'completed');
      if (viewer === 'none') throw new Error(`${role} reads the review once decided`);
      const questions = DEFAULT_REVIEW_FORM.map((question) => ({ ...question, visibility: 'authors' as const }));
      const dto = presentReview(review, {
        viewer,
        submission: { id: 9, publicId: '9-cccccccc', title: 'Paper' },
        event: { id: 3, publicId: '3-dddddddd', title: 'Event', reviewDeadline: '2030-02-01', timezone: 'AoE' },
        reviewer: { publicId: '2-eeeeeeee', firstName: 'Rev', lastName: 'Iewer', email: 'r@x.org', affiliation: 'U' },
        form: { version: 1, questions, updatedAt: null },
        abilities: { edit: false, submit: false, can_use_assistant: false },
      });
      const text = JSON.stringify(dto);
      for (const secret of ['H1', 'X1', 'r@x.org', 'Iewer', '2-eeeeeeee']) expect(text).not.toContain(secret);
    }
  });

  it('keeps a criterion the chair made chairs-only from co-reviewers and authors, and the score when it is', () => {
    const scored: ReviewRow = {
      ...review,
      structuredReview: review.structuredReview && {
        ...review.structuredReview,
        criteria: [
          { id: 'clarity', name: 'Clarity', description: '', min_score: 1, max_score: 10, score: 7 },
          { id: 'quality', name: 'Quality', description: '', min_score: 1, max_score: 10, score: 6 },
        ],
      },
    };
    const questions = DEFAULT_REVIEW_FORM.map((question) =>
      question.key === 'clarity' || question.key === 'overall_score'
        ? { ...question, visibility: 'chairs' as const }
        : question,
    );
    const read = (role: Role) => {
      const viewer = reviewViewer(accessOf(role, 'decided'), 'completed');
      if (viewer === 'none') throw new Error(`${role} reads the review once decided`);
      return presentReview(scored, {
        viewer,
        submission: { id: 9, publicId: '9-cccccccc', title: 'Paper' },
        event: { id: 3, publicId: '3-dddddddd', title: 'Event', reviewDeadline: '2030-02-01', timezone: 'AoE' },
        form: { version: 1, questions, updatedAt: null },
        abilities: { edit: false, submit: false, can_use_assistant: false },
      });
    };
    for (const role of ['author', 'co_reviewer'] as const) {
      const dto = read(role);
      expect(dto.structured_review?.criteria.map((criterion) => criterion.id)).toEqual(['quality']);
      expect([dto.overall_score, dto.structured_review?.overall_evaluation.score, dto.recommendation]).toEqual([
        null,
        null,
        null,
      ]);
    }
    const chair = read('chair');
    expect(chair.structured_review?.criteria.map((criterion) => criterion.id)).toEqual(['clarity', 'quality']);
    expect([chair.overall_score, chair.recommendation]).toEqual([2, 'accept']);
  });
});
