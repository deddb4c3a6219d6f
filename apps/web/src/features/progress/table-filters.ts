import {
  PAGE_SIZE_DEFAULT,
  SUBMISSION_DECISIONS,
  SUBMISSION_STATUSES,
  SUBMISSION_TABLE_SORTS,
  type SubmissionDecision,
  type SubmissionStatus,
  TABLE_META_REVIEW_FILTERS,
  type TableMetaReviewFilter,
} from '@confero/contracts';
import { readPage, readSort, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/*
 * The chair's submissions table as kept in the address (`?sort=-average_score&decision=pending&min_score=1&page=2`):
 * a value the API would refuse reads as "no filter" (or the default sort, page 1), so a hand-edited link never breaks
 * the screen.
 */

export const TABLE_PAGE_SIZE = PAGE_SIZE_DEFAULT;
export const DEFAULT_TABLE_SORT = '-created_at';

export type TableFilters = {
  sort: string;
  status: SubmissionStatus | null;
  decision: SubmissionDecision | null;
  track: string | null;
  minScore: number | null;
  maxScore: number | null;
  disagreement: boolean;
  /** Only the papers a chair flagged for discussion. */
  needsDiscussion: boolean;
  /** Only the papers without an area chair (`docs/domain.md#area-chair`). */
  withoutAreaChair: boolean;
  /** Only the papers with a completed meta-review, or only those without one (`docs/domain.md#meta-review`). */
  metaReview: TableMetaReviewFilter | null;
  search: string;
  page: number;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** A score bound between −3 and 3, or null. */
function readScore(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const score = Number(value);
  return Number.isFinite(score) && score >= -3 && score <= 3 ? score : null;
}

export function parseTableFilters(params: URLSearchParams): TableFilters {
  const minScore = readScore(params.get('min_score'));
  const maxScore = readScore(params.get('max_score'));
  const inverted = minScore !== null && maxScore !== null && minScore > maxScore;
  return {
    sort: readSort(params, SUBMISSION_TABLE_SORTS, DEFAULT_TABLE_SORT),
    status: oneOf(SUBMISSION_STATUSES, params.get('status')),
    decision: oneOf(SUBMISSION_DECISIONS, params.get('decision')),
    track: params.get('track')?.trim() || null,
    minScore,
    maxScore: inverted ? null : maxScore,
    disagreement: params.get('disagreement') === 'true',
    needsDiscussion: params.get('needs_discussion') === 'true',
    withoutAreaChair: params.get('area_chair') === 'none',
    metaReview: oneOf(TABLE_META_REVIEW_FILTERS, params.get('meta_review')),
    search: (params.get('search') ?? '').trim().slice(0, 200),
    page: readPage(params),
  };
}

/** The filters that are set, by their query names (sort and page apart). */
function setFilters(filters: TableFilters): [string, string][] {
  const pairs: [string, string | null][] = [
    ['status', filters.status],
    ['decision', filters.decision],
    ['track', filters.track],
    ['min_score', filters.minScore === null ? null : String(filters.minScore)],
    ['max_score', filters.maxScore === null ? null : String(filters.maxScore)],
    ['disagreement', filters.disagreement ? 'true' : null],
    ['needs_discussion', filters.needsDiscussion ? 'true' : null],
    ['area_chair', filters.withoutAreaChair ? 'none' : null],
    ['meta_review', filters.metaReview],
    ['search', filters.search || null],
  ];
  return pairs.flatMap(([name, value]) => (value === null ? [] : [[name, value] as [string, string]]));
}

export function tableFiltersToSearch(filters: TableFilters): URLSearchParams {
  const params = new URLSearchParams(setFilters(filters));
  if (filters.sort !== DEFAULT_TABLE_SORT) params.set('sort', filters.sort);
  return writePage(params, filters.page);
}

export const TABLE_LIST_CODEC: ListCodec<TableFilters> = { parse: parseTableFilters, toSearch: tableFiltersToSearch };

export const hasTableFilters = (filters: TableFilters) => setFilters(filters).length > 0;

export type TableListParams = Record<string, string | number>;

/** The table call's query: page, size and sort always, each filter only when set. */
export function tableListParams(filters: TableFilters): TableListParams {
  return {
    page: filters.page,
    page_size: TABLE_PAGE_SIZE,
    sort: filters.sort,
    ...Object.fromEntries(setFilters(filters)),
  };
}
