import { describe, expect, it } from 'vitest';
import {
  bandAccuracy,
  highlightFigures,
  runHighlights,
  runRelevance,
} from '../../../../../../bench/insights/evaluate.ts';

/*
 * The local insights' floor on the bench's labelled cases (bench/insights/README.md). The floors sit under the measured
 * figures (README's table) with room for one case to change; a change that loses more fails here.
 */
describe('the local insights on the labelled cases', () => {
  const relevance = runRelevance();
  const highlights = runHighlights();

  it('has at least 24 relevance cases across fields and in Arabic, and held-out parts', () => {
    expect(relevance.length).toBeGreaterThanOrEqual(24);
    expect(relevance.filter((run) => run.entry.heldOut).length).toBeGreaterThanOrEqual(10);
    expect(new Set(relevance.map((run) => run.entry.event.primaryResearchArea)).size).toBeGreaterThanOrEqual(6);
    expect(relevance.some((run) => /[\u0600-\u06FF]/.test(run.entry.paper.title))).toBe(true);
    expect(highlights.filter((run) => run.entry.heldOut).length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['from the summary', relevance],
    ['with full text', runRelevance(undefined, { fullText: true })],
  ])('puts ≥ 85%% of relevance scores %s in the expected band, ≥ 80%% held out, and no high/low swap', (_, runs) => {
    expect(bandAccuracy(runs)).toBeGreaterThanOrEqual(0.85);
    expect(bandAccuracy(runs.filter((run) => run.entry.heldOut))).toBeGreaterThanOrEqual(0.8);
    const swapped = runs.filter(
      (run) => (run.entry.band === 'high' && run.band === 'low') || (run.entry.band === 'low' && run.band === 'high'),
    );
    expect(swapped.map((run) => run.entry.id)).toEqual([]);
  });

  it('keeps ≥ 90% of highlight slots on target (≥ 85% held out) and ≤ 10% of filled slots wrong', () => {
    const all = highlightFigures(highlights);
    expect(all.onTarget).toBeGreaterThanOrEqual(0.9);
    expect(all.wrongWhenFilled).toBeLessThanOrEqual(0.1);
    expect(highlightFigures(highlights.filter((run) => run.entry.heldOut)).onTarget).toBeGreaterThanOrEqual(0.85);
  });
});
