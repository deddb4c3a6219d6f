import {
  buildCoauthorIndex,
  type DetectedConflict,
  type DetectionSubmission,
  detectConflicts,
  type Person,
  reasonText,
} from './detection.ts';

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

/** A conflict detection found, with the English text stored in `conflicts.reason`. */
export type FoundConflict = DetectedConflict & { reason: string };

/** What detection finds among the input's persons and submissions, lifted pairs left out. */
export function detectFound(input: DetectionInput): FoundConflict[] {
  const lifted = new Set(input.lifted);
  const found = detectConflicts(input.persons, input.submissions, buildCoauthorIndex(input.persons, input.authored));
  const rows: FoundConflict[] = [];
  for (const [key, conflict] of found) {
    if (!lifted.has(key)) rows.push({ ...conflict, reason: reasonText(conflict.reasons) });
  }
  return rows;
}
