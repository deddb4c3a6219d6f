import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflicts, submissionAuthors } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { AuthorValues } from './submission-input.ts';
import { findVerifiedUsersByEmail } from './submissions.queries.ts';

/*
 * Authors and the conflicts authorship makes: authorship is a conflict of interest. An author whose e-mail
 * belongs to a verified account is linked to it (they see the submission, get the author role); the others stay
 * author records and are linked when that address is verified (linkAuthorRecordsForVerifiedEmail).
 */

export const AUTHOR_CONFLICT_REASON = 'Author of the submission';
export const SUBMITTER_CONFLICT_REASON = 'Submitted the paper';

/** Writes the author rows of a submission, linked to verified accounts by e-mail. Returns the linked user ids. */
export async function insertAuthors(db: Db, submissionId: number, authors: AuthorValues[]): Promise<number[]> {
  const accounts = await findVerifiedUsersByEmail(
    db,
    authors.map((author) => author.email),
  );
  const rows = authors.map((author) => ({
    submissionId,
    position: author.position,
    firstName: author.firstName,
    lastName: author.lastName,
    email: author.email,
    affiliation: author.affiliation,
    country: author.country,
    webpage: author.webpage,
    isCorresponding: author.isCorresponding,
    userId: accounts.get(author.email.toLowerCase())?.id ?? null,
  }));
  if (rows.length > 0) await db.insert(submissionAuthors).values(rows);
  return [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
}

/**
 * Makes the detected authorship conflicts of a submission match its authors: one 'author' conflict for each linked
 * author and for the submitter; detected authorship conflicts of people who are no longer authors are removed
 * (declared conflicts and the other types are left alone).
 */
export async function syncAuthorConflicts(
  db: Db,
  submissionId: number,
  options: { linkedUserIds: number[]; submittedBy: number | null },
): Promise<void> {
  const wanted = new Map<number, string>();
  for (const userId of options.linkedUserIds) wanted.set(userId, AUTHOR_CONFLICT_REASON);
  if (options.submittedBy !== null && !wanted.has(options.submittedBy)) {
    wanted.set(options.submittedBy, SUBMITTER_CONFLICT_REASON);
  }
  const keep = [...wanted.keys()];
  await db
    .delete(conflicts)
    .where(
      and(
        eq(conflicts.submissionId, submissionId),
        eq(conflicts.type, 'author'),
        eq(conflicts.source, 'detected'),
        keep.length > 0 ? notInArray(conflicts.userId, keep) : undefined,
      ),
    );
  if (keep.length === 0) return;
  await db
    .insert(conflicts)
    .values(
      keep.map((userId) => ({
        submissionId,
        userId,
        type: 'author' as const,
        source: 'detected' as const,
        reason: wanted.get(userId) ?? AUTHOR_CONFLICT_REASON,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Runs when a user verifies an e-mail address (called from auth's `onEmailVerified`): every author record with that
 * address and no account yet is linked to the user, who then sees those submissions, holds the author role, and is
 * recorded as conflicted with them. Returns how many author records were linked.
 */
export async function linkAuthorRecordsForVerifiedEmail(
  db: Db,
  user: { id: number; email: string },
  actorId: number | null = user.id,
): Promise<number> {
  const linked = await db
    .update(submissionAuthors)
    .set({ userId: user.id })
    .where(and(isNull(submissionAuthors.userId), sql`lower(${submissionAuthors.email}) = lower(${user.email})`))
    .returning({ id: submissionAuthors.id, submissionId: submissionAuthors.submissionId });
  if (linked.length === 0) return 0;
  const submissionIds = [...new Set(linked.map((row) => row.submissionId))];
  await db
    .insert(conflicts)
    .values(
      submissionIds.map((submissionId) => ({
        submissionId,
        userId: user.id,
        type: 'author' as const,
        source: 'detected' as const,
        reason: AUTHOR_CONFLICT_REASON,
      })),
    )
    .onConflictDoNothing();
  await recordAudit(db, {
    actorId,
    entity: 'user',
    entityId: user.id,
    action: 'submission.authors_linked',
    data: { email: user.email, submission_ids: submissionIds, author_ids: linked.map((row) => row.id) },
  });
  return linked.length;
}

/** The user ids linked among a submission's authors (after a change of authors). */
export async function linkedAuthorIds(db: Db, submissionId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: submissionAuthors.userId })
    .from(submissionAuthors)
    .where(and(eq(submissionAuthors.submissionId, submissionId), sql`${submissionAuthors.userId} is not null`));
  return [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
}
