import { buildCoauthorIndex, type DetectionSubmission, detectConflicts, type Person, reasonText } from './detection.ts';

/*
 * Conflict detection as a task of the worker pool (lib/worker-pool.ts): the sync hands it plain data (some persons,
 * the submissions to check them against, what those persons authored, the pairs a chair lifted) and gets plain rows
 * back, so normalising affiliations and matching thousands of pairs never runs on the request thread.
 */

export type DetectionInput = {
  persons: Person[];
  submissions: DetectionSubmission[];
  /** Every submission (any event) one of the persons authored, with all its authors: the co-authorship evidence. */
  authored: DetectionSubmission[];
  /** `pairKey`s of the pairs a chair lifted: never found. */
  lifted: string[];
};

/**
 * Some found conflicts, serialised: the rows the sync's write statement takes, how many, and the conflicts
 * themselves (empty when the sync does not collect them).
 */
export type FoundBatch = { rows: string; count: number; found: string };

/**
 * What detection finds among the input's persons and submissions, lifted pairs left out, in batches of `batchSize`
 * already serialised (a string crosses threads as one copy, not object by object); the conflicts themselves only
 * with `collect`.
 */
export function detectBatches(input: DetectionInput & { batchSize: number; collect: boolean }): FoundBatch[] {
  const lifted = new Set(input.lifted);
  const found = detectConflicts(input.persons, input.submissions, buildCoauthorIndex(input.persons, input.authored));
  const kept = [...found].flatMap(([key, conflict]) => (lifted.has(key) ? [] : [conflict]));
  const batches: FoundBatch[] = [];
  for (let start = 0; start < kept.length; start += input.batchSize) {
    const batch = kept.slice(start, start + input.batchSize);
    batches.push({
      rows: JSON.stringify(
        batch.map((conflict) => ({
          s: conflict.submissionId,
          u: conflict.userId,
          t: conflict.type,
          r: reasonText(conflict.reasons),
        })),
      ),
      count: batch.length,
      found: input.collect ? JSON.stringify(batch) : '',
    });
  }
  return batches;
}
