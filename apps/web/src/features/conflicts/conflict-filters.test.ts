import { describe, expect, it } from 'vitest';
import { changeListFilters, pageCount } from '../../lib/list-filters.ts';
import {
  CONFLICTS_PAGE_SIZE,
  type ConflictFilters,
  conflictFiltersToSearch,
  conflictListParams,
  EMPTY_CONFLICT_FILTERS,
  hasConflictFilters,
  optionsWithCurrent,
  parseConflictFilters,
} from './conflict-filters.ts';

describe('parseConflictFilters', () => {
  it('reads every filter and the page from the address', () => {
    expect(
      parseConflictFilters(
        new URLSearchParams('type=domain&source=detected&submission=12-abcdefgh&user=7-zyxwvuts&page=3'),
      ),
    ).toEqual({ type: 'domain', source: 'detected', submission: '12-abcdefgh', user: '7-zyxwvuts', page: 3 });
  });

  it('drops what the API would refuse', () => {
    expect(
      parseConflictFilters(
        new URLSearchParams(`type=friend&source=guessed&submission=%20%20&user=${'x'.repeat(61)}&page=0`),
      ),
    ).toEqual(EMPTY_CONFLICT_FILTERS);
    expect(parseConflictFilters(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseConflictFilters(new URLSearchParams('page=-4')).page).toBe(1);
    expect(parseConflictFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('conflictListParams', () => {
  it('always sends the page and its size, and only the filters that are set', () => {
    expect(conflictListParams(EMPTY_CONFLICT_FILTERS)).toEqual({ page: 1, page_size: 25 });
    expect(
      conflictListParams({ type: 'author', source: null, submission: '3-aaaaaaaa', user: null, page: 2 }, 10),
    ).toEqual({ page: 2, page_size: 10, type: 'author', submission: '3-aaaaaaaa' });
    expect(
      conflictListParams({ type: null, source: 'declared', submission: null, user: '9-bbbbbbbb', page: 1 }),
    ).toEqual({ page: 1, page_size: 25, source: 'declared', user: '9-bbbbbbbb' });
  });
});

describe('conflictFiltersToSearch', () => {
  it('writes only what is set, and leaves page 1 out', () => {
    expect(conflictFiltersToSearch(EMPTY_CONFLICT_FILTERS).toString()).toBe('');
    const search = conflictFiltersToSearch({
      type: 'personal',
      source: 'declared',
      submission: '4-cccccccc',
      user: null,
      page: 2,
    });
    expect(search.toString()).toBe('type=personal&source=declared&submission=4-cccccccc&page=2');
    expect(parseConflictFilters(search)).toEqual({
      type: 'personal',
      source: 'declared',
      submission: '4-cccccccc',
      user: null,
      page: 2,
    });
  });
});

describe('changing the conflict filters (changeListFilters)', () => {
  const onPage3: ConflictFilters = { ...EMPTY_CONFLICT_FILTERS, type: 'domain', page: 3 };

  it('goes back to the first page when a filter changes', () => {
    expect(changeListFilters(onPage3, { source: 'detected' })).toEqual({
      ...onPage3,
      source: 'detected',
      page: 1,
    });
    expect(changeListFilters(onPage3, { type: null })).toEqual({ ...EMPTY_CONFLICT_FILTERS });
  });

  it('keeps the filters when only the page changes', () => {
    expect(changeListFilters(onPage3, { page: 5 })).toEqual({ ...onPage3, page: 5 });
    expect(changeListFilters(onPage3, { page: 0 }).page).toBe(1);
  });

  it('knows whether anything is filtered', () => {
    expect(hasConflictFilters(EMPTY_CONFLICT_FILTERS)).toBe(false);
    expect(hasConflictFilters({ ...EMPTY_CONFLICT_FILTERS, page: 4 })).toBe(false);
    expect(hasConflictFilters({ ...EMPTY_CONFLICT_FILTERS, user: '1-aaaaaaaa' })).toBe(true);
  });
});

describe('pages and picker options', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, CONFLICTS_PAGE_SIZE)).toBe(1);
    expect(pageCount(25, CONFLICTS_PAGE_SIZE)).toBe(1);
    expect(pageCount(26, CONFLICTS_PAGE_SIZE)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('keeps a chosen value the options do not hold', () => {
    const options = [{ value: '1-aaaaaaaa', label: 'Graph kernels' }];
    expect(optionsWithCurrent(options, '1-aaaaaaaa')).toEqual(options);
    expect(optionsWithCurrent(options, null)).toEqual(options);
    expect(optionsWithCurrent(options, '2-bbbbbbbb', 'Sparse attention')).toEqual([
      { value: '2-bbbbbbbb', label: 'Sparse attention' },
      ...options,
    ]);
    expect(optionsWithCurrent([], '2-bbbbbbbb')).toEqual([{ value: '2-bbbbbbbb', label: '2-bbbbbbbb' }]);
  });
});
