import { ASSISTANT_FINDING_KINDS } from '@confero/contracts';
import type { Expected } from './drafts.ts';

/*
 * Scoring of the review assistant's findings against the labels (README.md): a found finding matches an expected one
 * of the same kind and question, and, when the label names a sentence, a sentence that holds it or is held by it
 * (white space folded). Each expected finding matches at most one found one.
 */

export type Found = { kind: string; question_key: string | null; sentence: string | null };
export type Tally = { expected: number; found: number; truePositives: number };
export type Figures = Tally & { precision: number; recall: number; f1: number };

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether a found finding is the expected one: same kind and question, and its sentence when the label names one. */
export function matches(found: Found, expected: Expected): boolean {
  if (found.kind !== expected.kind || found.question_key !== expected.question_key) return false;
  if (expected.sentence === undefined) return true;
  if (!found.sentence) return false;
  const a = fold(found.sentence);
  const b = fold(expected.sentence);
  return a.includes(b) || b.includes(a);
}

/** The tallies of one draft per kind: expected, found, and the pairs matched one to one. */
export function scoreDraft(found: readonly Found[], expected: readonly Expected[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const tally = (kind: string) => {
    let entry = tallies.get(kind);
    if (!entry) {
      entry = { expected: 0, found: 0, truePositives: 0 };
      tallies.set(kind, entry);
    }
    return entry;
  };
  for (const entry of expected) tally(entry.kind).expected += 1;
  const used = new Set<number>();
  for (const finding of found) {
    const entry = tally(finding.kind);
    entry.found += 1;
    const index = expected.findIndex((label, at) => !used.has(at) && matches(finding, label));
    if (index >= 0) {
      used.add(index);
      entry.truePositives += 1;
    }
  }
  return tallies;
}

/** Adds a draft's tallies into running ones. */
export function addTallies(into: Map<string, Tally>, from: Map<string, Tally>): void {
  for (const [kind, tally] of from) {
    const entry = into.get(kind) ?? { expected: 0, found: 0, truePositives: 0 };
    entry.expected += tally.expected;
    entry.found += tally.found;
    entry.truePositives += tally.truePositives;
    into.set(kind, entry);
  }
}

/** Precision, recall and F1 of a tally (1 when there was nothing to find and nothing was found). */
export function figures(tally: Tally): Figures {
  const precision = tally.found === 0 ? (tally.expected === 0 ? 1 : 0) : tally.truePositives / tally.found;
  const recall = tally.expected === 0 ? 1 : tally.truePositives / tally.expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...tally, precision, recall, f1 };
}

/** The figures per kind (in ASSISTANT_FINDING_KINDS' order, those that occur) and overall. */
export function report(tallies: Map<string, Tally>): { kind: string; figures: Figures }[] {
  const overall: Tally = { expected: 0, found: 0, truePositives: 0 };
  const rows: { kind: string; figures: Figures }[] = [];
  for (const kind of ASSISTANT_FINDING_KINDS) {
    const tally = tallies.get(kind);
    if (!tally) continue;
    rows.push({ kind, figures: figures(tally) });
    overall.expected += tally.expected;
    overall.found += tally.found;
    overall.truePositives += tally.truePositives;
  }
  rows.push({ kind: 'overall', figures: figures(overall) });
  return rows;
}
