import {
  BID_LABELS,
  type BidValue,
  type CandidateDto,
  type ReviewMessageKey,
  type ReviewStatus,
  reviewMessage,
} from '@confero/contracts';
import { conflictTypeLabel, reasonText } from '../conflicts/conflict-display.ts';
import type { Language } from '../reviews/review-display.ts';

/*
 * What the manual assignment screen shows: the candidates split into assigned and not, sorted and filtered on the
 * client, each reviewer's load against max_papers, the bid and conflict texts in the interface language, and which
 * action each row offers. Everything here is pure so it can be tested without React.
 */

/** How many candidates one page of the list shows. */
export const CANDIDATES_PAGE_SIZE = 20;

/** Bid colours, from keen (green) to unwilling (orange) and conflict (red). */
export const BID_COLORS: Record<BidValue, string> = {
  eager: 'green',
  willing: 'teal',
  in_a_pinch: 'yellow',
  not_willing: 'orange',
  conflict: 'red',
};

export const bidLabel = (bid: BidValue, language: Language) => BID_LABELS[bid][language];

export { conflictTypeLabel };

/** The candidates already assigned to the paper and the others, each sorted with `compareCandidates`. */
export function splitCandidates(candidates: readonly CandidateDto[]): {
  assigned: CandidateDto[];
  others: CandidateDto[];
} {
  const sorted = [...candidates].sort(compareCandidates);
  return {
    assigned: sorted.filter((candidate) => candidate.assigned),
    others: sorted.filter((candidate) => !candidate.assigned),
  };
}

/**
 * The list's order: conflicted reviewers last (they can never be assigned), then by score (affinity plus the bid's
 * value, what the automatic assignment maximises) descending, then by affinity, then by name.
 */
export function compareCandidates(a: CandidateDto, b: CandidateDto): number {
  return (
    Number(a.conflict !== null) - Number(b.conflict !== null) ||
    b.score - a.score ||
    b.affinity - a.affinity ||
    a.reviewer.full_name.localeCompare(b.reviewer.full_name)
  );
}

/** Lower case without accents or Arabic diacritics, so 'Jose' finds 'José' and 'محمد' finds 'مُحَمَّد'. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Whether every word of the search occurs in the reviewer's name, affiliation, e-mail or expertise. */
export function matchesCandidateSearch(candidate: CandidateDto, search: string): boolean {
  const words = normalizeSearchText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeSearchText(
    [
      candidate.reviewer.full_name,
      candidate.reviewer.affiliation,
      candidate.reviewer.email,
      candidate.expertise,
      ...candidate.affinity_terms,
    ].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

export type CandidateFilter = { search: string; showConflicted: boolean };

/** The candidates the list shows: matching the search, and without the conflicted ones unless asked for. */
export function filterCandidates(candidates: readonly CandidateDto[], filter: CandidateFilter): CandidateDto[] {
  return candidates.filter(
    (candidate) =>
      (filter.showConflicted || candidate.conflict === null) && matchesCandidateSearch(candidate, filter.search),
  );
}

/** How many pages a list of `total` items takes (at least one, so the pager never shows zero). */
export function pageCount(total: number, pageSize = CANDIDATES_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The items of a 1-based page; a page past the end shows the last one (after the filter shrank the list). */
export function pageOf<T>(items: readonly T[], page: number, pageSize = CANDIDATES_PAGE_SIZE): T[] {
  const last = pageCount(items.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/** A reviewer's load against max_papers: under it, exactly at it (full) or past it (forced assignments). */
export type LoadState = 'available' | 'full' | 'over';

export function loadState(load: number, maxPapers: number): LoadState {
  if (load > maxPapers) return 'over';
  if (load === maxPapers) return 'full';
  return 'available';
}

export const LOAD_COLORS: Record<LoadState, string> = { available: 'dimmed', full: 'orange', over: 'red' };

/** '2 / 6': papers of the event assigned to the reviewer now, and their maximum. */
export const loadText = (load: number, maxPapers: number) => `${load} / ${maxPapers}`;

/** Affinity (0–1) as a whole percentage, clamped. */
export function affinityPercent(affinity: number): number {
  if (!Number.isFinite(affinity)) return 0;
  return Math.round(Math.min(1, Math.max(0, affinity)) * 100);
}

/** The header's progress: how many of the wanted reviewers are assigned, as a percentage (capped at 100). */
export function assignmentProgress(assigned: number, wanted: number): { percent: number; complete: boolean } {
  if (wanted <= 0) return { percent: 100, complete: true };
  return { percent: Math.min(100, Math.round((assigned / wanted) * 100)), complete: assigned >= wanted };
}

/**
 * What a candidate's row offers: assign; assign anyway (at capacity, confirmed, sent with `force`); nothing
 * (a conflict of interest, never overridable); or unassign (already assigned).
 */
export type CandidateAction = 'assign' | 'force' | 'blocked' | 'unassign';

export function candidateAction(candidate: CandidateDto): CandidateAction {
  if (candidate.assigned) return 'unassign';
  if (candidate.conflict !== null || candidate.not_assignable_reason === 'conflict') return 'blocked';
  if (candidate.not_assignable_reason === 'at_capacity') return 'force';
  return 'assign';
}

/**
 * What removing an assignment does to the review (`DELETE submissions/{id}/assign/{reviewer_id}/`): nothing
 * started; a draft that is deleted with it; or refused (409), because a submitted review stays.
 */
export type UnassignImpact = 'none' | 'draft' | 'refused';

export function unassignImpact(status: ReviewStatus | null): UnassignImpact {
  if (status === 'completed') return 'refused';
  if (status === 'in_progress') return 'draft';
  return 'none';
}

/**
 * The reasons of a conflict of interest in the interface language, one line each. Detected conflicts carry their
 * reasons as message keys; a declared one carries only the stored English text ('Declared by Name: note'), whose
 * name and note are kept and whose words are translated. Anything else is shown as stored, else the type's label.
 */
export function conflictReasonLines(conflict: NonNullable<CandidateDto['conflict']>, language: Language): string[] {
  const stored = conflict.reason.trim();
  const declared = /^Declared by (.+?)(?:: ([\s\S]*))?$/.exec(stored);
  if (conflict.reasons.length > 0) {
    const lines = conflict.reasons.map((reason) => reasonText(reason, language));
    // The declarer's own words are kept only in the stored text ("Declared by X: note").
    const note = conflict.source === 'declared' ? declared?.[2]?.trim() : undefined;
    return note ? [...lines, note] : lines;
  }
  if (stored === reviewMessage('conflicts.reason.bid')) return [reviewMessage('conflicts.reason.bid', {}, language)];
  if (declared) {
    const line = reviewMessage('conflicts.reason.declared', { name: declared[1] ?? '' }, language);
    const note = declared[2]?.trim();
    return [note ? `${line}: ${note}` : line];
  }
  if (stored) return stored.split('; ').map((part) => translateStoredReason(part, language));
  return [conflictTypeLabel(conflict.type, language)];
}

const DETECTED_REASON_KEYS = [
  'conflicts.reason.author',
  'conflicts.reason.domain',
  'conflicts.reason.affiliation',
  'conflicts.reason.coauthor',
] as const satisfies readonly ReviewMessageKey[];

/** One stored English reason of a detected conflict, translated when it is a known message without values. */
function translateStoredReason(english: string, language: Language): string {
  const key = DETECTED_REASON_KEYS.find((candidate) => reviewMessage(candidate) === english);
  return key ? reviewMessage(key, {}, language) : english;
}
