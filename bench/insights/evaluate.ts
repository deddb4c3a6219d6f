import { type Highlights, pickHighlights } from '../../apps/api/src/modules/ai/insights/highlights.ts';
import { relevanceToEvent } from '../../apps/api/src/modules/ai/insights/relevance.ts';
import { paperSignal, scoreTopics } from '../../apps/api/src/modules/ai/insights/topics.ts';
import { caseFullText, HIGHLIGHT_CASES, type HighlightCase, type Role } from './highlight-cases.ts';
import { type Band, bandOf, NEUTRAL_BODY, RELEVANCE_CASES, type RelevanceCase } from './relevance-cases.ts';

/** The role each highlight slot should hold. */
export const SLOT_ROLES: Readonly<Record<keyof Highlights, Role>> = {
  problem_statement: 'problem',
  gap_analysis: 'gap',
  contribution: 'contribution',
  methodology: 'method',
  main_finding: 'finding',
};
export const SLOTS = Object.keys(SLOT_ROLES) as (keyof Highlights)[];

export type RelevanceRun = { entry: RelevanceCase; score: number; band: Band; justification: string };

/**
 * Scores every relevance case: from the paper's summary alone (title, abstract, keywords), or with a full text (the
 * summary followed by NEUTRAL_BODY).
 */
export function runRelevance(
  cases: readonly RelevanceCase[] = RELEVANCE_CASES,
  { fullText = false }: { fullText?: boolean } = {},
): RelevanceRun[] {
  return cases.map((entry) => {
    const body = fullText ? `${entry.paper.title}\n${entry.paper.abstract}\n${NEUTRAL_BODY}` : '';
    const signal = paperSignal({ ...entry.paper, fullText: body });
    const relevance = relevanceToEvent(signal, scoreTopics(signal), entry.event);
    return { entry, score: relevance.score, band: bandOf(relevance.score), justification: relevance.justification };
  });
}

/** A slot's outcome: on target (right role, or empty when the paper has none), wrong (another role), missed (empty). */
export type SlotOutcome = 'right' | 'wrong' | 'missed';

export type HighlightRun = {
  entry: HighlightCase;
  picked: Highlights;
  outcomes: Record<keyof Highlights, SlotOutcome>;
};

function roleOf(entry: HighlightCase, sentence: string): Role | undefined {
  const all = [...entry.abstract, ...(entry.introduction ?? []), ...(entry.nextSection?.sentences ?? [])];
  return all.find(([, text]) => text === sentence)?.[0];
}

/** Picks the highlights of every case and grades each slot against the sentence labels. */
export function runHighlights(cases: readonly HighlightCase[] = HIGHLIGHT_CASES): HighlightRun[] {
  return cases.map((entry) => {
    const abstract = entry.abstract.map(([, sentence]) => sentence).join(' ');
    const picked = pickHighlights(abstract, caseFullText(entry));
    const outcomes = {} as Record<keyof Highlights, SlotOutcome>;
    for (const slot of SLOTS) {
      const role = SLOT_ROLES[slot];
      if (!picked[slot]) outcomes[slot] = hasRole(entry, role) ? 'missed' : 'right';
      else outcomes[slot] = roleOf(entry, picked[slot]) === role ? 'right' : 'wrong';
    }
    return { entry, picked, outcomes };
  });
}

function hasRole(entry: HighlightCase, role: Role): boolean {
  return [...entry.abstract, ...(entry.introduction ?? [])].some(([label]) => label === role);
}

/** Share of slots on target, per slot and over all slots, and the share of filled slots that hold a wrong role. */
export function highlightFigures(runs: readonly HighlightRun[]) {
  const perSlot = Object.fromEntries(
    SLOTS.map((slot) => [slot, runs.filter((run) => run.outcomes[slot] === 'right').length / (runs.length || 1)]),
  ) as Record<keyof Highlights, number>;
  const outcomes = runs.flatMap((run) => SLOTS.map((slot) => run.outcomes[slot]));
  const filled = runs.flatMap((run) => SLOTS.filter((slot) => run.picked[slot]).map((slot) => run.outcomes[slot]));
  return {
    perSlot,
    onTarget: outcomes.filter((outcome) => outcome === 'right').length / (outcomes.length || 1),
    wrongWhenFilled: filled.filter((outcome) => outcome === 'wrong').length / (filled.length || 1),
  };
}

/** Share of relevance cases whose score falls in the expected band. */
export function bandAccuracy(runs: readonly RelevanceRun[]): number {
  return runs.filter((run) => run.band === run.entry.band).length / (runs.length || 1);
}
