import type { AssignmentResultDto, ProposedPairDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { resultForViewer } from './assignment-preview.presenter.ts';

const paper = (id: number) => ({ id, public_id: `${id}-paper`, title: `Paper ${id}` });
const person = (n: number) => ({
  public_id: `${n}-rev`,
  first_name: 'Rev',
  last_name: String(n),
  full_name: `Rev ${n}`,
  email: `r${n}@uni.example`,
  affiliation: 'University',
});
const pair = (p: number, r: number, score: number, existing = false): ProposedPairDto => ({
  submission: paper(p),
  reviewer: person(r),
  score,
  affinity: score,
  bid: null,
  reasons: [],
  existing,
});

/** Papers 1–3 with two pairs each (paper 2 the lowest), paper 4 short with no pair at all. */
const RESULT: AssignmentResultDto = {
  pairs: [pair(1, 1, 0.5), pair(1, 2, 0.25, true), pair(2, 1, 0.1), pair(2, 3, 0.05), pair(3, 2, 0.9), pair(3, 3, 0.4)],
  new_count: 5,
  removed: [{ submission: paper(2), reviewer: person(4) }],
  total_score: 2.2,
  lowest_paper_score: 0,
  lowest_paper: paper(4),
  load_histogram: [{ papers: 2, reviewers: 3 }],
  short: [
    {
      submission: paper(4),
      wanted: 2,
      assigned: 0,
      eligible_reviewers: 1,
      reason: {
        code: 'assignments.shortNoEligible',
        params: { eligible: 1, wanted: 2 },
        message: 'Only 1 reviewers of the event may review it (the others have a conflict of interest); 2 are wanted.',
      },
    },
  ],
  reviewers_per_paper: 2,
  papers: 4,
  reviewers: 4,
  hidden_papers: 0,
};

describe('resultForViewer', () => {
  it('answers the result as computed to a viewer without conflicts', () => {
    expect(resultForViewer(RESULT, new Set([99]))).toEqual(RESULT);
  });

  it('leaves out the pairs, removals, short rows and scores of the papers the viewer is conflicted with', () => {
    const seen = resultForViewer(RESULT, new Set([2, 4, 99]));
    expect(seen.pairs.map((row) => row.submission.id)).toEqual([1, 1, 3, 3]);
    expect(seen.removed).toEqual([]);
    expect(seen.short).toEqual([]);
    expect(seen.new_count).toBe(3);
    expect(seen.total_score).toBe(2.05);
    expect(seen.lowest_paper).toEqual(paper(1));
    expect(seen.lowest_paper_score).toBe(0.75);
    expect(seen.hidden_papers).toBe(2);
    // What is not about one paper stays.
    expect(seen).toMatchObject({
      papers: 4,
      reviewers: 4,
      reviewers_per_paper: 2,
      load_histogram: RESULT.load_histogram,
    });
    expect(JSON.stringify(seen)).not.toContain('Paper 2');
    expect(JSON.stringify(seen)).not.toContain('Paper 4');
  });

  it('counts a visible paper left without pairs at 0 for the lowest score', () => {
    const seen = resultForViewer(RESULT, new Set([1]));
    expect(seen.lowest_paper).toEqual(paper(4));
    expect(seen.lowest_paper_score).toBe(0);
    expect(seen.total_score).toBe(1.45);
    expect(seen.hidden_papers).toBe(1);
  });

  it('gives the short reasons of older previews their parameters from the row', () => {
    const older = {
      ...RESULT,
      short: RESULT.short.map(({ reason, ...row }) => ({
        ...row,
        reason: { code: reason.code, message: reason.message },
      })),
    } as unknown as AssignmentResultDto;
    delete (older as Partial<AssignmentResultDto>).hidden_papers;
    const seen = resultForViewer(older, new Set());
    expect(seen.short[0]?.reason.params).toEqual({ eligible: 1, wanted: 2 });
    expect(seen.hidden_papers).toBe(0);
  });
});
