import type { BulkLineStatus, CommitteeReviewerDto, EventDto } from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/** Reviewers shown per page of the committee's table. */
export const REVIEWERS_PAGE_SIZE = 20;

export type ReviewerListFilters = { page: number };

/** The reviewers table keeps its page in the address (`?page=2`). */
export const REVIEWER_LIST_CODEC: ListCodec<ReviewerListFilters> = {
  parse: (params) => ({ page: readPage(params) }),
  toSearch: (filters) => writePage(new URLSearchParams(), filters.page),
};

/** One page of the reviewers, which the API answers whole. */
export function reviewersPage(reviewers: CommitteeReviewerDto[], page: number): CommitteeReviewerDto[] {
  const start = (page - 1) * REVIEWERS_PAGE_SIZE;
  return reviewers.slice(start, start + REVIEWERS_PAGE_SIZE);
}

/** The colour of a bulk line's badge: joining lines green or blue, skipped ones grey, refused ones red. */
export function bulkStatusColor(status: BulkLineStatus): string {
  switch (status) {
    case 'invite':
      return 'blue';
    case 'add':
      return 'green';
    case 'member':
    case 'duplicate':
      return 'gray';
    default:
      return 'red';
  }
}

/**
 * A reviewer's load against their limit: red past it, orange at it, else the plain colour. The theme's text shades
 * of red and orange (`--mantine-color-*-text`) read at 4.5:1 or more on the striped rows; orange.9 reaches only 4.1:1.
 */
export function loadColor(reviewer: Pick<CommitteeReviewerDto, 'load' | 'max_papers'>): string | undefined {
  if (reviewer.load > reviewer.max_papers) return 'red';
  if (reviewer.load === reviewer.max_papers) return 'orange';
  return undefined;
}

/** The reviews a removal must decide about: those not completed, and the completed ones that always stay. */
export function unfinishedOf(reviewer: Pick<CommitteeReviewerDto, 'load' | 'completed'>): number {
  return Math.max(0, reviewer.load - reviewer.completed);
}

export type PersonOption = { value: string; label: string };

/**
 * The people a track's chairs are chosen from: the event's chairs and admins, the chairs of its tracks and its
 * registered reviewers, each once, by public id, named "First Last (email)".
 */
export function committeePeople(event: EventDto, reviewers: CommitteeReviewerDto[] = []): PersonOption[] {
  const people = new Map<string, string>();
  const add = (publicId: string | null, name: string, email: string) => {
    if (publicId && !people.has(publicId)) people.set(publicId, name.trim() ? `${name.trim()} (${email})` : email);
  };
  for (const person of [...event.chairs, ...event.event_admins]) {
    add(person.public_id, `${person.first_name} ${person.last_name}`, person.email);
  }
  for (const track of event.tracks) {
    for (const chair of track.chairs) add(chair.public_id, `${chair.first_name} ${chair.last_name}`, chair.email);
  }
  for (const reviewer of reviewers) {
    if (reviewer.status === 'active') add(reviewer.public_id, reviewer.display_name, reviewer.email);
  }
  return [...people].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}
