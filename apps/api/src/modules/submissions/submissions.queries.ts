import {
  FINAL_DECISIONS,
  type ReviewSettings,
  SUBMISSION_DECISION_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '@confero/contracts';
import {
  type AnyColumn,
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db } from '../../db/client.ts';
import {
  conflicts,
  eventMemberships,
  events,
  submissionAuthors,
  submissionFiles,
  submissions,
  tracks,
  users,
} from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { preparedQuery, preparedRows, queryRows } from '../../lib/sql.ts';
import type { Actor } from '../../plugins/auth.ts';
import { idArray, inIds } from '../conflicts/conflicts.queries.ts';
import { accessFor, type ViewerMembership } from '../events/events.policy.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';
import { authoredBy } from './authorship-sql.ts';
import type { SubmissionAccess } from './submissions.policy.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionAuthorRow = typeof submissionAuthors.$inferSelect & { userPublicId: string | null };
export type SubmissionFileRow = Omit<typeof submissionFiles.$inferSelect, 'text'>;

/** What a submission's DTO and rules read about its event. */
export type SubmissionEvent = {
  id: number;
  publicId: string;
  title: string;
  status: (typeof events.$inferSelect)['status'];
  submissionDeadline: string;
  reviewDeadline: string;
  timezone: string;
  createdBy: number | null;
  reviewSettings: ReviewSettings;
  /** The author response phase (`docs/domain.md#author-response`): wall-clock times in the event's zone. */
  responseEnabled: boolean;
  responseOpensAt: string | null;
  responseClosesAt: string | null;
  responseWordLimit: number;
  /** The final version phase (`docs/domain.md#final-version`): a deadline date in the event's zone. */
  finalVersionEnabled: boolean;
  finalVersionDeadline: string | null;
  supplementaryMaxMb: number;
  /** Reviewers may ask the review assistant about their drafts (`docs/domain.md#review-assistant`). */
  assistantEnabled: boolean;
};

/** A submission with its event and track, as every read returns it. */
export type SubmissionRecord = SubmissionRow & {
  event: SubmissionEvent;
  track: { id: number; publicId: string; name: string } | null;
};

/** A record with everything its DTO shows: authors in order, the current paper file. */
export type SubmissionBundle = SubmissionRecord & {
  authors: SubmissionAuthorRow[];
  file: SubmissionFileRow | null;
};

const eventFields = {
  id: events.id,
  publicId: events.publicId,
  title: events.title,
  status: events.status,
  submissionDeadline: events.submissionDeadline,
  reviewDeadline: events.reviewDeadline,
  timezone: events.timezone,
  createdBy: events.createdBy,
  reviewSettings: events.reviewSettings,
  responseEnabled: events.responseEnabled,
  responseOpensAt: events.responseOpensAt,
  responseClosesAt: events.responseClosesAt,
  responseWordLimit: events.responseWordLimit,
  finalVersionEnabled: events.finalVersionEnabled,
  finalVersionDeadline: events.finalVersionDeadline,
  supplementaryMaxMb: events.supplementaryMaxMb,
  assistantEnabled: events.assistantEnabled,
};

const fileFields = {
  id: submissionFiles.id,
  submissionId: submissionFiles.submissionId,
  kind: submissionFiles.kind,
  version: submissionFiles.version,
  storageKey: submissionFiles.storageKey,
  sha256: submissionFiles.sha256,
  size: submissionFiles.size,
  pageCount: submissionFiles.pageCount,
  originalName: submissionFiles.originalName,
  contentType: submissionFiles.contentType,
  uploadedBy: submissionFiles.uploadedBy,
  createdAt: submissionFiles.createdAt,
};

function selectRecords<Extra extends Record<string, SQL>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({
      submission: submissions,
      event: eventFields,
      track: { id: tracks.id, publicId: tracks.publicId, name: tracks.name },
      ...extra,
    })
    .from(submissions)
    .innerJoin(events, eq(events.id, submissions.eventId))
    .leftJoin(tracks, eq(tracks.id, submissions.trackId));
}

type SelectedRecord = {
  submission: SubmissionRow;
  event: SubmissionEvent;
  track: { id: number; publicId: string; name: string } | null;
};

const toRecord = (row: SelectedRecord): SubmissionRecord => ({ ...row.submission, event: row.event, track: row.track });

/** A submission with its event and track by its numeric id (every read of a submission runs it). */
const recordById = preparedQuery('submission_record_by_id', (db, name) =>
  selectRecords(db)
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findSubmissionById(db: Db, id: number): Promise<SubmissionRecord | undefined> {
  const [row] = await recordById(db).execute({ id });
  return row ? toRecord(row) : undefined;
}

/** A submission as one viewer reads it: with its authors and current file, and the viewer's access to it. */
export type SubmissionView = { submission: SubmissionBundle; access: SubmissionAccess };

/** A submission with its bundle and one viewer's access, in one statement (every read or change of one runs it). */
const viewById = preparedQuery('submission_view_by_id', (db, name) =>
  selectRecords(db, {
    authors: authorsJsonOfRow,
    file: fileJsonOfRow,
    memberships: viewerMembershipsOfRow(sql.placeholder('userId')),
    conflicted: viewerConflictedOfRow(sql.placeholder('userId')),
  })
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare(name),
);

/**
 * A submission by its numeric id (and, when given, a public id that must match) as the viewer reads it: its record,
 * authors, current file and the viewer's access (memberships in its event, conflict, authorship). One statement; no
 * access check (the callers authorize with the access).
 */
export async function findSubmissionView(
  db: Db,
  actor: Actor,
  id: number,
  publicId?: string,
): Promise<SubmissionView | undefined> {
  const [row] = await viewById(db).execute({ id, userId: actor.id });
  if (!row || (publicId && row.submission.publicId !== publicId)) return undefined;
  const submission: SubmissionBundle = {
    ...toRecord(row),
    authors: (row.authors ?? []).map(authorFromJson),
    file: row.file ? fromJsonRow<SubmissionFileRow>(fileFields, row.file) : null,
  };
  const access = accessOf(actor, submission, membershipsOf(row.memberships), row.conflicted);
  return { submission, access };
}

/** `findSubmissionView` by the route's id: the public id (which must match exactly) or the numeric id. */
export async function findSubmissionViewByIdParam(
  db: Db,
  actor: Actor,
  value: string,
): Promise<SubmissionView | undefined> {
  const parsed = parseIdParam(value);
  return parsed ? findSubmissionView(db, actor, parsed.id, parsed.publicId) : undefined;
}

/**
 * SECURITY-CRITICAL: the submissions a viewer may see, as a condition inside the list queries, never a filter in memory
 * (`docs/conventions.md#scoped-queries`). It must agree with the 'submission.view' policy: the submission's authors (a
 * linked author row, or the submitter) and the staff of its event (any active membership: event admin, chair of the
 * event or a track, reviewer); platform admins see every submission.
 */
export function visibleSubmissions(actor: Actor): SQL | undefined {
  if (isPlatformAdmin(actor)) return undefined;
  return or(
    authoredBy(actor.id),
    sql`exists (select 1 from ${eventMemberships} m where m.event_id = ${submissions.eventId}
      and m.user_id = ${actor.id} and m.status = 'active')`,
  );
}

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return ilike(submissions.title, pattern);
}

/**
 * A submission as the lists show it: the columns of its row and what its abilities and the viewer's access read, no
 * abstract, metadata or file. The event's blind mode comes as text, not its whole review settings.
 */
export type SubmissionListRow = Pick<
  SubmissionRow,
  | 'id'
  | 'publicId'
  | 'title'
  | 'keywords'
  | 'status'
  | 'decision'
  | 'eventId'
  | 'trackId'
  | 'submittedBy'
  | 'areaChairId'
  | 'createdAt'
  | 'updatedAt'
> & {
  event: Pick<
    SubmissionEvent,
    'id' | 'publicId' | 'title' | 'status' | 'submissionDeadline' | 'timezone' | 'createdBy'
  > & {
    blindMode: string;
  };
  track: { publicId: string; name: string } | null;
  authors: SubmissionListAuthorRow[];
};

/** An author as a list row names them; `userId` tells the viewer's authorship. */
export type SubmissionListAuthorRow = { firstName: string; lastName: string; userId: number | null };

const listColumns = {
  id: submissions.id,
  publicId: submissions.publicId,
  title: submissions.title,
  keywords: submissions.keywords,
  status: submissions.status,
  decision: submissions.decision,
  eventId: submissions.eventId,
  trackId: submissions.trackId,
  submittedBy: submissions.submittedBy,
  areaChairId: submissions.areaChairId,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
  event: {
    id: events.id,
    publicId: events.publicId,
    title: events.title,
    status: events.status,
    submissionDeadline: events.submissionDeadline,
    timezone: events.timezone,
    createdBy: events.createdBy,
    blindMode: sql<string>`coalesce(${events.reviewSettings}->>'blind_mode', 'double')`,
  },
  trackPublicId: tracks.publicId,
  trackName: tracks.name,
};

function selectListRows<Extra extends Record<string, SQL.Aliased>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ ...listColumns, ...extra })
    .from(submissions)
    .innerJoin(events, eq(events.id, submissions.eventId))
    .leftJoin(tracks, eq(tracks.id, submissions.trackId));
}

type SelectedListRow = Omit<SubmissionListRow, 'track' | 'authors'> & {
  trackPublicId: string | null;
  trackName: string | null;
};

/** The authors' names as a list shows them, aggregated: `[first name, last name, user id]` in order, as JSON text. */
const listAuthorNames = sql<string>`json_agg(json_build_array(${submissionAuthors.firstName},
  ${submissionAuthors.lastName}, ${submissionAuthors.userId}) order by ${submissionAuthors.position})::text`;

/** The authors' names of some submissions, one row per submission (`listAuthorNames`). */
const listAuthorsOf = preparedQuery('submission_list_authors', (db, name) =>
  db
    .select({ submissionId: submissionAuthors.submissionId, names: listAuthorNames })
    .from(submissionAuthors)
    .where(inIds(submissionAuthors.submissionId, sql.placeholder('ids')))
    .groupBy(submissionAuthors.submissionId)
    .prepare(name),
);

/** A list row with its authors' names (`listAuthorNames`' JSON text, null when it has none). */
function toListRow({ trackPublicId, trackName, ...row }: SelectedListRow, names: string | null): SubmissionListRow {
  const list = names ? (JSON.parse(names) as [string, string, number | null][]) : [];
  return {
    ...row,
    track: trackPublicId === null ? null : { publicId: trackPublicId, name: trackName ?? '' },
    authors: list.map(([firstName, lastName, userId]) => ({ firstName, lastName, userId })),
  };
}

/**
 * The rows of a list with their authors' names: the page's query and one query for all its authors, aggregated in SQL
 * to one row per submission (`[first name, last name, user id]` in order), so the driver reads as many rows as the page.
 */
async function withListAuthors(db: Db, rows: SelectedListRow[]): Promise<SubmissionListRow[]> {
  const names = new Map<number, string>();
  if (rows.length > 0) {
    const found = await listAuthorsOf(db).execute({ ids: idArray(rows.map((row) => row.id)) });
    for (const row of found) names.set(row.submissionId, row.names);
  }
  return rows.map((row) => toListRow(row, names.get(row.id) ?? null));
}

/**
 * A page of a list, newest or oldest first, with the whole list's count from the same statement (a window count); a
 * page past the end has no row to carry it, so only then is the count asked on its own.
 */
async function pageOfList(
  db: Db,
  where: SQL | undefined,
  order: 'newest' | 'oldest',
  page: { page: number; pageSize: number },
): Promise<{ rows: SubmissionListRow[]; count: number }> {
  const direction = order === 'newest' ? desc : asc;
  const rows = await selectListRows(db, { total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .where(where)
    .orderBy(direction(submissions.createdAt), direction(submissions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ value: count() }).from(submissions).where(where);
    total = Number(counted?.value ?? 0);
  }
  return { rows: await withListAuthors(db, rows), count: total };
}

/** `GET submissions/`: a page of what the viewer may see, newest first. Two queries (three past the last page). */
export async function pageSubmissions(
  db: Db,
  actor: Actor,
  options: { page: number; pageSize: number; status?: SubmissionRow['status']; eventId?: number; search?: string },
): Promise<{ rows: SubmissionListRow[]; count: number }> {
  const where = and(
    visibleSubmissions(actor),
    options.status ? eq(submissions.status, options.status) : undefined,
    options.eventId !== undefined ? eq(submissions.eventId, options.eventId) : undefined,
    searchCondition(options.search),
  );
  return pageOfList(db, where, 'newest', options);
}

/**
 * `GET submissions/my_submissions/`: every submission the viewer is an author of, newest first, with the viewer's
 * access to each. One statement.
 */
export async function listAuthoredSubmissions(
  db: Db,
  actor: Actor,
): Promise<{ rows: SubmissionListRow[]; access: Map<number, SubmissionAccess> }> {
  const found = await authoredRows(db).execute({ userId: actor.id });
  const access = new Map<number, SubmissionAccess>();
  const rows = found.map(({ authorNames, memberships, conflicted, ...selected }) => {
    const row = toListRow(selected, authorNames);
    access.set(row.id, accessOf(actor, row, membershipsOf(memberships), conflicted));
    return row;
  });
  return { rows, access };
}

/**
 * The list rows of the submissions a user is an author of, newest first, each with its authors' names and the user's
 * memberships in its event and conflict with it (`GET submissions/my_submissions/`).
 */
const authoredRows = preparedQuery('submission_list_authored', (db, name) =>
  selectListRows(db, {
    authorNames: sql<string | null>`(select ${listAuthorNames} from ${submissionAuthors}
      where ${submissionAuthors.submissionId} = ${submissions.id})`.as('author_names'),
    memberships: viewerMembershipsOfRow(sql.placeholder('userId')).as('memberships'),
    conflicted: viewerConflictedOfRow(sql.placeholder('userId')).as('conflicted'),
  })
    .where(authoredBy(sql.placeholder('userId')))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .prepare(name),
);

/**
 * `GET submissions/event_submissions/`: the submissions of one event, oldest first (the caller checked access): all
 * of them in two queries, or one page with its count.
 */
export async function listEventSubmissions(db: Db, eventId: number): Promise<SubmissionListRow[]> {
  const rows = await selectListRows(db)
    .where(eq(submissions.eventId, eventId))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  return withListAuthors(db, rows);
}

/**
 * What the rows of an event's list read about their viewer, beyond the row itself: facts about the viewer and the
 * event, reckoned once by the policy's own predicates (`listViewerFor` in the presenter).
 */
export type ListViewer = {
  userId: number;
  /** A reviewer or area chair of a double-blind event who does not run it (`isBlindedEventReviewer`). */
  blinded: boolean;
  /** An organizer of the event (`isOrganizer`): manages every submission. */
  organizer: boolean;
  /** The tracks the viewer chairs: they manage those tracks' submissions. */
  chairedTrackIds: readonly number[];
  /** The event's submission deadline has passed: no row may be edited. */
  deadlinePassed: boolean;
};

/** `case column when key then label … end` of a label table (the `en` labels of statuses or decisions). */
function labelOf(column: SQL | AnyColumn, labels: Record<string, { en: string }>): SQL {
  const cases = Object.entries(labels).map(([key, label]) => sql`when ${key} then ${label.en}::text`);
  return sql`case ${column}::text ${sql.join(cases, sql` `)} end`;
}

/** An instant as `Date.toISOString` writes it (UTC, milliseconds truncated as the driver's dates are). */
const isoText = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `GET submissions/event_submissions/` whole, as the JSON text of `SubmissionListItemDto[]` built by the database in
 * one statement, oldest first: the same rows as `presentSubmissionList` over `listEventSubmissions` (a test compares
 * them for several viewers). The per-row rules are the presenter's, written in SQL: the viewer is an author (the
 * submitter, or a linked author row, `authoredBy`), conflicted (an author, or a conflict row); a blinded reviewer sees
 * no author of a paper they did not write; update = author, no final decision, before the deadline; delete = author,
 * submitted and pending; manage_reviewers = the committee (organizer or the paper's track chair, neither conflicted
 * nor author). Whitespace aside (`"key" : value`), the text is what the serializer would write.
 */
export async function eventSubmissionsJson(db: Db, eventId: number, viewer: ListViewer): Promise<string> {
  const [result] = await queryRows<{ body: string }>(db, eventSubmissionsJsonQuery(eventId, viewer));
  return result?.body ?? '[]';
}

/** The statement of `eventSubmissionsJson`: one row, its `body` the list's JSON text. */
export function eventSubmissionsJsonQuery(eventId: number, viewer: ListViewer): SQL {
  const finalDecisions = sql.join(
    FINAL_DECISIONS.map((decision) => sql`${decision}`),
    sql`, `,
  );
  const manages = sql`(${viewer.organizer}::boolean
    or coalesce(${inIds(submissions.trackId, viewer.chairedTrackIds)}, false))`;
  const conflicted = sql`exists (select 1 from ${conflicts} c
    where c.submission_id = ${submissions.id} and c.user_id = ${viewer.userId}::int)`;
  // Each row is `row_to_json` of the lateral `d` (its columns in the DTO's order); the authors of the event's papers
  // are aggregated in one pass and joined by hash, not looked up paper by paper.
  return sql`
    select coalesce(json_agg(d order by ${submissions.createdAt}, ${submissions.id}), '[]'::json)::text as body
    from ${submissions}
    inner join ${events} on ${events.id} = ${submissions.eventId}
    left join ${tracks} on ${tracks.id} = ${submissions.trackId}
    left join (
      select sa.submission_id, json_agg(n order by sa.position) as names,
        bool_or(sa.user_id = ${viewer.userId}::int) as linked
      from ${submissionAuthors} sa
      inner join ${submissions} es on es.id = sa.submission_id and es.event_id = ${eventId}
      cross join lateral (select sa.first_name as "first_name", sa.last_name as "last_name",
        btrim(sa.first_name || ' ' || sa.last_name) as "full_name") n
      group by sa.submission_id
    ) a on a.submission_id = ${submissions.id}
    cross join lateral (select ${submissions.submittedBy} is not distinct from ${viewer.userId}::int
      or coalesce(a.linked, false) as author) v
    cross join lateral (select ${viewer.blinded}::boolean and not v.author as hidden) h
    cross join lateral (select
      ${submissions.id} as "id",
      ${submissions.publicId} as "public_id",
      ${submissions.title} as "title",
      ${submissions.keywords} as "keywords_list",
      ${submissions.status} as "status",
      ${labelOf(submissions.status, SUBMISSION_STATUS_LABELS)} as "status_display",
      ${submissions.decision} as "decision",
      ${labelOf(submissions.decision, SUBMISSION_DECISION_LABELS)} as "decision_display",
      ${submissions.eventId} as "event",
      ${events.publicId} as "event_public_id",
      ${events.title} as "event_title",
      ${tracks.publicId} as "track",
      ${tracks.name} as "track_name",
      ${isoText(submissions.createdAt)} as "created",
      ${isoText(submissions.updatedAt)} as "updated",
      case when h.hidden then '[]'::json else coalesce(a.names, '[]'::json) end as "authors",
      case when h.hidden then null else a.names -> 0 end as "primary_author",
      h.hidden as "authors_hidden",
      json_build_object(
        'update', v.author and ${submissions.decision}::text not in (${finalDecisions})
          and not ${viewer.deadlinePassed}::boolean,
        'delete', v.author and ${submissions.status} = 'submitted' and ${submissions.decision} = 'pending',
        'manage_reviewers', ${manages} and not v.author and not ${conflicted}
      ) as "abilities") d
    where ${submissions.eventId} = ${eventId}`;
}

/** One page of an event's submissions, oldest first, with their count. */
export async function pageEventSubmissions(
  db: Db,
  eventId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: SubmissionListRow[]; count: number }> {
  return pageOfList(db, eq(submissions.eventId, eventId), 'oldest', page);
}

/** The current (highest version) paper file of several submissions: one query. */
export async function findCurrentFilesOf(db: Db, submissionIds: number[]): Promise<Map<number, SubmissionFileRow>> {
  const found = new Map<number, SubmissionFileRow>();
  if (submissionIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([submissionFiles.submissionId], fileFields)
    .from(submissionFiles)
    .where(and(inArray(submissionFiles.submissionId, submissionIds), eq(submissionFiles.kind, 'paper')))
    .orderBy(asc(submissionFiles.submissionId), desc(submissionFiles.version));
  for (const row of rows) found.set(row.submissionId, row);
  return found;
}

/** Every file row of a submission (all kinds and versions). */
export async function findFilesOf(db: Db, submissionId: number): Promise<SubmissionFileRow[]> {
  return db
    .select(fileFields)
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId))
    .orderBy(asc(submissionFiles.kind), asc(submissionFiles.version));
}

/** A column's name in the database: the schema's snake_case casing turns the properties' names into it. */
const columnName = (column: Column) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/**
 * A row the database gave as JSON (`to_json`: the columns' own names as keys) decoded as drizzle decodes a row of
 * those columns (timestamps to dates, and so on): `columns` maps each property to its column.
 */
function fromJsonRow<T>(columns: Record<string, Column>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[columnName(column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** An author as the bundles' JSON gives them: the row (`to_json`) and the public id of their linked account. */
type AuthorJson = { author: Record<string, unknown>; user_public_id: string | null };

const authorColumns = getTableColumns(submissionAuthors);

function authorFromJson(entry: AuthorJson): SubmissionAuthorRow {
  const author = fromJsonRow<typeof submissionAuthors.$inferSelect>(authorColumns, entry.author);
  return { ...author, userPublicId: entry.user_public_id ?? null };
}

/** The columns of a paper file row, as `f.<column>` for the raw statements. */
const fileColumnList = sql.join(
  Object.values(fileFields).map((column) => sql.raw(`f.${columnName(column)}`)),
  sql`, `,
);

/** The authors (`AuthorJson`, in order) of the row of `submissions` a statement reads. */
const authorsJsonOfRow = sql<AuthorJson[] | null>`(select json_agg(json_build_object('author', to_json(a),
    'user_public_id', u.public_id) order by a.position)
  from ${submissionAuthors} a left join ${users} u on u.id = a.user_id where a.submission_id = ${submissions.id})`;

/** The current paper file (the highest version) of the row of `submissions` a statement reads, as JSON. */
const fileJsonOfRow = sql<Record<string, unknown> | null>`(select to_json(c) from (
    select ${fileColumnList} from ${submissionFiles} f
    where f.submission_id = ${submissions.id} and f.kind = 'paper' order by f.version desc limit 1) c)`;

/** What the viewer's access to a submission reads of it: a bundle, or a list row. */
export type AccessSubject = Pick<SubmissionRow, 'id' | 'eventId' | 'trackId' | 'areaChairId' | 'submittedBy'> & {
  event: { createdBy: number | null };
  authors: { userId: number | null }[];
};

/** A viewer's membership as the statements give it: [event, role, status, track]. */
type MembershipTuple = [number, ViewerMembership['role'], ViewerMembership['status'], number | null];

const membershipsOf = (tuples: MembershipTuple[] | null): ViewerMembership[] =>
  (tuples ?? []).map(([, role, status, trackId]) => ({ role, status, trackId }));

/** The viewer's memberships (`MembershipTuple`s) in the event of the row of `submissions` a statement reads. */
const viewerMembershipsOfRow = (userId: Placeholder) =>
  sql<MembershipTuple[] | null>`(select json_agg(json_build_array(m.event_id, m.role, m.status, m.track_id))
    from ${eventMemberships} m where m.user_id = ${userId} and m.event_id = ${submissions.eventId})`;

/** Whether the viewer has a conflict with the row of `submissions` a statement reads. */
const viewerConflictedOfRow = (userId: Placeholder) =>
  sql<boolean>`exists (select 1 from ${conflicts} c where c.user_id = ${userId} and c.submission_id = ${submissions.id})`;

/** A viewer's access to one submission, from their memberships in its event and whether they have a conflict. */
function accessOf(
  actor: Actor,
  subject: AccessSubject,
  memberships: ViewerMembership[],
  conflicted: boolean,
): SubmissionAccess {
  const isAuthor = isAuthorOf(actor.id, subject);
  const event = accessFor(actor, subject.event, memberships);
  return {
    event,
    isAuthor,
    isConflicted: isAuthor || conflicted,
    trackId: subject.trackId,
    isPaperAreaChair: event.isAreaChair && subject.areaChairId === actor.id,
  };
}

/**
 * A viewer's memberships in some events as [event, role, status, track] rows and their conflicts among some
 * submissions: one statement for both (every list of submissions runs it).
 */
const viewerAccessRows = preparedRows<{
  memberships: MembershipTuple[] | null;
  conflicted: number[] | null;
}>(
  'submission_viewer_access',
  sql`select
        (select json_agg(json_build_array(m.event_id, m.role, m.status, m.track_id)) from ${eventMemberships} m
          where m.user_id = ${sql.placeholder('userId')} and ${inIds(sql`m.event_id`, sql.placeholder('eventIds'))})
          as memberships,
        (select json_agg(c.submission_id) from ${conflicts} c
          where c.user_id = ${sql.placeholder('userId')}
            and ${inIds(sql`c.submission_id`, sql.placeholder('submissionIds'))}) as conflicted`,
);

/**
 * The viewer's access to each of several submissions: their memberships in the events concerned and their conflicts
 * with the submissions, one statement whatever the number of submissions. Authorship is read from the bundles.
 */
export async function accessToBundles(
  db: Db,
  actor: Actor,
  bundles: AccessSubject[],
): Promise<Map<number, SubmissionAccess>> {
  const access = new Map<number, SubmissionAccess>();
  if (bundles.length === 0) return access;
  const eventIds = [...new Set(bundles.map((bundle) => bundle.eventId))];
  const [row] = await viewerAccessRows(db)({
    userId: actor.id,
    eventIds: idArray(eventIds),
    submissionIds: idArray(bundles.map((bundle) => bundle.id)),
  });
  const byEvent = new Map<number, ViewerMembership[]>();
  for (const [eventId, role, status, trackId] of row?.memberships ?? []) {
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), { role, status, trackId }]);
  }
  const conflictedIds = new Set(row?.conflicted ?? []);
  for (const bundle of bundles) {
    access.set(bundle.id, accessOf(actor, bundle, byEvent.get(bundle.eventId) ?? [], conflictedIds.has(bundle.id)));
  }
  return access;
}

/** Whether a user is an author of a submission: a linked author row, or they submitted it. */
export function isAuthorOf(userId: number, bundle: Pick<AccessSubject, 'submittedBy' | 'authors'>): boolean {
  return bundle.submittedBy === userId || bundle.authors.some((author) => author.userId === userId);
}

/** Whether a submission of the event already has this title, in any letter case (optionally not counting one). */
export async function isTitleTaken(db: Db, eventId: number, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.eventId, eventId),
        sql`lower(${submissions.title}) = lower(${title})`,
        exceptId === undefined ? undefined : sql`${submissions.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Verified accounts by e-mail address (any letter case): the authors to link. One query. */
export async function findVerifiedUsersByEmail(
  db: Db,
  emails: string[],
): Promise<Map<string, { id: number; locale: string }>> {
  const found = new Map<string, { id: number; locale: string }>();
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return found;
  const rows = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, lowered), eq(users.emailVerified, true)));
  for (const row of rows) found.set(row.email.toLowerCase(), { id: row.id, locale: row.locale });
  return found;
}

/**
 * An author as a mail's recipient: the names on the paper, the language of their account (English without one). The
 * query reads `submission_authors` left-joined to `users` on the author's account.
 */
export const authorRecipientColumns = {
  email: submissionAuthors.email,
  firstName: submissionAuthors.firstName,
  lastName: submissionAuthors.lastName,
  locale: sql<string>`coalesce(${users.locale}, 'en')`,
};

/**
 * The rows of `submission_authors` in the query that are the first listed with their address on their paper: a
 * paper's mail goes once to an address listed twice.
 */
export function firstWithTheirAddress(): SQL {
  return sql`not exists (select 1 from ${submissionAuthors} as twin
    where twin.submission_id = ${submissionAuthors.submissionId}
    and lower(twin.email) = lower(${submissionAuthors.email}) and twin.position < ${submissionAuthors.position})`;
}

/** The authors of a submission to mail, one per address, in order, in the language of their account: one query. */
export async function findAuthorRecipients(
  db: Db,
  submissionId: number,
): Promise<{ email: string; firstName: string; lastName: string; locale: string }[]> {
  return db
    .select(authorRecipientColumns)
    .from(submissionAuthors)
    .leftJoin(users, eq(users.id, submissionAuthors.userId))
    .where(and(eq(submissionAuthors.submissionId, submissionId), firstWithTheirAddress()))
    .orderBy(asc(submissionAuthors.position));
}
