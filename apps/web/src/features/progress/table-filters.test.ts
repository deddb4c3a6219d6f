import { describe, expect, it } from 'vitest';
import { parseTableFilters, tableFiltersToSearch, tableListParams } from './table-filters.ts';

describe("the chair table's address", () => {
  it('reads what the API takes and drops the rest', () => {
    const filters = parseTableFilters(
      new URLSearchParams('sort=-salary&status=lost&decision=accept&min_score=9&max_score=1&disagreement=true&page=0'),
    );
    expect(filters).toMatchObject({
      sort: '-created_at',
      status: null,
      decision: 'accept',
      minScore: null,
      maxScore: 1,
      disagreement: true,
      page: 1,
    });
    expect(parseTableFilters(new URLSearchParams('min_score=2&max_score=1')).maxScore).toBeNull();
  });

  it('writes only what is set, and the call always carries page, size and sort', () => {
    const filters = parseTableFilters(new URLSearchParams('sort=average_score&search=graph&page=3'));
    expect(tableFiltersToSearch(filters).toString()).toBe('search=graph&sort=average_score&page=3');
    expect(tableListParams(filters)).toEqual({ page: 3, page_size: 25, sort: 'average_score', search: 'graph' });
  });

  it('keeps the papers without an area chair in the address, and nothing else for another value', () => {
    const filters = parseTableFilters(new URLSearchParams('area_chair=none'));
    expect(filters.withoutAreaChair).toBe(true);
    expect(tableFiltersToSearch(filters).toString()).toBe('area_chair=none');
    expect(tableListParams(filters)).toMatchObject({ area_chair: 'none' });
    expect(parseTableFilters(new URLSearchParams('area_chair=any')).withoutAreaChair).toBe(false);
  });

  it('keeps the meta-review filter in the address and the call, dropping a value the API would refuse', () => {
    const filters = parseTableFilters(new URLSearchParams('meta_review=completed&decision=pending'));
    expect(filters).toMatchObject({ metaReview: 'completed', decision: 'pending' });
    expect(tableFiltersToSearch(filters).toString()).toBe('decision=pending&meta_review=completed');
    expect(tableListParams(filters)).toMatchObject({ meta_review: 'completed', decision: 'pending' });
    expect(parseTableFilters(new URLSearchParams('meta_review=missing')).metaReview).toBe('missing');
    expect(parseTableFilters(new URLSearchParams('meta_review=someday')).metaReview).toBeNull();
  });
});
