import { describe, expect, it } from 'vitest';
import { changeListFilters } from './list-filters.ts';

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
