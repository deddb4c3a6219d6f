import type { ReviewStatus } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { metaReviews, reviews, users } from '../../db/schema/index.ts';

/* Reads of a paper's meta-review (`docs/domain.md#meta-review`), scoped to a submission its loader already read. */

export type MetaReviewRow = typeof metaReviews.$inferSelect;

/** Who last wrote a meta-review, for the readers who may know it (the paper's committee and its area chair). */
export type MetaReviewAuthor = { publicId: string; firstName: string; lastName: string };

/** The meta-review of a submission with its writer, in one query; undefined while none is saved. */
export async function findMetaReview(
  db: Db,
  submissionId: number,
): Promise<{ row: MetaReviewRow; author: MetaReviewAuthor | null } | undefined> {
  const [found] = await db
    .select({
      row: metaReviews,
      publicId: users.publicId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(metaReviews)
    .leftJoin(users, eq(users.id, metaReviews.authorId))
    .where(eq(metaReviews.submissionId, submissionId));
  if (!found) return undefined;
  const { row, publicId, firstName, lastName } = found;
  return {
    row,
    author: publicId === null ? null : { publicId, firstName: firstName ?? '', lastName: lastName ?? '' },
  };
}

/** The status of the user's review (assignment) of the submission; null when they hold none. */
export async function ownReviewStatus(db: Db, submissionId: number, userId: number): Promise<ReviewStatus | null> {
  const [row] = await db
    .select({ status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.reviewerId, userId)))
    .limit(1);
  return row?.status ?? null;
}
