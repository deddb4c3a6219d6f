import { describe, expect, it } from 'vitest';
import { evaluateDrafts, totalTallies } from '../../../../../../bench/review-assistant/evaluate.ts';
import { figures } from '../../../../../../bench/review-assistant/scoring.ts';
import { PAPER_FIXTURES } from '../../../../test/fixtures/pdf/papers.ts';

/*
 * The review assistant's floor on the bench's labelled drafts (bench/review-assistant/README.md). The floors sit under
 * the measured figures (README's table) with room for a lexicon edit; a change that loses more fails here.
 */
describe('the review assistant on the labelled drafts', () => {
  const runs = evaluateDrafts(PAPER_FIXTURES);
  const all = (tallies: ReturnType<typeof totalTallies>) =>
    figures(
      [...tallies.values()].reduce(
        (sum, tally) => ({
          expected: sum.expected + tally.expected,
          found: sum.found + tally.found,
          truePositives: sum.truePositives + tally.truePositives,
        }),
        { expected: 0, found: 0, truePositives: 0 },
      ),
    );

  it('has at least 40 drafts in English and Arabic, ten of them held out', () => {
    expect(runs.length).toBeGreaterThanOrEqual(40);
    expect(runs.filter((run) => run.draft.heldOut).length).toBeGreaterThanOrEqual(10);
    expect(new Set(runs.map((run) => run.draft.language))).toEqual(new Set(['en', 'ar']));
  });

  it('keeps overall precision ≥ 0.9 and recall ≥ 0.85, and ≥ 0.8 on the held-out part', () => {
    const overall = all(totalTallies(runs));
    expect(overall.precision).toBeGreaterThanOrEqual(0.9);
    expect(overall.recall).toBeGreaterThanOrEqual(0.85);
    const heldOut = all(totalTallies(runs.filter((run) => run.draft.heldOut)));
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.8);
    expect(heldOut.recall).toBeGreaterThanOrEqual(0.8);
  });
});
