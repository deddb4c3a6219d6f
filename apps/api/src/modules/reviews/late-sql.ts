import { type SQL, sql } from 'drizzle-orm';
import { events, reviews } from '../../db/schema/index.ts';
import { AOE, endOfDay, isPast } from '../events/event-dates.ts';

/*
 * THE rule of a late review (`docs/domain.md#late-review`): a review not completed once the event's review deadline is
 * over (the end of 23:59:59 of `review_deadline` in the event's time zone; Anywhere on Earth is UTC−12). Every count
 * and filter of late reviews uses these; the SQL and the JavaScript forms are tested to agree. (The `late_reviewers`
 * mail group is the holders of unfinished reviews: after the deadline the same people, before it wider.)
 */

/** The instant the review deadline of an event is over. */
export function reviewClosesAt(event: { reviewDeadline: string; timezone: string }): Date {
  return endOfDay(event.reviewDeadline, event.timezone);
}

/** Whether one review is late at `now`. */
export function isLateReview(
  review: { status: string },
  event: { reviewDeadline: string; timezone: string },
  now: Date = new Date(),
): boolean {
  return review.status !== 'completed' && isPast(event.reviewDeadline, event.timezone, now);
}

/**
 * The instant the review deadline is over, as SQL over the `events` row of the query (join `events` to use it): the
 * start of the day after `review_deadline` in the event's zone.
 */
export function reviewClosesAtSql(): SQL<Date> {
  return sql<Date>`(case when ${events.timezone} = ${AOE}
      then ((${events.reviewDeadline} + 1)::timestamp + interval '12 hours') at time zone 'UTC'
      else ((${events.reviewDeadline} + 1)::timestamp at time zone ${events.timezone}) end)`;
}

/**
 * The rows of `reviews` in the query that are late at `now`; the query must also read the review's event as `events`
 * (`reviews → submissions → events`).
 */
export function lateReviewSql(now: Date = new Date()): SQL {
  return sql`(${reviews.status} <> 'completed' and ${now.toISOString()}::timestamptz >= ${reviewClosesAtSql()})`;
}
