import {
  DISAGREEMENT_SPREAD,
  type ReviewerProgressSort,
  type SubmissionDecision,
  type SubmissionStatus,
  type SubmissionTableSort,
  type TableMetaReviewFilter,
} from '@confero/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bids,
  conflicts,
  eventMemberships,
  events,
  finalVersions,
  metaReviews,
  reviews,
  submissionAuthors,
  submissions,
  tracks,
  users,
} from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { lateReviewSql } from '../reviews/late-sql.ts';
import { authoredBy } from '../submissions/authorship-sql.ts';

/*
 * The reads of progress at a glance. Each answer is built in a fixed number of queries whatever the size of the event:
 * aggregates are grouped in SQL, never counted per paper or per reviewer in code.
 */

export type StatusCount = { status: SubmissionStatus; decision: SubmissionDecision; n: number; short: number };
export type ReviewCounts = { total: number; completed: number; in_progress: number; not_started: number; late: number };
export type BidCounts = { total: number; reviewers_bidding: number; reviewers: number };

/** Submissions by status and decision, with the undecided ones assigned fewer than `perPaper` reviews. */
export async function countSubmissions(db: Db, eventId: number, perPaper: number): Promise<StatusCount[]> {
  return queryRows<StatusCount>(
    db,
    sql`select ${submissions.status} as status, ${submissions.decision} as decision, count(*)::int as n,
        (count(*) filter (where ${submissions.decision} = 'pending'
          and coalesce(rc.n, 0) < ${perPaper}))::int as short
      from ${submissions}
      left join (select r.submission_id, count(*) as n from ${reviews} r
        join ${submissions} s2 on s2.id = r.submission_id where s2.event_id = ${eventId}
        group by r.submission_id) rc on rc.submission_id = ${submissions.id}
      where ${submissions.eventId} = ${eventId}
      group by ${submissions.status}, ${submissions.decision}`,
  );
}

/** The event's reviews by state, and the late ones (`reviews/late-sql.ts`). */
export async function countReviews(db: Db, eventId: number, now: Date): Promise<ReviewCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${reviews.status} = 'completed'))::int`,
      in_progress: sql<number>`(count(*) filter (where ${reviews.status} = 'in_progress'))::int`,
      not_started: sql<number>`(count(*) filter (where ${reviews.status} = 'assigned'))::int`,
      late: sql<number>`(count(*) filter (where ${lateReviewSql(now)}))::int`,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .innerJoin(events, eq(events.id, submissions.eventId))
    .where(eq(submissions.eventId, eventId));
  return row ?? { total: 0, completed: 0, in_progress: 0, not_started: 0, late: 0 };
}

/** Bids placed on the event's papers, the reviewers who placed one, and the event's active reviewers. */
export async function countBids(db: Db, eventId: number): Promise<BidCounts> {
  const [row] = await queryRows<BidCounts>(
    db,
    sql`select
        (select count(*)::int from ${bids} b join ${submissions} s on s.id = b.submission_id
          where s.event_id = ${eventId}) as total,
        (select count(distinct b.user_id)::int from ${bids} b join ${submissions} s on s.id = b.submission_id
          where s.event_id = ${eventId}) as reviewers_bidding,
        (select count(distinct m.user_id)::int from ${eventMemberships} m where m.event_id = ${eventId}
          and m.role = 'reviewer' and m.status = 'active' and m.user_id is not null) as reviewers`,
  );
  return row ?? { total: 0, reviewers_bidding: 0, reviewers: 0 };
}

export type ReviewerProgressRow = {
  public_id: string;
  first_name: string;
  last_name: string;
  email: string;
  assigned: number;
  completed: number;
  in_progress: number;
  not_started: number;
  late: number;
  average_score: number | null;
  bids: number;
  total: number;
};

const REVIEWER_ORDER: Record<ReviewerProgressSort, string> = {
  name: 'last_name, first_name',
  assigned: 'assigned',
  completed: 'completed',
  in_progress: 'in_progress',
  late: 'late',
  average_score: 'average_score',
  bids: 'bids',
};

/** `asc` or `desc` (nulls last both ways) from a sort key with an optional leading `-`. */
function orderOf<K extends string>(sort: string, columns: Record<K, string>, prefix = ''): SQL {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  const direction = descending ? 'desc' : 'asc';
  const parts = columns[key].split(', ').map((column) => `${prefix}${column} ${direction} nulls last`);
  return sql.raw(parts.join(', '));
}

/**
 * A page of the event's reviewers (active reviewer members, and anyone holding one of its reviews) with their
 * reviews by state, late ones, the mean overall score of their completed reviews and their bids. One query: the
 * total comes with the page (`count(*) over ()`).
 * SECURITY-CRITICAL: the mean leaves out the reviews of papers the viewer wrote or is conflicted with, so it never
 * reveals a score they may not read (a reviewer with one completed review would give it away).
 */
export async function pageReviewerProgress(
  db: Db,
  eventId: number,
  options: { page: number; pageSize: number; sort: string; lateOnly: boolean; now: Date; viewerId: number },
): Promise<ReviewerProgressRow[]> {
  const offset = (options.page - 1) * options.pageSize;
  return queryRows<ReviewerProgressRow>(
    db,
    sql`with people as (
        select m.user_id from ${eventMemberships} m where m.event_id = ${eventId} and m.role = 'reviewer'
          and m.status = 'active' and m.user_id is not null
        union
        select r.reviewer_id from ${reviews} r join ${submissions} s on s.id = r.submission_id
          where s.event_id = ${eventId}
      ), stats as (
        select ${reviews.reviewerId} as user_id, count(*)::int as assigned,
          (count(*) filter (where ${reviews.status} = 'completed'))::int as completed,
          (count(*) filter (where ${reviews.status} = 'in_progress'))::int as in_progress,
          (count(*) filter (where ${reviews.status} = 'assigned'))::int as not_started,
          (count(*) filter (where ${lateReviewSql(options.now)}))::int as late,
          (avg(${reviews.overallScore}) filter (where ${reviews.status} = 'completed'
            and not exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
              and c.user_id = ${options.viewerId})
            and not coalesce(${authoredBy(options.viewerId)}, false)))::float8 as average_score
        from ${reviews}
        join ${submissions} on ${submissions.id} = ${reviews.submissionId}
        join ${events} on ${events.id} = ${submissions.eventId}
        where ${submissions.eventId} = ${eventId}
        group by ${reviews.reviewerId}
      ), bid_counts as (
        select b.user_id, count(*)::int as bids from ${bids} b join ${submissions} s on s.id = b.submission_id
          where s.event_id = ${eventId} group by b.user_id
      ), listed as (
        select u.public_id, u.first_name, u.last_name, u.email,
          coalesce(st.assigned, 0) as assigned, coalesce(st.completed, 0) as completed,
          coalesce(st.in_progress, 0) as in_progress, coalesce(st.not_started, 0) as not_started,
          coalesce(st.late, 0) as late, st.average_score, coalesce(bc.bids, 0) as bids, u.id as user_id
        from people p join ${users} u on u.id = p.user_id
        left join stats st on st.user_id = p.user_id
        left join bid_counts bc on bc.user_id = p.user_id
      )
      select *, (count(*) over ())::int as total from listed
      ${options.lateOnly ? sql`where late > 0` : sql``}
      order by ${orderOf(options.sort, REVIEWER_ORDER)}, user_id
      limit ${options.pageSize} offset ${offset}`,
  );
}

/** How many reviewers the event lists (for a page past the end, where the page query has no row to carry it). */
export async function countReviewerProgress(db: Db, eventId: number, lateOnly: boolean, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
        select m.user_id from ${eventMemberships} m where m.event_id = ${eventId} and m.role = 'reviewer'
          and m.status = 'active' and m.user_id is not null
        union
        select r.reviewer_id from ${reviews} r join ${submissions} s on s.id = r.submission_id
          where s.event_id = ${eventId}
      ) people
      ${
        lateOnly
          ? sql`where exists (select 1 from ${reviews} join ${submissions} on ${submissions.id} = ${reviews.submissionId}
              join ${events} on ${events.id} = ${submissions.eventId}
              where ${reviews.reviewerId} = people.user_id and ${submissions.eventId} = ${eventId}
              and ${lateReviewSql(now)})`
          : sql``
      }`,
  );
  return row?.n ?? 0;
}

export type SubmissionTableFilter = {
  status?: SubmissionStatus;
  decision?: SubmissionDecision;
  trackId?: number;
  minScore?: number;
  maxScore?: number;
  disagreement?: boolean;
  needsDiscussion?: boolean;
  /** Papers without an area chair (`none`), or with one (`any`). */
  areaChair?: 'none' | 'any';
  /** Papers with a completed meta-review, or without one; a conflicted row matches neither. */
  metaReview?: TableMetaReviewFilter;
  search?: string;
};

export type SubmissionTableRow = {
  id: number;
  public_id: string;
  title: string;
  status: SubmissionStatus;
  decision: SubmissionDecision;
  created_at: Date | string;
  track_public_id: string | null;
  track_name: string | null;
  authors: string | null;
  conflicted: boolean;
  needs_discussion: boolean;
  /** The recommendation of its completed meta-review; null without one and on a conflicted row. */
  meta_recommendation: string | null;
  /** Its area chair; null without one and on a conflicted row. */
  area_chair_public_id: string | null;
  area_chair_name: string | null;
  reviews_assigned: number | null;
  reviews_done: number | null;
  average_score: number | null;
  score_spread: number | null;
  total: number;
};

const TABLE_ORDER: Record<SubmissionTableSort, string> = {
  title: 'lower_title',
  created_at: 'created_at',
  status: 'status',
  decision: 'decision',
  reviews_done: 'reviews_done',
  reviews_assigned: 'reviews_assigned',
  average_score: 'average_score',
  score_spread: 'score_spread',
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The sorts that need every paper's review aggregates before the page is cut. */
const AGGREGATE_SORTS: readonly string[] = ['reviews_done', 'reviews_assigned', 'average_score', 'score_spread'];

/** The aggregates of one paper's reviews (`r` of the paper `paper_id`): assigned, completed, mean and spread. */
const REVIEW_AGGREGATES = sql.raw(`count(*)::int as assigned,
  (count(*) filter (where r.status = 'completed'))::int as done,
  (avg(r.overall_score) filter (where r.status = 'completed'))::float8 as average,
  (max(r.overall_score) filter (where r.status = 'completed'))
    - (min(r.overall_score) filter (where r.status = 'completed')) as spread`);

/** A paper's aggregates (`agg`) as the viewer may see them: null on a paper they wrote or are conflicted with. */
const maskedAggregates = (row: 'paper' | 'page') =>
  sql.raw(`case when ${row}.conflicted then null else coalesce(agg.assigned, 0) end as reviews_assigned,
  case when ${row}.conflicted then null else coalesce(agg.done, 0) end as reviews_done,
  case when ${row}.conflicted then null else agg.average end as average_score,
  case when ${row}.conflicted then null else agg.spread end as score_spread`);

/**
 * A page of the chair's submissions table of an event: each paper with its track, its authors' names, and the
 * aggregates of its reviews (assigned, completed, mean and spread of the completed overall scores), filtered, searched
 * on the title and the authors' names, and sorted on any column. ONE query per page, the total included
 * (`count(*) over ()`). Sorted or filtered on an aggregate, the event's reviews are grouped once before the page is
 * cut; otherwise the page is cut on the paper's own columns and only its rows' reviews are read. The authors' names
 * are read for the page's rows only.
 * SECURITY-CRITICAL: the aggregates of a paper the viewer wrote or is conflicted with are null inside the query, and
 * its "needs discussion" flag false, so neither the answer, nor a filter, nor the order reveals them.
 */
export async function pageSubmissionTable(
  db: Db,
  eventId: number,
  viewerId: number,
  options: { page: number; pageSize: number; sort: string; filter: SubmissionTableFilter },
): Promise<SubmissionTableRow[]> {
  const { filter } = options;
  const offset = (options.page - 1) * options.pageSize;
  const conditions: SQL[] = [];
  const scoreConditions: SQL[] = [];
  if (filter.status) conditions.push(sql`paper.status = ${filter.status}`);
  if (filter.decision) conditions.push(sql`paper.decision = ${filter.decision}`);
  if (filter.trackId !== undefined) conditions.push(sql`paper.track_id = ${filter.trackId}`);
  if (filter.needsDiscussion !== undefined) conditions.push(sql`paper.needs_discussion = ${filter.needsDiscussion}`);
  if (filter.areaChair === 'none') conditions.push(sql`paper.area_chair_id is null`);
  if (filter.areaChair === 'any') conditions.push(sql`paper.area_chair_id is not null`);
  // SECURITY-CRITICAL: a conflicted viewer never reads the paper's meta-review: its row matches neither value.
  if (filter.metaReview) {
    const completed = sql`exists (select 1 from ${metaReviews} mr where mr.submission_id = paper.id
      and mr.status = 'completed')`;
    conditions.push(
      sql`not paper.conflicted and ${filter.metaReview === 'completed' ? completed : sql`not ${completed}`}`,
    );
  }
  if (filter.minScore !== undefined) scoreConditions.push(sql`average_score >= ${filter.minScore}`);
  if (filter.maxScore !== undefined) scoreConditions.push(sql`average_score <= ${filter.maxScore}`);
  if (filter.disagreement === true) scoreConditions.push(sql`score_spread >= ${DISAGREEMENT_SPREAD}`);
  if (filter.disagreement === false) scoreConditions.push(sql`coalesce(score_spread, 0) < ${DISAGREEMENT_SPREAD}`);
  const text = filter.search?.trim();
  if (text) {
    const pattern = likePattern(text);
    conditions.push(sql`(paper.title ilike ${pattern} or exists (select 1 from ${submissionAuthors} sa
      where sa.submission_id = paper.id and (sa.first_name || ' ' || sa.last_name) ilike ${pattern}))`);
  }
  const sortKey = options.sort.replace(/^-/, '');
  const scored = AGGREGATE_SORTS.includes(sortKey) || scoreConditions.length > 0;
  const all = [...conditions, ...scoreConditions];
  const where = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
  const conflicted = sql`(exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
      and c.user_id = ${viewerId}) or coalesce(${authoredBy(viewerId)}, false))`;
  // The flag belongs to the paper's discussion, which a conflicted viewer never reads: false for them; nor do they
  // learn who leads its reviewing (its area chair: null for them).
  const paper = sql`select ${submissions.id} as id, ${submissions.publicId} as public_id,
      ${submissions.title} as title, lower(${submissions.title}) as lower_title, ${submissions.status} as status,
      ${submissions.decision} as decision, ${submissions.createdAt} as created_at, ${submissions.trackId} as track_id,
      (${submissions.needsDiscussion} and not ${conflicted}) as needs_discussion, ${conflicted} as conflicted,
      (case when ${conflicted} then null else ${submissions.areaChairId} end) as area_chair_id
    from ${submissions} where ${submissions.eventId} = ${eventId}`;
  const order = orderOf(options.sort, TABLE_ORDER);
  const pageOrder = orderOf(options.sort, TABLE_ORDER, 'page.');
  const authorsOfPage = sql`(select string_agg(sa.first_name || ' ' || sa.last_name, ', ' order by sa.position)
      from ${submissionAuthors} sa where sa.submission_id = page.id) as authors`;
  // SECURITY-CRITICAL: a conflicted viewer never reads the paper's meta-review, so its recommendation is null for them.
  const metaOfPage = sql`(select mr.answers ->> 'recommendation' from ${metaReviews} mr
      where mr.submission_id = page.id and mr.status = 'completed' and not page.conflicted) as meta_recommendation`;
  const areaChairOfPage = sql`ac.public_id as area_chair_public_id,
      case when ac.id is null then null else trim(ac.first_name || ' ' || ac.last_name) end as area_chair_name`;
  const query = scored
    ? sql`with agg as (
          select r.submission_id, ${REVIEW_AGGREGATES}
          from ${reviews} r join ${submissions} s on s.id = r.submission_id
          where s.event_id = ${eventId} group by r.submission_id
        ), paper as (${paper}), scored as (
          select paper.*, ${maskedAggregates('paper')} from paper left join agg on agg.submission_id = paper.id
        ), page as (
          select paper.*, (count(*) over ())::int as total from scored paper ${where}
          order by ${order}, id desc limit ${options.pageSize} offset ${offset}
        )
        select page.id, page.public_id, page.title, page.status, page.decision, page.created_at, page.conflicted,
          page.needs_discussion, page.reviews_assigned, page.reviews_done, page.average_score, page.score_spread, page.total,
          t.public_id as track_public_id, t.name as track_name, ${authorsOfPage}, ${metaOfPage}, ${areaChairOfPage}
        from page left join ${tracks} t on t.id = page.track_id left join ${users} ac on ac.id = page.area_chair_id
        order by ${pageOrder}, page.id desc`
    : sql`with paper as (${paper}), page as (
          select paper.*, (count(*) over ())::int as total from paper ${where}
          order by ${order}, id desc limit ${options.pageSize} offset ${offset}
        )
        select page.id, page.public_id, page.title, page.status, page.decision, page.created_at, page.conflicted,
          page.needs_discussion, ${maskedAggregates('page')},
          page.total, t.public_id as track_public_id, t.name as track_name, ${authorsOfPage}, ${metaOfPage},
          ${areaChairOfPage}
        from page left join ${tracks} t on t.id = page.track_id left join ${users} ac on ac.id = page.area_chair_id
        left join lateral (select ${REVIEW_AGGREGATES} from ${reviews} r where r.submission_id = page.id) agg on true
        order by ${pageOrder}, page.id desc`;
  return queryRows<SubmissionTableRow>(db, query);
}

/** How many rows the table filter matches (for a page past the end, where the page query has no row to carry it). */
export async function countSubmissionTable(
  db: Db,
  eventId: number,
  viewerId: number,
  filter: SubmissionTableFilter,
): Promise<number> {
  const [row] = await pageSubmissionTable(db, eventId, viewerId, { page: 1, pageSize: 1, sort: 'created_at', filter });
  return row?.total ?? 0;
}

export type DecisionTarget = {
  id: number;
  publicId: string;
  title: string;
  status: SubmissionStatus;
  decision: SubmissionDecision;
  isAuthor: boolean;
  isConflicted: boolean;
  /** What its completed meta-review recommends (`docs/domain.md#meta-review`), or null without one. */
  metaRecommendation: string | null;
  row: typeof submissions.$inferSelect;
};

/** A meta-review's recommendation (`docs/domain.md#meta-review`), as a column of meta_reviews. */
const META_RECOMMENDATION_SQL = sql<string | null>`${metaReviews.answers} ->> 'recommendation'`;

/**
 * The papers of the event among these numeric ids, with the viewer's authorship and stored conflict of each, and the
 * recommendation of its completed meta-review. Four queries (the flags are conditions of their own queries: drizzle
 * leaves a selected field's columns unqualified).
 */
export async function findDecisionTargets(
  db: Db,
  eventId: number,
  viewerId: number,
  ids: number[],
): Promise<DecisionTarget[]> {
  if (ids.length === 0) return [];
  const inEvent = and(eq(submissions.eventId, eventId), inArray(submissions.id, ids));
  const [rows, authored, conflicted, recommended] = await Promise.all([
    db.select().from(submissions).where(inEvent),
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(inEvent, authoredBy(viewerId))),
    db
      .select({ id: conflicts.submissionId })
      .from(conflicts)
      .where(and(eq(conflicts.userId, viewerId), inArray(conflicts.submissionId, ids))),
    db
      .select({
        id: metaReviews.submissionId,
        recommendation: META_RECOMMENDATION_SQL,
      })
      .from(metaReviews)
      .where(and(inArray(metaReviews.submissionId, ids), eq(metaReviews.status, 'completed'))),
  ]);
  const recommendationOf = new Map(recommended.map((row) => [row.id, row.recommendation]));
  const authorOf = new Set(authored.map((row) => row.id));
  const conflictedWith = new Set(conflicted.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    publicId: row.publicId,
    title: row.title,
    status: row.status,
    decision: row.decision,
    isAuthor: authorOf.has(row.id),
    isConflicted: conflictedWith.has(row.id),
    metaRecommendation: recommendationOf.get(row.id) ?? null,
    row,
  }));
}

/**
 * What the paper's completed meta-review recommends, read under the paper's row lock (FOR UPDATE), or null without
 * one: a meta-review save holds that row shared while it writes (meta-reviews/meta-review-state.ts), so the answer is
 * the recommendation as it stands when the paper is decided, and it no longer changes after. Call it in a transaction.
 */
export async function lockedMetaRecommendation(db: Db, submissionId: number): Promise<string | null> {
  await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId)).for('update');
  const [row] = await db
    .select({ recommendation: META_RECOMMENDATION_SQL })
    .from(metaReviews)
    .where(and(eq(metaReviews.submissionId, submissionId), eq(metaReviews.status, 'completed')));
  return row?.recommendation ?? null;
}

export type TimelineFacts = {
  firstAssignedAt: Date | null;
  assigned: number;
  completed: number;
  /** When its final version was last sent (`docs/domain.md#final-version`), or null. */
  finalVersionAt?: Date | null;
};

/**
 * When the first review of a submission was assigned, how many it has (completed among them), and when its final
 * version was last sent: one query.
 */
export async function findTimelineFacts(db: Db, submissionId: number): Promise<TimelineFacts> {
  const [row] = await db
    .select({
      firstAssignedAt: sql<Date | string | null>`min(${reviews.assignedAt})`,
      assigned: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${reviews.status} = 'completed'))::int`,
      finalVersionAt: sql<Date | string | null>`(select ${finalVersions.submittedAt} from ${finalVersions}
        where ${finalVersions.submissionId} = ${submissionId})`,
    })
    .from(reviews)
    .where(eq(reviews.submissionId, submissionId));
  const first = row?.firstAssignedAt;
  const sent = row?.finalVersionAt;
  return {
    firstAssignedAt: first ? new Date(first) : null,
    assigned: row?.assigned ?? 0,
    completed: row?.completed ?? 0,
    finalVersionAt: sent ? new Date(sent) : null,
  };
}
