import { describe, expect, it } from 'vitest';
import { ariaSort, changeListFilters, nextSort, readSort } from './list-filters.ts';

describe('changeListFilters', () => {
  const onPage3 = { status: 'failed' as string | null, template: null as string | null, page: 3 };

  it('goes back to the first page when a filter changes, and keeps the others', () => {
    expect(changeListFilters(onPage3, { template: 'events.approved' })).toEqual({
      status: 'failed',
      template: 'events.approved',
      page: 1,
    });
    expect(changeListFilters(onPage3, { status: null })).toEqual({ status: null, template: null, page: 1 });
  });

  it('moves between pages without touching the filters, never below page 1', () => {
    expect(changeListFilters(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
    expect(changeListFilters(onPage3, { page: 0 }).page).toBe(1);
    expect(changeListFilters(onPage3, { page: 2.7 }).page).toBe(2);
  });
});

describe('sorting a list by its columns', () => {
  it('reads a known column either way, anything else as the default', () => {
    const columns = ['title', 'average_score'];
    expect(readSort(new URLSearchParams('sort=-average_score'), columns, '-created_at')).toBe('-average_score');
    expect(readSort(new URLSearchParams('sort=title'), columns, '-created_at')).toBe('title');
    expect(readSort(new URLSearchParams('sort=--title'), columns, '-created_at')).toBe('-created_at');
    expect(readSort(new URLSearchParams('sort=salary'), columns, '-created_at')).toBe('-created_at');
    expect(readSort(new URLSearchParams(''), columns, '-created_at')).toBe('-created_at');
  });

  it('sorts numbers highest first on the first press, then flips; aria-sort follows', () => {
    expect(nextSort('-created_at', 'average_score', true)).toBe('-average_score');
    expect(nextSort('-average_score', 'average_score', true)).toBe('average_score');
    expect(nextSort('average_score', 'average_score', true)).toBe('-average_score');
    expect(nextSort('-created_at', 'title', false)).toBe('title');
    expect(ariaSort('-average_score', 'average_score')).toBe('descending');
    expect(ariaSort('title', 'title')).toBe('ascending');
    expect(ariaSort('title', 'status')).toBe('none');
  });
});
