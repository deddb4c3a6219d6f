import { and, asc, eq, gt, inArray, isNull, max, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  authorResponses,
  conflicts,
  eventMemberships,
  events,
  reviewRevisions,
  reviews,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { authorshipPairs } from '../submissions/authorship-sql.ts';

export type ResponseRow = typeof authorResponses.$inferSelect;

/** The response of a submission, if any was saved. */
export async function findResponse(db: Db, submissionId: number): Promise<ResponseRow | undefined> {
  const [row] = await db.select().from(authorResponses).where(eq(authorResponses.submissionId, submissionId));
  return row;
}

/** A review changed after the authors' response: its id and the time of its latest revision made after it. */
export type UpdatedReviewRow = { reviewId: number; updatedAt: Date };

/** The reviews of a submission with a revision saved after the authors submitted their response (one grouped query). */
export async function findReviewsUpdatedAfterResponse(db: Db, submissionId: number): Promise<UpdatedReviewRow[]> {
  const rows = await db
    .select({ reviewId: reviewRevisions.reviewId, updatedAt: max(reviewRevisions.createdAt) })
    .from(reviewRevisions)
    .innerJoin(reviews, eq(reviews.id, reviewRevisions.reviewId))
    .where(and(eq(reviews.submissionId, submissionId), eq(reviewRevisions.afterResponse, true)))
    .groupBy(reviewRevisions.reviewId)
    .orderBy(asc(reviewRevisions.reviewId));
  return rows.flatMap((row) => (row.updatedAt ? [{ reviewId: row.reviewId, updatedAt: new Date(row.updatedAt) }] : []));
}

/** A person a response mail goes to. */
export type ResponseRecipient = { userId: number; email: string; firstName: string; locale: string };

const recipientFields = { userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale };

/**
 * SECURITY-CRITICAL (mirrors responses.policy.ts): nobody with a stored conflict of interest with the paper, nor any
 * of its authors (authorship-sql.ts), is told about its response.
 */
function withoutConflict(submissionId: number): SQL {
  return and(
    notExists(
      sql`(select 1 from ${conflicts} where ${conflicts.submissionId} = ${submissionId} and ${conflicts.userId} = ${users.id})`,
    ),
    sql`${users.id} not in (select p.user_id from (${authorshipPairs()}) as p where p.submission_id = ${submissionId})`,
  ) as SQL;
}

/**
 * Who hears that the authors of a paper responded: its reviewers who completed their review and are still active
 * reviewers of the event (as the policy's `isActiveReviewer`), and the event's admins
 * and chairs (of the whole event or of the paper's track), active accounts and memberships, without a conflict of
 * interest with the paper; each person once, by id.
 */
export async function findResponseRecipients(
  db: Db,
  submission: { id: number; eventId: number; trackId: number | null },
): Promise<ResponseRecipient[]> {
  const [reviewers, organizers] = await Promise.all([
    db
      .select(recipientFields)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      // Still an active reviewer of the event: a removed reviewer's completed review stays, their rights do not.
      .innerJoin(
        eventMemberships,
        and(
          eq(eventMemberships.userId, reviews.reviewerId),
          eq(eventMemberships.eventId, submission.eventId),
          eq(eventMemberships.role, 'reviewer'),
          eq(eventMemberships.status, 'active'),
        ),
      )
      .where(
        and(
          eq(reviews.submissionId, submission.id),
          eq(reviews.status, 'completed'),
          eq(users.accountStatus, 'active'),
          withoutConflict(submission.id),
        ),
      ),
    findCommitteeRecipients(db, submission),
  ]);
  const byId = new Map<number, ResponseRecipient>();
  for (const person of [...reviewers, ...organizers]) byId.set(person.userId, person);
  return [...byId.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * The paper's committee as mail recipients: the event's admins and chairs (of the whole event or of the paper's
 * track), active accounts and memberships, without a conflict of interest with the paper (authorship included); one
 * query. The response mail and the meta-review's "completed" mail go to them.
 */
export function findCommitteeRecipients(
  db: Db,
  submission: { id: number; eventId: number; trackId: number | null },
): Promise<ResponseRecipient[]> {
  return db
    .select(recipientFields)
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, submission.eventId),
        eq(eventMemberships.status, 'active'),
        or(
          eq(eventMemberships.role, 'event_admin'),
          and(
            eq(eventMemberships.role, 'chair'),
            submission.trackId === null
              ? isNull(eventMemberships.trackId)
              : or(isNull(eventMemberships.trackId), eq(eventMemberships.trackId, submission.trackId)),
          ),
        ),
        eq(users.accountStatus, 'active'),
        withoutConflict(submission.id),
      ),
    );
}

/** An event whose author response phase is turned on, as the phase mails read it. */
export type PhaseEvent = {
  id: number;
  publicId: string;
  title: string;
  timezone: string;
  responseOpensAt: string | null;
  responseClosesAt: string | null;
};

/** The approved and active events with the response phase turned on. */
export async function findEventsWithResponsePhase(db: Db): Promise<PhaseEvent[]> {
  return db
    .select({
      id: events.id,
      publicId: events.publicId,
      title: events.title,
      timezone: events.timezone,
      responseOpensAt: events.responseOpensAt,
      responseClosesAt: events.responseClosesAt,
    })
    .from(events)
    .where(and(eq(events.responseEnabled, true), inArray(events.status, ['approved', 'active'])))
    .orderBy(asc(events.id));
}

/** One author of one submission that awaits their response. */
export type RespondingAuthor = ResponseRecipient & {
  submissionId: number;
  submissionPublicId: string;
  submissionTitle: string;
  /** The paper's response is already submitted. */
  responded: boolean;
};

/**
 * A page of the authors (registered accounts, active) of the event's submissions that await a response: no
 * decision yet, and at least one completed review. One row per (author, submission), ordered by
 * submission then author, after the given pair.
 */
export async function findRespondingAuthors(
  db: Db,
  eventId: number,
  page: { after?: { submissionId: number; userId: number }; limit: number },
): Promise<RespondingAuthor[]> {
  const pairs = sql`(${authorshipPairs()}) as p`;
  const after = page.after;
  return db
    .select({
      ...recipientFields,
      submissionId: submissions.id,
      submissionPublicId: submissions.publicId,
      submissionTitle: submissions.title,
      responded: sql<boolean>`exists (select 1 from ${authorResponses} where ${authorResponses.submissionId} = ${submissions.id} and ${authorResponses.status} = 'submitted')`,
    })
    .from(pairs)
    .innerJoin(submissions, sql`${submissions.id} = p.submission_id`)
    .innerJoin(users, sql`${users.id} = p.user_id`)
    .where(
      and(
        eq(submissions.eventId, eventId),
        eq(submissions.decision, 'pending'),
        eq(users.accountStatus, 'active'),
        sql`exists (select 1 from ${reviews} where ${reviews.submissionId} = ${submissions.id} and ${reviews.status} = 'completed')`,
        after
          ? or(
              gt(submissions.id, after.submissionId),
              and(eq(submissions.id, after.submissionId), gt(users.id, after.userId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(submissions.id), asc(users.id))
    .limit(page.limit);
}
