import { ACCOUNT_STATUSES, type AccountStatus, type AdminUserDto, type StatisticsDto } from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/** One row of the user table, as the screen uses it. */
export type AdminUserRow = {
  publicId: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  accountStatus: AccountStatus;
  isAdmin: boolean;
  dateJoined: string;
  statistics: StatisticsDto | null;
};

/**
 * The list as read: the rows that could be read, the total count, and whether the answer held data that could not be
 * processed (shown as 'error processing user data' rather than 'no users available').
 */
export type AdminUserPage = { rows: AdminUserRow[]; count: number; unprocessable: boolean };

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function readStatistics(value: unknown, fallbackSince: string): StatisticsDto | null {
  const stats = record(value);
  if (!stats) return null;
  return {
    reviews_completed: num(stats.reviews_completed),
    submissions: num(stats.submissions),
    events_participated: num(stats.events_participated),
    member_since: str(stats.member_since) || fallbackSince,
  };
}

/** One row of the answer, or null when it lacks what a row needs (an id and an address). */
export function readAdminUser(value: unknown): AdminUserRow | null {
  const raw = record(value) as Partial<Record<keyof AdminUserDto, unknown>> | undefined;
  if (!raw) return null;
  const publicId = str(raw.public_id);
  const email = str(raw.email);
  if (!publicId || !email) return null;
  const status = str(raw.account_status);
  const dateJoined = str(raw.date_joined);
  return {
    publicId,
    email,
    firstName: str(raw.first_name),
    lastName: str(raw.last_name),
    emailVerified: raw.email_verified === true,
    accountStatus: (ACCOUNT_STATUSES as readonly string[]).includes(status) ? (status as AccountStatus) : 'active',
    isAdmin: raw.is_admin === true,
    dateJoined,
    statistics: readStatistics(raw.statistics, dateJoined),
  };
}

/** `GET users/`: an array or a paginated object with `results`; any other shape is an empty list. */
export function readAdminUserPage(data: unknown): AdminUserPage {
  const page = record(data);
  const items = Array.isArray(data) ? data : Array.isArray(page?.results) ? (page.results as unknown[]) : null;
  if (!items) return { rows: [], count: 0, unprocessable: data !== null && data !== undefined && data !== '' };
  const rows = items.map(readAdminUser).filter((row): row is AdminUserRow => row !== null);
  const count = typeof page?.count === 'number' ? page.count : rows.length;
  return { rows, count, unprocessable: items.length > 0 && rows.length === 0 };
}

/** Up to two initials of a row's name, else the first letter of the address. */
export function rowInitials(row: Pick<AdminUserRow, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [row.firstName, row.lastName].map((part) => part.trim().charAt(0)).join('');
  return (letters || row.email.charAt(0)).toUpperCase();
}

export function rowName(row: Pick<AdminUserRow, 'firstName' | 'lastName' | 'email'>): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/** What the user table shows, kept in the address (`?search=ada&page=2`). */
export type AdminUserFilters = { search: string; page: number };

/** The longest search sent; the API refuses longer ones. */
export const ADMIN_USER_SEARCH_MAX_LENGTH = 200;

/** How the table's search and page are kept in the address (`useListParams`). */
export const ADMIN_USER_LIST_CODEC: ListCodec<AdminUserFilters> = {
  parse: (params) => ({
    search: (params.get('search') ?? '').trim().slice(0, ADMIN_USER_SEARCH_MAX_LENGTH),
    page: readPage(params),
  }),
  toSearch: ({ search, page }) => writePage(new URLSearchParams(search ? { search } : {}), page),
};
