import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { changeListFilters } from './list-filters.ts';

/**
 * How a list screen's filters are read from and written to the address. `parse` turns anything a hand-edited link
 * holds into valid filters (unknown values read as "no filter", a bad page as page 1); `toSearch` writes only what
 * is set, so the plain list keeps a plain address. A codec is a module constant, so that reading the address
 * again only happens when the address changes.
 */
export type ListCodec<F extends { page: number }> = {
  parse: (params: URLSearchParams) => F;
  toSearch: (filters: F) => URLSearchParams;
};

/** A change of the filters: any filter (back to page 1) or the page alone. */
export type ListChange<F extends { page: number }> = Partial<Omit<F, 'page'>> | { page: number };

export type ListParams<F extends { page: number }> = {
  /** The filters, search and page the address holds now. */
  filters: F;
  /** Writes a change into the address; a change of any filter goes back to page 1 (`changeListFilters`). */
  change: (change: ListChange<F>, options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
};

type ListParamsOptions = {
  /**
   * Whether each change adds an entry to the browser's history (Back steps through the filters) or replaces the
   * current one (Back leaves the list). Replacing by default; corrections the screen makes itself (the page past
   * the end, the typed search) always replace.
   */
  history?: 'push' | 'replace';
};

/**
 * The filters, search and page of a list screen, kept in the address so that a filtered view can be shared,
 * survives a reload and is still there on the way back from a row's page. The one place list screens read and
 * change them; the codec says which parameters a list has.
 */
export function useListParams<F extends { page: number }>(
  codec: ListCodec<F>,
  { history = 'replace' }: ListParamsOptions = {},
): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const filters = useMemo(() => codec.parse(new URLSearchParams(address)), [codec, address]);
  // Changes made from callbacks created before the last render still start from the filters shown now.
  const current = useRef(filters);
  current.current = filters;
  const change = useCallback(
    (next: ListChange<F>, options?: { replace?: boolean }) => {
      const replace = options?.replace ?? history === 'replace';
      setSearchParams(codec.toSearch(changeListFilters(current.current, next)), { replace });
    },
    [codec, history, setSearchParams],
  );
  const setPage = useCallback((page: number) => change({ page }), [change]);
  return { filters, change, setPage };
}

/**
 * Moves a list back to its last page when the page in the address is past the end: a hand-edited link, or rows
 * that left the filtered list (deleted, retried, bid on). `pages` is null while the count is unknown or the rows
 * shown are a previous query's placeholder.
 */
export function useLastPageBound<F extends { page: number }>(list: ListParams<F>, pages: number | null): void {
  const { filters, change } = list;
  useEffect(() => {
    if (pages !== null && filters.page > pages) change({ page: pages }, { replace: true });
  }, [pages, filters.page, change]);
}

type SearchTextOptions = {
  /** The pause in typing after which the text is searched for. */
  delayMs?: number;
  maxLength?: number;
};

/**
 * The text of a list's search box. What is typed is written to the address after a pause (trimmed, cut to
 * `maxLength`, back to page 1, replacing the history entry); when the address changes by itself (Back, a link,
 * "show all") the box follows it. Returns the box's value and its setter.
 */
export function useListSearch<F extends { page: number; search: string }>(
  list: ListParams<F>,
  { delayMs = 300, maxLength }: SearchTextOptions = {},
): [string, (text: string) => void] {
  const { filters, change } = list;
  const [text, setText] = useState(filters.search);
  const [debounced] = useDebouncedValue(text.trim(), delayMs);
  // The search the box last wrote to the address, to tell its own changes from the address changing by itself.
  const pushed = useRef(filters.search);

  // Only the typed text starts a search; the address following its own change must not start another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced text changes
  useEffect(() => {
    const next = maxLength === undefined ? debounced : debounced.slice(0, maxLength);
    if (next === filters.search) return;
    pushed.current = next;
    change({ search: next } as Partial<Omit<F, 'page'>>, { replace: true });
  }, [debounced]);

  useEffect(() => {
    if (filters.search === pushed.current) return;
    pushed.current = filters.search;
    setText(filters.search);
  }, [filters.search]);

  return [text, setText];
}
