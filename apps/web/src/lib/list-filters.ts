/**
 * Changes the filters of a paginated list kept in the address: a page change keeps the filters (page 1 at the
 * least), and any other change goes back to the first page, since the old page number means nothing in the new
 * list.
 */
export function changeListFilters<F extends { page: number }>(
  filters: F,
  change: Partial<Omit<F, 'page'>> | { page: number },
): F {
  if ('page' in change) return { ...filters, page: Math.max(1, Math.trunc(change.page)) };
  return { ...filters, ...change, page: 1 };
}

/** How many pages a list of `count` rows has, at least one (an empty list still shows its first page). */
export const pageCount = (count: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / pageSize));

/** The page an address asks for (`?page=2`); anything but a whole number from 1 up reads as page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Writes the page into an address, leaving page 1 out so the first page has the plain address. */
export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The sort an address asks for (`?sort=-late`): one of the list's columns, either way (a leading `-` sorts it
 * descending); anything else reads as the list's default.
 */
export function readSort(params: URLSearchParams, columns: readonly string[], fallback: string): string {
  const sort = params.get('sort');
  return sort && columns.includes(sort.replace(/^-/, '')) ? sort : fallback;
}

/** The next sort when a column's header is pressed: that column descending first for numbers, then the other way. */
export function nextSort(current: string, column: string, numeric: boolean): string {
  if (current === column) return `-${column}`;
  if (current === `-${column}`) return column;
  return numeric ? `-${column}` : column;
}

/** The `aria-sort` of a column's header. */
export function ariaSort(current: string, column: string): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}
