import { type ConflictSource, type ConflictType, PAGE_SIZE_DEFAULT } from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';
import { isConflictSource, isConflictType } from './conflict-display.ts';

/*
 * The filters of the conflicts list (`GET events/{id}/conflicts/?page=&page_size=&submission=&user=&type=&source=`),
 * kept in the page's address so a filtered view can be shared and survives a reload. Values the API would refuse
 * (an unknown type, page 0) are dropped when the address is read, so a hand-edited link never breaks the screen.
 */

export const CONFLICTS_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** Public ids are short; longer values are not ids (the API caps them at 60 characters). */
const MAX_ID_LENGTH = 60;

export type ConflictFilters = {
  type: ConflictType | null;
  source: ConflictSource | null;
  /** A submission's public id. */
  submission: string | null;
  /** A person's public id. */
  user: string | null;
  page: number;
};

export const EMPTY_CONFLICT_FILTERS: ConflictFilters = {
  type: null,
  source: null,
  submission: null,
  user: null,
  page: 1,
};

function idParam(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= MAX_ID_LENGTH ? trimmed : null;
}

/** The filters an address holds (`?type=domain&page=2`); anything invalid reads as "no filter" or page 1. */
export function parseConflictFilters(params: URLSearchParams): ConflictFilters {
  const type = params.get('type');
  const source = params.get('source');
  return {
    type: isConflictType(type) ? type : null,
    source: isConflictSource(source) ? source : null,
    submission: idParam(params.get('submission')),
    user: idParam(params.get('user')),
    page: readPage(params),
  };
}

/** The address of some filters: only what is set, page 1 left out. */
export function conflictFiltersToSearch(filters: ConflictFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.source) params.set('source', filters.source);
  if (filters.submission) params.set('submission', filters.submission);
  if (filters.user) params.set('user', filters.user);
  return writePage(params, filters.page);
}

export type ConflictListParams = {
  page: number;
  page_size: number;
  type?: ConflictType;
  source?: ConflictSource;
  submission?: string;
  user?: string;
};

/** The list call's query: the page and its size always, each filter only when set. */
export function conflictListParams(filters: ConflictFilters, pageSize = CONFLICTS_PAGE_SIZE): ConflictListParams {
  const params: ConflictListParams = { page: filters.page, page_size: pageSize };
  if (filters.type) params.type = filters.type;
  if (filters.source) params.source = filters.source;
  if (filters.submission) params.submission = filters.submission;
  if (filters.user) params.user = filters.user;
  return params;
}

/** How the conflicts list's filters are kept in the address (`useListParams`). */
export const CONFLICT_LIST_CODEC: ListCodec<ConflictFilters> = {
  parse: parseConflictFilters,
  toSearch: conflictFiltersToSearch,
};

/** Whether any filter (not the page) is set. */
export const hasConflictFilters = (filters: ConflictFilters) =>
  Boolean(filters.type || filters.source || filters.submission || filters.user);

export type PickerOption = { value: string; label: string };

/**
 * A picker's options with the chosen value kept when the list does not hold it (labelled by `label`, else by
 * itself), so a filter set from the address stays visible, and clearable, even before or without its options.
 */
export function optionsWithCurrent(
  options: readonly PickerOption[],
  value: string | null,
  label?: string,
): PickerOption[] {
  if (!value || options.some((option) => option.value === value)) return [...options];
  return [{ value, label: label?.trim() || value }, ...options];
}
