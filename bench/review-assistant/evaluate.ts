import { DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { analyzeDraft, paperTerms } from '../../apps/api/src/modules/ai/review-assistant/index.ts';
import { DRAFTS, type LabelledDraft } from './drafts.ts';
import { addTallies, type Found, scoreDraft, type Tally } from './scoring.ts';

/** One draft analysed: what was found, the tallies, and the time the analysis took (paper terms included). */
export type DraftRun = { draft: LabelledDraft; found: Found[]; tallies: Map<string, Tally>; ms: number };

/** A test paper as the bench reads it: its fixture's name and truth (papers.ts `PaperFixture`). */
export type BenchPaper = { name: string; truth: { title: string; abstract: string; keywords: string[] } };

/**
 * Runs the local analysis on every labelled draft, the paper read from its fixture's truth (title, abstract,
 * keywords; no extracted text), and scores it. Used by run.ts and by the floor test, which pass the fixtures.
 */
export function evaluateDrafts(fixtures: readonly BenchPaper[], drafts: readonly LabelledDraft[] = DRAFTS): DraftRun[] {
  const papers = new Map(fixtures.map((fixture) => [fixture.name, fixture.truth]));
  return drafts.map((draft) => {
    const truth = papers.get(draft.paper);
    if (!truth) throw new Error(`draft ${draft.id}: no paper fixture ${draft.paper}`);
    const started = process.hrtime.bigint();
    const terms = paperTerms({ title: truth.title, abstract: truth.abstract, keywords: truth.keywords, text: '' });
    const findings = analyzeDraft({ questions: DEFAULT_REVIEW_FORM, answers: draft.answers }, terms);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const found = findings.map((finding) => ({
      kind: finding.kind,
      question_key: finding.questionKey,
      sentence: finding.sentence,
    }));
    return { draft, found, tallies: scoreDraft(found, draft.expected), ms };
  });
}

/** The summed tallies of some runs. */
export function totalTallies(runs: readonly DraftRun[]): Map<string, Tally> {
  const total = new Map<string, Tally>();
  for (const run of runs) addTallies(total, run.tallies);
  return total;
}
