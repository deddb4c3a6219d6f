import type { AreaChairDto } from '@confero/contracts';
import type { AreaChairRow } from './area-chairs.queries.ts';

/*
 * What organizers read of an event's area chairs (`GET events/{id}/area-chairs/`). Area chairs' identities go to the
 * event's organizers only: the routes that answer with these are `event.manageMembers`'s.
 */

/** An area chair (or an invitation to an address without an account) with their load. */
export function presentAreaChair(row: AreaChairRow): AreaChairDto {
  return {
    public_id: row.publicId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    status: row.status,
    expertise: row.expertise,
    max_papers: row.maxPapers,
    assigned: row.assigned,
    completed_meta_reviews: row.completedMetaReviews,
  };
}
