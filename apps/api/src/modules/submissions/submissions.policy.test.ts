import { describe, expect, it } from 'vitest';
import { noEventAccess } from '../../../test/access.ts';
import { isBlindedReviewer, type SubmissionAccess, submissionPolicies } from './submissions.policy.ts';

const none = noEventAccess();

type Who = { name: string; access: SubmissionAccess };
const viewers: Who[] = [
  { name: 'outsider', access: { event: none, isAuthor: false, isConflicted: false, trackId: null } },
  { name: 'author', access: { event: none, isAuthor: true, isConflicted: true, trackId: null } },
  {
    name: 'reviewer',
    access: { event: { ...none, isReviewer: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'conflicted reviewer',
    access: { event: { ...none, isReviewer: true }, isAuthor: false, isConflicted: true, trackId: null },
  },
  {
    name: 'track chair',
    access: { event: { ...none, isTrackChair: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'chair',
    access: { event: { ...none, isEventChair: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'conflicted chair',
    access: { event: { ...none, isEventChair: true }, isAuthor: false, isConflicted: true, trackId: null },
  },
  {
    name: 'chair and author',
    access: { event: { ...none, isEventChair: true }, isAuthor: true, isConflicted: true, trackId: null },
  },
  {
    name: 'event admin',
    access: { event: { ...none, isEventAdmin: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'platform admin',
    access: { event: { ...none, isPlatformAdmin: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'creator only',
    access: { event: { ...none, isCreator: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'area chair of the paper',
    access: {
      event: { ...none, isAreaChair: true },
      isAuthor: false,
      isConflicted: false,
      trackId: null,
      isPaperAreaChair: true,
    },
  },
  {
    name: 'area chair of another paper',
    access: { event: { ...none, isAreaChair: true }, isAuthor: false, isConflicted: false, trackId: null },
  },
  {
    name: 'conflicted area chair of the paper',
    access: {
      event: { ...none, isAreaChair: true },
      isAuthor: false,
      isConflicted: true,
      trackId: null,
      isPaperAreaChair: true,
    },
  },
];

// view, update, delete, changeStatus, makeDecision, download, viewInsights, review
const expected: Record<string, string> = {
  outsider: '--------',
  author: 'YYY--Y--',
  reviewer: 'Y----YYY',
  'conflicted reviewer': 'Y----Y--',
  'track chair': 'Y----YY-',
  chair: 'Y--YYYY-',
  'conflicted chair': 'Y----Y--',
  'chair and author': 'YYY--Y--',
  'event admin': 'Y--YYYY-',
  'platform admin': 'Y--YYYY-',
  'creator only': '--------',
  // Area chairs are staff who never decide: the paper's own reads it as any staff member does.
  'area chair of the paper': 'Y----YY-',
  'area chair of another paper': 'Y----YY-',
  'conflicted area chair of the paper': 'Y----Y--',
};

describe('submission policies (truth table)', () => {
  const actions = Object.keys(submissionPolicies) as (keyof typeof submissionPolicies)[];
  it.each(viewers)('$name', ({ name, access }) => {
    const row = actions.map((action) => (submissionPolicies[action](access).allowed ? 'Y' : '-')).join('');
    expect(row).toBe(expected[name]);
  });

  it('blinds reviewers of double-blind events only', () => {
    const reviewer: SubmissionAccess = {
      event: { ...none, isReviewer: true },
      isAuthor: false,
      isConflicted: false,
      trackId: null,
    };
    expect(isBlindedReviewer(reviewer, 'double')).toBe(true);
    const areaChair = { ...reviewer, event: { ...none, isAreaChair: true }, isPaperAreaChair: true };
    expect(isBlindedReviewer(areaChair, 'double')).toBe(true);
    expect(isBlindedReviewer(areaChair, 'single')).toBe(false);
    expect(isBlindedReviewer(reviewer, 'single')).toBe(false);
    expect(isBlindedReviewer({ ...reviewer, event: { ...reviewer.event, isEventChair: true } }, 'double')).toBe(false);
  });
});
