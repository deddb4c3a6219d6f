import { PAGE_SIZE_DEFAULT, REVIEWER_PROGRESS_SORTS } from '@confero/contracts';
import { readPage, readSort, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/* The reviewers' progress on the dashboard, kept in the address (`?sort=-late&late=true&page=2`). */

export const REVIEWER_PAGE_SIZE = PAGE_SIZE_DEFAULT;
export const DEFAULT_REVIEWER_SORT = '-late';

export type ReviewerFilters = { sort: string; late: boolean; page: number };

export function parseReviewerFilters(params: URLSearchParams): ReviewerFilters {
  return {
    sort: readSort(params, REVIEWER_PROGRESS_SORTS, DEFAULT_REVIEWER_SORT),
    late: params.get('late') === 'true',
    page: readPage(params),
  };
}

export function reviewerFiltersToSearch(filters: ReviewerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== DEFAULT_REVIEWER_SORT) params.set('sort', filters.sort);
  if (filters.late) params.set('late', 'true');
  return writePage(params, filters.page);
}

export const REVIEWER_LIST_CODEC: ListCodec<ReviewerFilters> = {
  parse: parseReviewerFilters,
  toSearch: reviewerFiltersToSearch,
};

export type ReviewerListParams = { page: number; page_size: number; sort: string; late?: 'true' };

export function reviewerListParams(filters: ReviewerFilters): ReviewerListParams {
  return {
    page: filters.page,
    page_size: REVIEWER_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.late ? { late: 'true' as const } : {}),
  };
}
