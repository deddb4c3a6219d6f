import {
  ASSIGNMENT_MODES,
  type AssignmentMode,
  type AssignmentPreviewDto,
  type AssignmentPreviewStatus,
  type AssignmentResultDto,
  type BidValue,
  isReviewMessageKey,
  type ProposedPairDto,
  reviewMessage,
} from '@confero/contracts';
import { isApiError } from '../../lib/api.ts';

/*
 * What the automatic assignment screen shows: the proposed pairs grouped by paper with search and paging, the load
 * histogram's bars, the text of a paper left short, and the preview id kept in the address. Pure functions, unit-tested
 * in auto-display.test.ts.
 */

export type PairFilter = 'all' | 'new' | 'kept';

/** One paper of the preview with the reviewers proposed for it, best score first. */
export type PaperGroup = {
  submission: ProposedPairDto['submission'];
  pairs: ProposedPairDto[];
  /** Σ score of the paper's pairs (what the "lowest per-paper score" compares). */
  score: number;
  newCount: number;
  keptCount: number;
};

/**
 * The pairs grouped by paper, papers in the order the server listed them (by submission id) and each paper's
 * reviewers by score, best first; ties keep the server's order. A paper appears once however its pairs are spread.
 */
export function groupPairsByPaper(pairs: readonly ProposedPairDto[]): PaperGroup[] {
  const groups = new Map<number, PaperGroup>();
  for (const pair of pairs) {
    let group = groups.get(pair.submission.id);
    if (!group) {
      group = { submission: pair.submission, pairs: [], score: 0, newCount: 0, keptCount: 0 };
      groups.set(pair.submission.id, group);
    }
    group.pairs.push(pair);
    group.score += pair.score;
    if (pair.existing) group.keptCount += 1;
    else group.newCount += 1;
  }
  const result = [...groups.values()];
  for (const group of result) {
    group.pairs = group.pairs
      .map((pair, index) => ({ pair, index }))
      .sort((a, b) => b.pair.score - a.pair.score || a.index - b.index)
      .map(({ pair }) => pair);
    group.score = Math.round(group.score * 1e4) / 1e4;
  }
  return result;
}

/** Lower case, accents and Arabic diacritics removed, spaces collapsed: what search compares. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function pairMatches(pair: ProposedPairDto, needle: string): boolean {
  const { reviewer } = pair;
  const haystack = [reviewer.full_name, reviewer.email, reviewer.affiliation, ...pair.reasons].join('\n');
  return normalizeSearch(haystack).includes(needle);
}

/**
 * The paper groups a chair asked for: only new or only kept pairs (`filter`), then the search text. A paper whose
 * title or id matches keeps all its (filtered) reviewers; otherwise only the reviewers whose name, e-mail,
 * affiliation or matched terms contain the text remain, and a paper with none left is dropped.
 */
export function filterPaperGroups(groups: readonly PaperGroup[], search: string, filter: PairFilter): PaperGroup[] {
  const needle = normalizeSearch(search);
  const out: PaperGroup[] = [];
  for (const group of groups) {
    let pairs = filter === 'all' ? group.pairs : group.pairs.filter((pair) => pair.existing === (filter === 'kept'));
    if (pairs.length === 0) continue;
    if (needle) {
      const paperText = normalizeSearch(`${group.submission.title}\n${group.submission.public_id}`);
      if (!paperText.includes(needle)) pairs = pairs.filter((pair) => pairMatches(pair, needle));
    }
    if (pairs.length === 0) continue;
    out.push(pairs === group.pairs ? group : { ...group, pairs });
  }
  return out;
}

export type Page<T> = { items: T[]; page: number; pages: number; total: number };

/** One page of a list (1-based); a page past the end shows the last one, a page before the start the first. */
export function paginate<T>(items: readonly T[], page: number, size: number): Page<T> {
  const perPage = Math.max(1, Math.floor(size));
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(pages, Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1));
  const start = (current - 1) * perPage;
  return { items: items.slice(start, start + perPage), page: current, pages, total: items.length };
}

/** One bar of the load histogram: how many reviewers review `papers` papers, and its length in percent. */
export type HistogramBar = { papers: number; reviewers: number; percent: number };

/** The shortest visible bar, so a load held by one reviewer among hundreds still shows. */
export const MIN_BAR_PERCENT = 2;

/**
 * The load histogram as bars, one per load from 0 (or the lowest load) to the highest, loads nobody has included
 * (an empty bar) so gaps show. Bars are scaled to the most common load (100%); a non-empty bar is at least
 * MIN_BAR_PERCENT long.
 */
export function histogramBars(histogram: AssignmentResultDto['load_histogram']): HistogramBar[] {
  const counts = new Map<number, number>();
  for (const row of histogram) {
    if (row.reviewers > 0) counts.set(row.papers, (counts.get(row.papers) ?? 0) + row.reviewers);
  }
  if (counts.size === 0) return [];
  const loads = [...counts.keys()];
  const low = Math.min(0, ...loads);
  const high = Math.max(...loads);
  const most = Math.max(...counts.values());
  const bars: HistogramBar[] = [];
  for (let papers = low; papers <= high; papers++) {
    const reviewers = counts.get(papers) ?? 0;
    const percent = reviewers === 0 ? 0 : Math.max(MIN_BAR_PERCENT, Math.round((reviewers / most) * 1000) / 10);
    bars.push({ papers, reviewers, percent });
  }
  return bars;
}

/** The translation keys of the short reasons the API sends (`reason.code`). */
export const SHORT_REASON_KEYS: Record<string, string> = {
  'assignments.shortNoEligible': 'autoAssignment.short.reasons.noEligible',
  'assignments.shortCapacity': 'autoAssignment.short.reasons.capacity',
  'assignments.areaChairShortNoEligible': 'autoAssignment.short.reasons.areaChairNoEligible',
  'assignments.areaChairShortCapacity': 'autoAssignment.short.reasons.areaChairCapacity',
};

type ShortRow = AssignmentResultDto['short'][number];
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * Why a paper is left short, in the interface language: the translation of its reason code with the reason's own
 * parameters (eligible, wanted), as the server filled its message; a reason without them (a preview computed
 * before they were sent) takes the row's numbers. An unknown code shows the server's English text.
 */
export function shortReasonText(row: ShortRow, translate: Translate): string {
  const key = SHORT_REASON_KEYS[row.reason.code];
  if (!key) return row.reason.message;
  const fromRow = { eligible: row.eligible_reviewers, wanted: row.wanted, assigned: row.assigned };
  return translate(key, { ...fromRow, ...(row.reason.params ?? {}) });
}

/** Whether the preview is still being computed (the screen polls it then). */
export const isPreviewActive = (status: AssignmentPreviewStatus | undefined) =>
  status === 'queued' || status === 'running';

/** How often the screen asks for a preview's progress while it is computed. */
export const PREVIEW_POLL_MS = 1000;

/** Progress 0–1 as a whole percentage 0–100 (out-of-range values clamped). */
export function progressPercent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/** The search parameter that keeps the preview on reload (`?preview=<id>`). */
export const PREVIEW_PARAM = 'preview';

/** The preview id of the address, or null when there is none (blank, or too long to be an id). */
export function readPreviewParam(params: URLSearchParams): string | null {
  const value = params.get(PREVIEW_PARAM)?.trim();
  return value && value.length <= 60 ? value : null;
}

/** The address's search parameters with the preview id set (or removed for null); other parameters stay. */
export function withPreviewParam(params: URLSearchParams, previewId: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (previewId) next.set(PREVIEW_PARAM, previewId);
  else next.delete(PREVIEW_PARAM);
  return next;
}

export const isAssignmentMode = (value: unknown): value is AssignmentMode =>
  typeof value === 'string' && (ASSIGNMENT_MODES as readonly string[]).includes(value);

/** Counts of an apply: what the preview would create, keep and remove. */
export function applyCounts(result: AssignmentResultDto): { created: number; kept: number; removed: number } {
  return {
    created: result.new_count,
    kept: result.pairs.filter((pair) => pair.existing).length,
    removed: result.removed.length,
  };
}

/** Whether an apply was refused because the event's assignments or conflicts changed after the preview. */
export function isStalePreviewError(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'STALE_PREVIEW';
}

/** Why a preview failed, in the interface language: its `error_code`'s text, else its `error` as sent. */
export function previewErrorText(
  preview: Pick<AssignmentPreviewDto, 'error' | 'error_code'>,
  language: 'en' | 'ar',
): string | null {
  if (isReviewMessageKey(preview.error_code)) return reviewMessage(preview.error_code, {}, language);
  return preview.error || null;
}

export const BID_COLORS: Record<BidValue, string> = {
  eager: 'green',
  willing: 'teal',
  in_a_pinch: 'yellow',
  not_willing: 'orange',
  conflict: 'red',
};

/** A score with at most two decimals in the interface language ('1.25', '١٫٢٥'); a sign for negatives only. */
export function formatScore(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(value);
}

/** A timestamp as date and time in the interface language and the browser's time zone; the text itself if invalid. */
export function formatTimestamp(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
