import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conflicts, eventMemberships, events, reviews, submissions } from '../../../db/schema/index.ts';
import { isPast } from '../../events/event-dates.ts';
import type { ReviewRow } from '../reviews.queries.ts';

export type MyReviewRow = {
  review: ReviewRow;
  submission: { id: number; publicId: string; title: string };
  event: { id: number; publicId: string; title: string; reviewDeadline: string; timezone: string };
  abilities: { edit: boolean; submit: boolean; can_use_assistant: boolean };
};

/**
 * The caller's reviews with their submission and event, newest assignment first: one query. A review may be
 * written while its reviewer is still an active reviewer of the event, has no conflict with the submission, and
 * the review deadline has not passed.
 */
export async function findMyReviews(db: Db, userId: number, now = new Date()): Promise<MyReviewRow[]> {
  const rows = await db
    .select({
      review: reviews,
      submission: { id: submissions.id, publicId: submissions.publicId, title: submissions.title },
      event: {
        id: events.id,
        publicId: events.publicId,
        title: events.title,
        reviewDeadline: events.reviewDeadline,
        timezone: events.timezone,
      },
      assistantEnabled: events.assistantEnabled,
      conflicted: sql<boolean>`exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
        and c.user_id = ${userId})`,
      activeReviewer: sql<boolean>`exists (select 1 from ${eventMemberships} m where m.event_id = ${events.id}
        and m.user_id = ${userId} and m.role = 'reviewer' and m.status = 'active')`,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .innerJoin(events, eq(events.id, submissions.eventId))
    .where(eq(reviews.reviewerId, userId))
    .orderBy(desc(reviews.assignedAt), desc(reviews.id));
  return rows.map((row) => {
    const writable =
      Boolean(row.activeReviewer) && !row.conflicted && !isPast(row.event.reviewDeadline, row.event.timezone, now);
    return {
      review: row.review,
      submission: row.submission,
      event: row.event,
      abilities: { edit: writable, submit: writable, can_use_assistant: writable && row.assistantEnabled },
    };
  });
}
