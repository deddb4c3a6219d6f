import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import type { CounterSource } from '../users/statistics.ts';

/*
 * What the reviews module plugs into the users module's extension point (users/statistics.ts): it imports only its
 * type; the app composes the sources where it is built.
 */

/** `reviews_completed`: how many reviews each user submitted. ONE grouped query for all the users. */
export const reviewsCompletedCounter: CounterSource = async (db: Db, userIds: number[]) => {
  const counts = new Map<number, { reviews_completed: number }>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ reviewerId: reviews.reviewerId, total: count() })
    .from(reviews)
    .where(and(inArray(reviews.reviewerId, userIds), eq(reviews.status, 'completed')))
    .groupBy(reviews.reviewerId);
  for (const row of rows) counts.set(row.reviewerId, { reviews_completed: Number(row.total) });
  return counts;
};
