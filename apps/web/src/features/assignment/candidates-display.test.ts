import type { CandidateDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  affinityPercent,
  assignmentProgress,
  candidateAction,
  compareCandidates,
  conflictReasonLines,
  filterCandidates,
  loadState,
  loadText,
  matchesCandidateSearch,
  normalizeSearchText,
  pageCount,
  pageOf,
  splitCandidates,
  unassignImpact,
} from './candidates-display.ts';

let next = 0;

/** A candidate as the API sends it; only what a test is about is given. */
function candidate(overrides: Partial<CandidateDto> & { name?: string; affiliation?: string } = {}): CandidateDto {
  next += 1;
  const { name = `Reviewer ${next}`, affiliation = 'University', ...rest } = overrides;
  const [first = '', last = ''] = name.split(' ');
  return {
    reviewer: {
      public_id: `u-${next}`,
      first_name: first,
      last_name: last,
      full_name: name,
      email: `r${next}@example.org`,
      affiliation,
    },
    expertise: '',
    max_papers: 6,
    load: 0,
    affinity: 0,
    affinity_terms: [],
    bid: null,
    score: 0,
    assigned: false,
    review_status: null,
    conflict: null,
    assignable: true,
    not_assignable_reason: null,
    ...rest,
  };
}

const conflict = (overrides: Partial<NonNullable<CandidateDto['conflict']>> = {}) => ({
  type: 'institutional' as const,
  source: 'detected' as const,
  reason: '',
  reasons: [],
  ...overrides,
});

const names = (list: readonly CandidateDto[]) => list.map((item) => item.reviewer.full_name);

describe('sorting and splitting the candidates', () => {
  it('puts the best score first, conflicted reviewers last, ties by affinity then name', () => {
    const list = [
      candidate({ name: 'Low Score', score: 0.2, affinity: 0.2 }),
      candidate({ name: 'Conflicted Best', score: 0.9, affinity: 0.9, conflict: conflict() }),
      candidate({ name: 'Eager Bidder', score: 1.3, affinity: 0.3, bid: 'eager' }),
      candidate({ name: 'Zed Tie', score: 0.5, affinity: 0.5 }),
      candidate({ name: 'Abe Tie', score: 0.5, affinity: 0.5 }),
      candidate({ name: 'Bid Tie', score: 0.5, affinity: 0 }),
    ];
    expect(names([...list].sort(compareCandidates))).toEqual([
      'Eager Bidder',
      'Abe Tie',
      'Zed Tie',
      'Bid Tie',
      'Low Score',
      'Conflicted Best',
    ]);
  });

  it('splits the assigned reviewers from the others, each in that order', () => {
    const { assigned, others } = splitCandidates([
      candidate({ name: 'Free Low', score: 0.1 }),
      candidate({ name: 'Assigned Low', score: 0.1, assigned: true, review_status: 'assigned' }),
      candidate({ name: 'Assigned High', score: 0.8, assigned: true, review_status: 'in_progress' }),
      candidate({ name: 'Free High', score: 0.7 }),
    ]);
    expect(names(assigned)).toEqual(['Assigned High', 'Assigned Low']);
    expect(names(others)).toEqual(['Free High', 'Free Low']);
  });
});

describe('searching and filtering', () => {
  const ada = candidate({
    name: 'Ada Lovelace',
    affiliation: 'Analytical Engines Ltd',
    expertise: 'Graph neural networks, compilers',
  });
  const jose = candidate({ name: 'José Núñez', affiliation: 'Universidad de Chile' });
  const arabic = candidate({ name: 'مُحَمَّد علي', affiliation: 'جامعة القاهرة' });
  const conflicted = candidate({ name: 'Conflicted Person', conflict: conflict() });

  it('ignores case, accents and Arabic diacritics', () => {
    expect(normalizeSearchText('  José NÚÑEZ ')).toBe('jose nunez');
    expect(normalizeSearchText('مُحَمَّد')).toBe('محمد');
    expect(matchesCandidateSearch(jose, 'nunez')).toBe(true);
    expect(matchesCandidateSearch(arabic, 'محمد')).toBe(true);
  });

  it('matches name, affiliation, e-mail and expertise, every word somewhere', () => {
    expect(matchesCandidateSearch(ada, 'lovelace')).toBe(true);
    expect(matchesCandidateSearch(ada, 'engines')).toBe(true);
    expect(matchesCandidateSearch(ada, 'neural')).toBe(true);
    expect(matchesCandidateSearch(ada, ada.reviewer.email)).toBe(true);
    expect(matchesCandidateSearch(ada, 'ada compilers')).toBe(true);
    expect(matchesCandidateSearch(ada, 'ada chile')).toBe(false);
    expect(matchesCandidateSearch(ada, '   ')).toBe(true);
  });

  it('hides conflicted reviewers unless asked, then applies the search', () => {
    const all = [ada, jose, arabic, conflicted];
    expect(names(filterCandidates(all, { search: '', showConflicted: false }))).toEqual([
      'Ada Lovelace',
      'José Núñez',
      'مُحَمَّد علي',
    ]);
    expect(filterCandidates(all, { search: '', showConflicted: true })).toHaveLength(4);
    expect(names(filterCandidates(all, { search: 'person', showConflicted: true }))).toEqual(['Conflicted Person']);
    expect(filterCandidates(all, { search: 'person', showConflicted: false })).toEqual([]);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 45 }, (_, index) => index);

  it('counts pages, at least one', () => {
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
  });

  it('slices a page and keeps a page past the end on the last one', () => {
    expect(pageOf(items, 1, 20)).toEqual(items.slice(0, 20));
    expect(pageOf(items, 3, 20)).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 9, 20)).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 0, 20)).toEqual(items.slice(0, 20));
  });
});

describe('load against max_papers', () => {
  it('reads "load / max" and says when the reviewer is full or past it', () => {
    expect(loadText(2, 6)).toBe('2 / 6');
    expect(loadState(2, 6)).toBe('available');
    expect(loadState(6, 6)).toBe('full');
    expect(loadState(7, 6)).toBe('over');
    expect(loadState(0, 0)).toBe('full');
  });

  it("shows the paper's progress against reviewers per paper", () => {
    expect(assignmentProgress(2, 3)).toEqual({ percent: 67, complete: false });
    expect(assignmentProgress(3, 3)).toEqual({ percent: 100, complete: true });
    expect(assignmentProgress(4, 3)).toEqual({ percent: 100, complete: true });
    expect(assignmentProgress(0, 3)).toEqual({ percent: 0, complete: false });
    expect(assignmentProgress(0, 0)).toEqual({ percent: 100, complete: true });
  });

  it('turns affinity into a clamped percentage', () => {
    expect(affinityPercent(0.4567)).toBe(46);
    expect(affinityPercent(1.2)).toBe(100);
    expect(affinityPercent(-0.1)).toBe(0);
    expect(affinityPercent(Number.NaN)).toBe(0);
  });
});

describe('what each row offers', () => {
  it('assign, assign anyway at capacity, nothing with a conflict, unassign when assigned', () => {
    expect(candidateAction(candidate())).toBe('assign');
    expect(candidateAction(candidate({ load: 6, assignable: false, not_assignable_reason: 'at_capacity' }))).toBe(
      'force',
    );
    expect(
      candidateAction(candidate({ conflict: conflict(), assignable: false, not_assignable_reason: 'conflict' })),
    ).toBe('blocked');
    expect(candidateAction(candidate({ assigned: true, assignable: false, not_assignable_reason: 'assigned' }))).toBe(
      'unassign',
    );
  });

  it('says what unassigning does to the review', () => {
    expect(unassignImpact(null)).toBe('none');
    expect(unassignImpact('assigned')).toBe('none');
    expect(unassignImpact('in_progress')).toBe('draft');
    expect(unassignImpact('completed')).toBe('refused');
  });
});

describe('conflict reasons', () => {
  it('translates detected reasons from their message keys and parameters', () => {
    const detected = conflict({
      type: 'institutional',
      reason: 'Same affiliation as Grace Hopper (MIT)',
      reasons: [
        {
          code: 'conflicts.reason.affiliation',
          params: { author: 'Grace Hopper', affiliation: 'MIT' },
          message: 'Same affiliation as Grace Hopper (MIT)',
        },
        {
          code: 'conflicts.reason.domain',
          params: { author: 'Grace Hopper', domain: 'mit.edu' },
          message: 'Same e-mail domain as Grace Hopper (mit.edu)',
        },
      ],
    });
    expect(conflictReasonLines(detected, 'en')).toEqual([
      'Same affiliation as Grace Hopper (MIT)',
      'Same e-mail domain as Grace Hopper (mit.edu)',
    ]);
    expect(conflictReasonLines(detected, 'ar')).toEqual([
      'جهة الانتساب نفسها التي لدى Grace Hopper (MIT)',
      'نطاق البريد الإلكتروني نفسه الذي لدى Grace Hopper (mit.edu)',
    ]);
  });

  it('falls back to the English message for an unknown code', () => {
    const odd = conflict({ reasons: [{ code: 'conflicts.reason.future', params: {}, message: 'Some new rule' }] });
    expect(conflictReasonLines(odd, 'ar')).toEqual(['Some new rule']);
  });

  it('translates a declared conflict from its stored text, keeping the name and the note', () => {
    const declared = conflict({ type: 'personal', source: 'declared', reason: 'Declared by Alan Turing: PhD advisor' });
    expect(conflictReasonLines(declared, 'en')).toEqual(['Declared by Alan Turing: PhD advisor']);
    expect(conflictReasonLines(declared, 'ar')).toEqual(['صرّح به Alan Turing: PhD advisor']);
    const bare = conflict({ type: 'personal', source: 'declared', reason: 'Declared by Alan Turing' });
    expect(conflictReasonLines(bare, 'ar')).toEqual(['صرّح به Alan Turing']);
    const viaBid = conflict({ type: 'personal', source: 'declared', reason: 'Declared by the reviewer when bidding' });
    expect(conflictReasonLines(viaBid, 'ar')).toEqual(['صرّح به المحكّم عند إبداء رغبته']);
  });

  it("keeps the declarer's note after the structured reasons the API sends", () => {
    const declared = conflict({
      type: 'personal',
      source: 'declared',
      reason: 'Declared by Alan Turing: PhD advisor',
      reasons: [
        {
          code: 'conflicts.reason.declared',
          params: { name: 'Alan Turing' },
          message: 'Declared by Alan Turing',
        },
      ],
    });
    expect(conflictReasonLines(declared, 'en')).toEqual(['Declared by Alan Turing', 'PhD advisor']);
    expect(conflictReasonLines(declared, 'ar')).toEqual(['صرّح به Alan Turing', 'PhD advisor']);
  });

  it('translates stored detected texts without values, keeps the others, and names the type when nothing is stored', () => {
    const stored = conflict({
      type: 'author',
      reason: 'Author of the submission; Co-author of Grace Hopper on another submission',
    });
    expect(conflictReasonLines(stored, 'ar')).toEqual([
      'مؤلف الورقة',
      'Co-author of Grace Hopper on another submission',
    ]);
    expect(conflictReasonLines(conflict({ type: 'domain', reason: '' }), 'en')).toEqual(['Same e-mail domain']);
    expect(conflictReasonLines(conflict({ type: 'domain', reason: '' }), 'ar')).toEqual([
      'نطاق البريد الإلكتروني نفسه',
    ]);
  });
});
