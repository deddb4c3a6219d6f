import type { MailAudience, MailStatus } from '@confero/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  eventMemberships,
  finalVersions,
  mailOutbox,
  mailSends,
  reviews,
  submissionAuthors,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { authorRecipientColumns, firstWithTheirAddress } from '../submissions/submissions.queries.ts';

/*
 * Who a group mail goes to, read in pages ordered by a stable key so the group job can go through a large group in
 * bounded batches (`after` = the last key of the previous batch):
 * - author groups: one recipient per (paper, author) — an address listed twice on one paper counts once (its first
 *   listing, as the decision mails do); the key is the author row's id;
 * - reviewer groups and the committee: one recipient per person; the key is the user's id.
 */

export type AudienceRecipient = {
  key: number;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  /** For author groups: the paper. */
  submissionId: number | null;
  submissionPublicId: string | null;
  paperTitle: string | null;
  /** The chair's comments on the paper's decision. */
  decisionDetails: string | null;
};

/** What narrows a group: the papers chosen (author groups only). */
export type AudienceSelection = { submissionIds?: number[] | null };

export const AUTHOR_AUDIENCES: readonly MailAudience[] = [
  'authors',
  'accepted_authors',
  'rejected_authors',
  'undecided_authors',
  'final_version_missing',
];
export const isAuthorAudience = (audience: MailAudience) => AUTHOR_AUDIENCES.includes(audience);

const DECISION_OF_AUDIENCE: Partial<Record<MailAudience, 'accept' | 'reject' | 'pending'>> = {
  accepted_authors: 'accept',
  rejected_authors: 'reject',
  undecided_authors: 'pending',
  final_version_missing: 'accept',
};

type Page = { after?: number; limit?: number; email?: string };

/** Reviews a reviewer still has to finish (assigned or a draft). */
export const UNFINISHED_REVIEW_STATUSES = ['assigned', 'in_progress'] as const;

function authorConditions(eventId: number, audience: MailAudience, selection: AudienceSelection): SQL[] {
  const decision = DECISION_OF_AUDIENCE[audience];
  return [
    eq(submissions.eventId, eventId),
    ...(decision ? [eq(submissions.decision, decision)] : []),
    ...(selection.submissionIds ? [inArray(submissions.id, selection.submissionIds)] : []),
    // The authors of accepted papers whose final version was never sent (docs/domain.md#final-version).
    ...(audience === 'final_version_missing'
      ? [sql`not exists (select 1 from ${finalVersions} where ${finalVersions.submissionId} = ${submissions.id})`]
      : []),
    firstWithTheirAddress(),
  ];
}

/** The people of a member group: the committee (chairs of the event or a track, event admins) or the reviewers. */
function memberConditions(eventId: number, audience: MailAudience): SQL[] {
  const roles = audience === 'committee' ? (['chair', 'event_admin'] as const) : (['reviewer'] as const);
  const member = sql`exists (select 1 from ${eventMemberships} where ${eventMemberships.eventId} = ${eventId}
    and ${eventMemberships.userId} = ${users.id} and ${eventMemberships.status} = 'active'
    and ${inArray(eventMemberships.role, [...roles])})`;
  if (audience !== 'late_reviewers') return [member];
  return [member, sql`exists (${unfinishedReviewsOf(eventId)})`];
}

/** A select of the unfinished reviews of the event held by the `users` row of the outer query. */
function unfinishedReviewsOf(eventId: number) {
  return sql`select 1 from ${reviews} inner join ${submissions} on ${submissions.id} = ${reviews.submissionId}
    where ${reviews.reviewerId} = ${users.id} and ${submissions.eventId} = ${eventId}
    and ${inArray(reviews.status, [...UNFINISHED_REVIEW_STATUSES])}`;
}

/** One page of a group's recipients, in key order. */
export async function listAudience(
  db: Db,
  eventId: number,
  audience: MailAudience,
  selection: AudienceSelection,
  page: Page = {},
): Promise<AudienceRecipient[]> {
  const limit = page.limit ?? 200;
  if (isAuthorAudience(audience)) {
    return db
      .select({
        key: submissionAuthors.id,
        ...authorRecipientColumns,
        submissionId: submissions.id,
        submissionPublicId: submissions.publicId,
        paperTitle: submissions.title,
        decisionDetails: submissions.decisionDetails,
      })
      .from(submissionAuthors)
      .innerJoin(submissions, eq(submissions.id, submissionAuthors.submissionId))
      .leftJoin(users, eq(users.id, submissionAuthors.userId))
      .where(
        and(
          ...authorConditions(eventId, audience, selection),
          page.after === undefined ? undefined : gt(submissionAuthors.id, page.after),
          page.email ? sql`lower(${submissionAuthors.email}) = lower(${page.email})` : undefined,
        ),
      )
      .orderBy(asc(submissionAuthors.id))
      .limit(limit);
  }
  return db
    .select({
      key: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      submissionId: sql<number | null>`null`,
      submissionPublicId: sql<string | null>`null`,
      paperTitle: sql<string | null>`null`,
      decisionDetails: sql<string | null>`null`,
    })
    .from(users)
    .where(
      and(
        ...memberConditions(eventId, audience),
        page.after === undefined ? undefined : gt(users.id, page.after),
        page.email ? sql`lower(${users.email}) = lower(${page.email})` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/** How many recipients a group has (one query). */
export async function countAudience(
  db: Db,
  eventId: number,
  audience: MailAudience,
  selection: AudienceSelection,
): Promise<number> {
  if (isAuthorAudience(audience)) {
    const [row] = await db
      .select({ n: count() })
      .from(submissionAuthors)
      .innerJoin(submissions, eq(submissions.id, submissionAuthors.submissionId))
      .where(and(...authorConditions(eventId, audience, selection)));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...memberConditions(eventId, audience)));
  return row?.n ?? 0;
}

/** The papers of the event among these ids (the chosen papers of a group mail). */
export async function findEventSubmissions(db: Db, eventId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: submissions.id, publicId: submissions.publicId })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), inArray(submissions.id, ids)));
}

/** The reviewers of the event holding unfinished reviews, among `userIds` (all of them when absent), by user id. */
export async function findLateReviewers(
  db: Db,
  eventId: number,
  options: { userIds?: number[]; after?: number; limit?: number } = {},
) {
  return db
    .select({
      id: users.id,
      publicId: users.publicId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
    })
    .from(users)
    .where(
      and(
        ...memberConditions(eventId, 'late_reviewers'),
        options.userIds ? inArray(users.id, options.userIds) : undefined,
        options.after === undefined ? undefined : gt(users.id, options.after),
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit ?? 500);
}

export type MailSendRow = typeof mailSends.$inferSelect;

/** One page of an event's group mails, newest first, with their senders' public ids (one query, and the count). */
export async function listMailSends(db: Db, eventId: number, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ send: mailSends, createdBy: users.publicId })
      .from(mailSends)
      .leftJoin(users, eq(users.id, mailSends.createdBy))
      .where(eq(mailSends.eventId, eventId))
      .orderBy(desc(mailSends.createdAt), desc(mailSends.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(mailSends).where(eq(mailSends.eventId, eventId)),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export type EventOutboxFilter = { status?: MailStatus; template?: string; search?: string };

/** One page of the mails of an event, newest first (the event's outbox). */
export async function listEventOutbox(
  db: Db,
  eventId: number,
  page: { page: number; pageSize: number },
  filter: EventOutboxFilter,
) {
  const where = and(
    eq(mailOutbox.eventId, eventId),
    filter.status ? eq(mailOutbox.status, filter.status) : undefined,
    filter.template
      ? or(eq(mailOutbox.template, filter.template), eq(mailOutbox.eventTemplate, filter.template))
      : undefined,
    filter.search
      ? ilike(mailOutbox.recipient, `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail of this event's outbox, or undefined (a mail of another event is not found here). */
export async function findEventMail(db: Db, eventId: number, mailId: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.eventId, eventId)));
  return row;
}
