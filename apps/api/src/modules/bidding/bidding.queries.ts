import { and, asc, count, eq, ilike, inArray, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bids, conflicts, submissionAuthors, submissions, tracks } from '../../db/schema/index.ts';
import { openForReviewSql } from '../reviews/reviews.queries.ts';
import { notAuthoredBy } from '../submissions/authorship-sql.ts';

export type BidRow = typeof bids.$inferSelect;

/** The bids on one submission by user. */
export async function findBidsOfSubmission(db: Db, submissionId: number): Promise<Map<number, BidRow>> {
  const rows = await db.select().from(bids).where(eq(bids.submissionId, submissionId));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The bid of one user on one submission. */
export async function findBid(db: Db, submissionId: number, userId: number): Promise<BidRow | undefined> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.submissionId, submissionId), eq(bids.userId, userId)));
  return row;
}

export type BiddingRow = {
  id: number;
  publicId: string;
  title: string;
  abstract: string;
  keywords: string[];
  trackPublicId: string | null;
  trackName: string | null;
  bid: BidRow['value'] | null;
  conflict: boolean;
};

/**
 * SECURITY-CRITICAL: the bidding list of a reviewer — the event's reviewable submissions they did not author, with
 * their own bid and whether they are conflicted. Authors are loaded separately, and only when the event shows them.
 * A submission the reviewer has any conflict of interest with (detected or declared) counts as 'conflict' — in the
 * summary and the `bid` filter — whatever bid is stored: the row shows it so. `detectedIds` are the submissions
 * detection finds the reviewer conflicted with now (`detectedConflictIds`), stored or not yet.
 */
export async function pageBiddingList(
  db: Db,
  options: {
    eventId: number;
    userId: number;
    detectedIds: number[];
    page: number;
    pageSize: number;
    bid?: BidRow['value'] | 'none';
    search?: string;
  },
): Promise<{ rows: BiddingRow[]; count: number; summary: Record<string, number> }> {
  const { eventId, userId } = options;
  const base = and(eq(submissions.eventId, eventId), openForReviewSql(), notAuthoredBy(userId)) as SQL;
  const stored = sql`exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
    and c.user_id = ${userId})`;
  const conflicted =
    options.detectedIds.length > 0
      ? sql<boolean>`(${stored} or ${inArray(submissions.id, options.detectedIds)})`
      : sql<boolean>`${stored}`;
  // The bid as the row shows it: 'conflict' for a conflicted pair, else the stored value (null: none).
  const shownBid = sql<string | null>`case when ${conflicted} then 'conflict' else ${bids.value}::text end`;
  const byBid =
    options.bid === 'none'
      ? and(isNull(bids.value), not(conflicted))
      : options.bid === 'conflict'
        ? or(conflicted, eq(bids.value, 'conflict'))
        : options.bid
          ? and(eq(bids.value, options.bid), not(conflicted))
          : undefined;
  const search = options.search?.trim();
  const where = and(
    base,
    byBid,
    search ? ilike(submissions.title, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`) : undefined,
  );
  const bidJoin = and(eq(bids.submissionId, submissions.id), eq(bids.userId, userId));
  const [rows, [total], summaryRows] = await Promise.all([
    db
      .select({
        id: submissions.id,
        publicId: submissions.publicId,
        title: submissions.title,
        abstract: submissions.abstract,
        keywords: submissions.keywords,
        trackPublicId: tracks.publicId,
        trackName: tracks.name,
        bid: bids.value,
        conflict: conflicted,
      })
      .from(submissions)
      .leftJoin(tracks, eq(tracks.id, submissions.trackId))
      .leftJoin(bids, bidJoin)
      .where(where)
      .orderBy(asc(submissions.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(submissions).leftJoin(bids, bidJoin).where(where),
    // Grouped by position: the expression carries the user id as a parameter, which PostgreSQL would not match.
    db
      .select({ value: shownBid, total: count() })
      .from(submissions)
      .leftJoin(bids, bidJoin)
      .where(base)
      .groupBy(sql`1`),
  ]);
  const summary: Record<string, number> = {};
  for (const row of summaryRows) summary[row.value ?? 'none'] = Number(row.total);
  return {
    rows: rows.map((row) => ({ ...row, conflict: Boolean(row.conflict) })),
    count: Number(total?.value ?? 0),
    summary,
  };
}

/** Authors' names and affiliations of some submissions, in order: one query. */
export async function findAuthorNames(
  db: Db,
  submissionIds: number[],
): Promise<Map<number, { full_name: string; affiliation: string }[]>> {
  const found = new Map<number, { full_name: string; affiliation: string }[]>();
  if (submissionIds.length === 0) return found;
  const rows = await db
    .select({
      submissionId: submissionAuthors.submissionId,
      firstName: submissionAuthors.firstName,
      lastName: submissionAuthors.lastName,
      affiliation: submissionAuthors.affiliation,
    })
    .from(submissionAuthors)
    .where(inArray(submissionAuthors.submissionId, submissionIds))
    .orderBy(asc(submissionAuthors.submissionId), asc(submissionAuthors.position));
  for (const row of rows) {
    const list = found.get(row.submissionId) ?? [];
    list.push({ full_name: `${row.firstName} ${row.lastName}`.trim(), affiliation: row.affiliation });
    found.set(row.submissionId, list);
  }
  return found;
}

/** Every bid on an event's submissions. */
export async function findEventBids(db: Db, eventId: number) {
  return db
    .select({ submissionId: bids.submissionId, userId: bids.userId, value: bids.value })
    .from(bids)
    .innerJoin(submissions, eq(submissions.id, bids.submissionId))
    .where(and(eq(submissions.eventId, eventId), ne(bids.value, 'conflict')));
}
