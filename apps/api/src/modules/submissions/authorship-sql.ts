import { eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { submissionAuthors, submissions } from '../../db/schema/index.ts';

/*
 * SECURITY-CRITICAL: THE rule of who is an author of a submission, as SQL — a submission_authors row linked to their
 * account, or they submitted it. Every query that asks it (visibility, bidding, conflicts, roles, statistics,
 * affinity) uses these fragments; `isAuthorOf` (submissions.queries.ts) is the same rule over a loaded submission.
 */

/** The rows of `submissions` in the query that the user (or a prepared statement's placeholder) is an author of. */
export function authoredBy(userId: number | Placeholder): SQL {
  return or(
    eq(submissions.submittedBy, userId),
    sql`exists (select 1 from ${submissionAuthors} sa where sa.submission_id = ${submissions.id}
      and sa.user_id = ${userId})`,
  ) as SQL;
}

/** The rows of `submissions` in the query that the user is no author of (a submission without submitter included). */
export function notAuthoredBy(userId: number): SQL {
  return sql`not coalesce(${authoredBy(userId)}, false)`;
}

/**
 * Every authorship as `(user_id, submission_id)` pairs, each once (of some users only, when given): a subquery for
 * list, count and existence queries, `select … from (${authorshipPairs(ids)}) as p`.
 */
export function authorshipPairs(userIds?: number[]): SQL {
  const linked = userIds ? inArray(submissionAuthors.userId, userIds) : sql`${submissionAuthors.userId} is not null`;
  const submitted = userIds ? inArray(submissions.submittedBy, userIds) : sql`${submissions.submittedBy} is not null`;
  return sql`select ${submissionAuthors.userId} as user_id, ${submissionAuthors.submissionId} as submission_id
    from ${submissionAuthors} where ${linked}
    union select ${submissions.submittedBy} as user_id, ${submissions.id} as submission_id
    from ${submissions} where ${submitted}`;
}
