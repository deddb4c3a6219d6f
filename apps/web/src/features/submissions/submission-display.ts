import { DEFAULT_DOWNLOAD_FILE_NAME, type EventStatus, type SubmissionListItemDto } from '@confero/contracts';
import { deadlineDate, todayIn } from '../../components/data/deadline.ts';

export { todayIn };

/**
 * How submissions are shown: status colours, the first three authors or keywords and a '+N' counter, avatar initials,
 * 'Mon D, YYYY HH:MM' dates, grouping by event, links, the relevance stars, the download's file name, and which events
 * still take submissions. Pure functions, unit-tested.
 */

/** Accepted green, under review yellow, submitted blue, rejected red; any other status indigo. */
export function submissionStatusColor(status: string): string {
  switch (status) {
    case 'accepted':
      return 'green';
    case 'under_review':
      return 'yellow';
    case 'submitted':
      return 'blue';
    case 'rejected':
      return 'red';
    default:
      return 'indigo';
  }
}

/** A decision's colour: pending grey, accept green, reject red, revision orange, anything else indigo. */
export function decisionColor(decision: string): string {
  switch (decision) {
    case 'pending':
      return 'gray';
    case 'accept':
      return 'green';
    case 'reject':
      return 'red';
    case 'revision':
      return 'orange';
    default:
      return 'indigo';
  }
}

/** Lists show at most the first three (authors, keywords, avatars), then a '+N' counter. */
export const LIST_PREVIEW_LIMIT = 3;

/** The first `limit` items and how many more there are. */
export function preview<T>(items: readonly T[], limit = LIST_PREVIEW_LIMIT): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** Avatar initials, at most two letters (first and last word), upper-cased. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words.at(-1) ?? '') : '';
  return `${Array.from(first)[0] ?? ''}${Array.from(last)[0] ?? ''}`.toLocaleUpperCase();
}

/** The authors' full names in order; the primary author alone when the list is hidden or empty. */
export function authorNames(submission: Pick<SubmissionListItemDto, 'authors' | 'primary_author'>): string[] {
  const names = (submission.authors ?? [])
    .map((author) => author.full_name || `${author.first_name} ${author.last_name}`.trim())
    .filter(Boolean);
  if (names.length > 0) return names;
  return submission.primary_author?.full_name ? [submission.primary_author.full_name] : [];
}

/** Keywords as the detail shows them: the comma-separated text split on commas, trimmed, non-empty. */
export function splitKeywords(keywords: string | null | undefined): string[] {
  return (keywords ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(language: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let formatter = partsFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    partsFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A timestamp as the submission lists show it: 'Mon D, YYYY HH:MM' in English ("Mar 5, 2026 14:07"), "D Mon YYYY،
 * HH:MM" with Arabic month names in Arabic. '-' for nothing; the value itself when it is no date.
 */
export function formatSubmissionDate(value: string | null | undefined, language = 'en', timeZone?: string): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    partsFormatter(language, timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const time = `${parts.hour}:${parts.minute}`;
  if (language.startsWith('ar')) return `${parts.day} ${parts.month} ${parts.year}، ${time}`;
  return `${parts.month} ${parts.day}, ${parts.year} ${time}`;
}

export type SubmissionGroup<T> = { key: string; eventTitle: string; items: T[] };

/** My submissions: the submissions grouped by event title, groups and rows in the order received. */
export function groupByEvent<T extends Pick<SubmissionListItemDto, 'event' | 'event_title'>>(
  submissions: readonly T[],
): SubmissionGroup<T>[] {
  const groups = new Map<string, SubmissionGroup<T>>();
  for (const submission of submissions) {
    const key = submission.event_title || String(submission.event ?? '');
    let group = groups.get(key);
    if (!group) {
      group = { key, eventTitle: submission.event_title, items: [] };
      groups.set(key, group);
    }
    group.items.push(submission);
  }
  return [...groups.values()];
}

/** What links to a submission use: its public id, else its id. */
export function submissionRef(submission: { public_id?: string | null; id?: number | string | null }): string {
  if (submission.public_id) return submission.public_id;
  return submission.id === undefined || submission.id === null ? '' : String(submission.id);
}

/**
 * The page of a submission: under its event when `eventRef` is given (/events/{e}/submissions/{s}), else
 * /submissions/{s}; `suffix` adds '/edit'.
 */
export function submissionHref(submissionRefValue: string, eventRefValue?: string | null, suffix = ''): string {
  const id = encodeURIComponent(submissionRefValue);
  const base = eventRefValue ? `/events/${encodeURIComponent(eventRefValue)}/submissions/${id}` : `/submissions/${id}`;
  return `${base}${suffix}`;
}

/** The relevance score out of 5.0 as a star rating: the number of filled stars, rounded. */
export function relevanceStars(score: number | null | undefined): number {
  if (typeof score !== 'number' || Number.isNaN(score)) return 0;
  return Math.min(5, Math.max(0, Math.round(score)));
}

/** A relevance score as "3.4" (one decimal). */
export function formatScore(score: number | null | undefined, language = 'en'): string {
  const value = typeof score === 'number' && !Number.isNaN(score) ? score : 0;
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * The file name a download is saved under: the `Content-Disposition` header's UTF-8 `filename*`, else its `filename`,
 * else `fallback` (submission.pdf by default).
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback = DEFAULT_DOWNLOAD_FILE_NAME) {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

/** A byte count in the interface language ("1.9 MB"). */
export function formatFileSize(bytes: number | null | undefined, language = 'en'): string {
  if (typeof bytes !== 'number' || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/** Events take submissions while approved or active (docs/domain.md#event-status). */
export const OPEN_EVENT_STATUSES = ['approved', 'active'] as const;

/**
 * Whether an event still takes submissions: approved or active, and its submission deadline — which ends at 23:59:59 of
 * its date in the event's time zone (Anywhere on Earth by default) — not passed.
 */
export function isAcceptingSubmissions(
  event: { status: string; submission_deadline?: string | null; timezone?: string | null },
  now: Date = new Date(),
): boolean {
  if (!(OPEN_EVENT_STATUSES as readonly string[]).includes(event.status)) return false;
  const deadline = deadlineDate(event.submission_deadline);
  return deadline !== '' && deadline >= todayIn(event.timezone, now);
}

/**
 * Why an event takes no submissions when the server says so (its `submit` ability is false): an approved or active
 * event is then past its submission deadline (the server's one other rule); any other status is the reason itself
 * (pending approval, rejected, completed — closed by its organisers — or cancelled).
 */
export type SubmissionClosedReason = 'deadline' | Exclude<EventStatus, (typeof OPEN_EVENT_STATUSES)[number]>;

export function submissionClosedReason(event: { status: EventStatus }): SubmissionClosedReason {
  return event.status === 'approved' || event.status === 'active' ? 'deadline' : event.status;
}
