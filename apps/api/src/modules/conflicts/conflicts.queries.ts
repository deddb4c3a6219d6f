import { type AnyColumn, and, asc, count, eq, inArray, or, Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  conflictOverrides,
  conflicts,
  eventMemberships,
  submissionAuthors,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { authoredBy } from '../submissions/authorship-sql.ts';
import type { DetectionSubmission, Person } from './detection.ts';

export type ConflictRow = typeof conflicts.$inferSelect;
export type OverrideRow = typeof conflictOverrides.$inferSelect;

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** Ids as the one array parameter of `inIds` (`{1,2,3}`), also the value of a prepared statement's placeholder. */
export const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;

/**
 * `column = any(ids)` with the ids as one array parameter (`idArray`, or a placeholder given it): the statement stays
 * the same whatever their number, and the planner can use the column's index.
 */
export const inIds = (column: SQL | AnyColumn, ids: readonly number[] | Placeholder) =>
  sql`${column} = any(${ids instanceof Placeholder ? ids : idArray(ids)}::int[])`;

/**
 * The persons conflicts are detected for: every user with an active membership in the event (reviewers, chairs of
 * the event or a track, event admins), once each. Optionally only some users.
 */
export async function findEventPersons(db: Db, eventId: number, userIds?: number[]): Promise<Person[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      userId: users.id,
      email: users.email,
      affiliation: users.affiliation,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.status, 'active'),
        userIds ? inIds(users.id, userIds) : undefined,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    affiliation: row.affiliation,
    fullName: fullName(row),
  }));
}

/** Submissions with their authors, for detection: two queries whatever their number (the same `where` in both). */
async function loadDetectionSubmissions(db: Db, where: SQL | undefined): Promise<DetectionSubmission[]> {
  const rows = await db
    .select({ id: submissions.id, submittedBy: submissions.submittedBy })
    .from(submissions)
    .where(where)
    .orderBy(asc(submissions.id));
  if (rows.length === 0) return [];
  const authors = await db
    .select({
      submissionId: submissionAuthors.submissionId,
      userId: submissionAuthors.userId,
      email: submissionAuthors.email,
      affiliation: submissionAuthors.affiliation,
      firstName: submissionAuthors.firstName,
      lastName: submissionAuthors.lastName,
    })
    .from(submissionAuthors)
    .innerJoin(submissions, eq(submissions.id, submissionAuthors.submissionId))
    .where(where)
    .orderBy(asc(submissionAuthors.submissionId), asc(submissionAuthors.position));
  const bySubmission = new Map<number, DetectionSubmission>(
    rows.map((row) => [row.id, { id: row.id, submittedBy: row.submittedBy, authors: [] }]),
  );
  for (const author of authors) {
    bySubmission.get(author.submissionId)?.authors.push({
      userId: author.userId,
      email: author.email,
      affiliation: author.affiliation,
      fullName: fullName(author),
    });
  }
  return [...bySubmission.values()];
}

/** The submissions of an event (or some of them) with their authors. */
export function findEventSubmissionsForDetection(
  db: Db,
  eventId: number,
  submissionIds?: number[],
): Promise<DetectionSubmission[]> {
  if (submissionIds && submissionIds.length === 0) return Promise.resolve([]);
  return loadDetectionSubmissions(
    db,
    and(eq(submissions.eventId, eventId), submissionIds ? inIds(submissions.id, submissionIds) : undefined),
  );
}

/**
 * Every submission in the system that a person of an event (an active member; optionally only some users) authored,
 * with all its authors, as `findSubmissionsAuthoredBy` reads them: the persons are a subquery, so the statement does
 * not grow with the event.
 */
export function findSubmissionsAuthoredByEventPersons(
  db: Db,
  eventId: number,
  userIds?: number[],
): Promise<DetectionSubmission[]> {
  const only = userIds ? sql`and ${inIds(sql`u.id`, userIds)}` : sql``;
  const persons = (column: SQL) => sql`(select ${column} from ${eventMemberships} m join ${users} u on u.id = m.user_id
    where m.event_id = ${eventId} and m.status = 'active' ${only})`;
  return loadDetectionSubmissions(
    db,
    or(
      sql`${submissions.id} in (select a.submission_id from ${submissionAuthors} a
        where a.user_id in ${persons(sql`u.id`)} or lower(a.email) in ${persons(sql`lower(u.email)`)})`,
      sql`${submissions.submittedBy} in ${persons(sql`u.id`)}`,
    ),
  );
}

/** The pairs a chair lifted among an event's submissions (optionally only some submissions or users). */
export function findLiftedPairs(
  db: Db,
  eventId: number,
  scope: { submissionIds?: number[]; userIds?: number[] },
): Promise<{ submissionId: number; userId: number }[]> {
  return db
    .select({ submissionId: conflictOverrides.submissionId, userId: conflictOverrides.userId })
    .from(conflictOverrides)
    .innerJoin(submissions, eq(submissions.id, conflictOverrides.submissionId))
    .where(
      and(
        eq(submissions.eventId, eventId),
        eq(conflictOverrides.kind, 'lifted'),
        scope.submissionIds ? inIds(conflictOverrides.submissionId, scope.submissionIds) : undefined,
        scope.userIds ? inIds(conflictOverrides.userId, scope.userIds) : undefined,
      ),
    );
}

/**
 * Every submission in the system (any event) that one of the persons authored — a linked author row, an author row
 * with their address, or they submitted it — with all its authors: the co-authorship evidence.
 */
export async function findSubmissionsAuthoredBy(
  db: Db,
  persons: { userId: number | null; email: string }[],
): Promise<DetectionSubmission[]> {
  if (persons.length === 0) return [];
  const ids = persons.flatMap((person) => (person.userId === null ? [] : [person.userId]));
  const emails = [...new Set(persons.map((person) => person.email.trim().toLowerCase()))];
  const authoredIds = db
    .select({ id: submissionAuthors.submissionId })
    .from(submissionAuthors)
    .where(
      or(
        ids.length > 0 ? inArray(submissionAuthors.userId, ids) : undefined,
        inArray(sql`lower(${submissionAuthors.email})`, emails),
      ),
    );
  return loadDetectionSubmissions(
    db,
    or(inArray(submissions.id, authoredIds), ids.length > 0 ? inArray(submissions.submittedBy, ids) : undefined),
  );
}

/** The overrides (declared / lifted) of some submissions. */
export async function findOverrides(db: Db, submissionIds: number[]): Promise<OverrideRow[]> {
  if (submissionIds.length === 0) return [];
  return db.select().from(conflictOverrides).where(inArray(conflictOverrides.submissionId, submissionIds));
}

/** Whether a user has a conflict of interest with a submission (any source). */
export async function hasConflict(db: Db, submissionId: number, userId: number): Promise<ConflictRow | undefined> {
  const [row] = await db
    .select()
    .from(conflicts)
    .where(and(eq(conflicts.submissionId, submissionId), eq(conflicts.userId, userId)));
  return row;
}

/** The submission ids (of a set) a user has a conflict with: one query. */
export async function conflictedSubmissionIds(db: Db, userId: number, submissionIds?: number[]): Promise<Set<number>> {
  if (submissionIds && submissionIds.length === 0) return new Set();
  const rows = await db
    .select({ submissionId: conflicts.submissionId })
    .from(conflicts)
    .where(
      and(eq(conflicts.userId, userId), submissionIds ? inArray(conflicts.submissionId, submissionIds) : undefined),
    );
  return new Set(rows.map((row) => row.submissionId));
}

/** A submission of an event by public id or numeric id (no access check). */
export async function findEventSubmission(db: Db, eventId: number, value: string | number) {
  const parsed = parseIdParam(String(value).trim());
  if (!parsed) return undefined;
  const [row] = await db
    .select({
      id: submissions.id,
      publicId: submissions.publicId,
      title: submissions.title,
      eventId: submissions.eventId,
      decision: submissions.decision,
    })
    .from(submissions)
    .where(and(eq(submissions.id, parsed.id), eq(submissions.eventId, eventId)));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

/** A user by public id, numeric id or e-mail address (any letter case). */
export async function findUserRef(db: Db, ref: { id?: string | number | null; email?: string | null }) {
  const columns = {
    id: users.id,
    publicId: users.publicId,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    affiliation: users.affiliation,
  };
  if (ref.id !== null && ref.id !== undefined && String(ref.id).trim() !== '') {
    const parsed = parseIdParam(String(ref.id).trim());
    if (!parsed) return undefined;
    const [row] = await db.select(columns).from(users).where(eq(users.id, parsed.id));
    if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
    return row;
  }
  const email = ref.email?.trim();
  if (!email) return undefined;
  const [row] = await db.select(columns).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** Whether a user holds an active membership (any role) in an event. */
export async function isEventPerson(db: Db, eventId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eventMemberships.id })
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.userId, userId),
        eq(eventMemberships.status, 'active'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const decider = alias(users, 'decider');

export type ConflictListRow = {
  conflict: ConflictRow;
  submission: { id: number; publicId: string; title: string };
  user: { id: number; publicId: string; email: string; firstName: string; lastName: string; affiliation: string };
  override: { kind: 'declared' | 'lifted'; decidedBy: number | null; viaBid: boolean; note: string } | null;
  decider: { publicId: string; firstName: string; lastName: string } | null;
};

function selectConflictRows(db: Db) {
  return db
    .select({
      conflict: conflicts,
      submission: { id: submissions.id, publicId: submissions.publicId, title: submissions.title },
      user: {
        id: users.id,
        publicId: users.publicId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        affiliation: users.affiliation,
      },
      override: {
        kind: conflictOverrides.kind,
        decidedBy: conflictOverrides.decidedBy,
        viaBid: conflictOverrides.viaBid,
        note: conflictOverrides.note,
      },
      decider: { publicId: decider.publicId, firstName: decider.firstName, lastName: decider.lastName },
    })
    .from(conflicts)
    .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
    .innerJoin(users, eq(users.id, conflicts.userId))
    .leftJoin(
      conflictOverrides,
      and(eq(conflictOverrides.submissionId, conflicts.submissionId), eq(conflictOverrides.userId, conflicts.userId)),
    )
    .leftJoin(decider, eq(decider.id, conflictOverrides.decidedBy));
}

/**
 * SECURITY-CRITICAL: a page of the conflicts of an event's persons (active members) as its committee sees them,
 * leaving out the submissions the viewer is conflicted with (a conflicted chair learns nothing about them).
 */
export async function pageEventConflicts(
  db: Db,
  options: {
    eventId: number;
    viewerId: number;
    page: number;
    pageSize: number;
    submissionId?: number;
    userId?: number;
    type?: ConflictRow['type'];
    source?: ConflictRow['source'];
  },
): Promise<{ rows: ConflictListRow[]; count: number }> {
  const where = and(
    eq(submissions.eventId, options.eventId),
    sql`exists (select 1 from ${eventMemberships} m where m.event_id = ${options.eventId}
      and m.user_id = ${conflicts.userId} and m.status = 'active')`,
    sql`not exists (select 1 from ${conflicts} mine where mine.submission_id = ${conflicts.submissionId}
      and mine.user_id = ${options.viewerId})`,
    options.submissionId !== undefined ? eq(conflicts.submissionId, options.submissionId) : undefined,
    options.userId !== undefined ? eq(conflicts.userId, options.userId) : undefined,
    options.type ? eq(conflicts.type, options.type) : undefined,
    options.source ? eq(conflicts.source, options.source) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectConflictRows(db)
      .where(where)
      .orderBy(asc(submissions.id), asc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ value: count() })
      .from(conflicts)
      .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
      .where(where),
  ]);
  return { rows: rows as ConflictListRow[], count: Number(total?.value ?? 0) };
}

/** One conflict of an event with its submission, person and override (for lifting). */
export async function findEventConflict(db: Db, eventId: number, conflictId: number) {
  const [row] = await db
    .select({
      conflict: conflicts,
      submission: { id: submissions.id, publicId: submissions.publicId, title: submissions.title },
      override: conflictOverrides,
    })
    .from(conflicts)
    .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
    .leftJoin(
      conflictOverrides,
      and(eq(conflictOverrides.submissionId, conflicts.submissionId), eq(conflictOverrides.userId, conflicts.userId)),
    )
    .where(and(eq(conflicts.id, conflictId), eq(submissions.eventId, eventId)));
  return row;
}

/** One conflict with what its DTO shows (no access check: the caller's). */
export async function findConflictListRow(db: Db, conflictId: number): Promise<ConflictListRow | undefined> {
  const [row] = await selectConflictRows(db).where(eq(conflicts.id, conflictId));
  return row as ConflictListRow | undefined;
}

/**
 * The conflicts of one submission with what their reasons need (override, declarer), by user id: one query. No
 * access check and no membership filter (the caller's).
 */
export async function findSubmissionConflictRows(db: Db, submissionId: number): Promise<Map<number, ConflictListRow>> {
  const rows = (await selectConflictRows(db).where(eq(conflicts.submissionId, submissionId))) as ConflictListRow[];
  return new Map(rows.map((row) => [row.user.id, row]));
}

/** The submissions of an event a person has a stored conflict with or is an author of: two queries. */
export async function findRecordedConflictIds(db: Db, eventId: number, userId: number): Promise<number[]> {
  const [stored, authored] = await Promise.all([
    db
      .select({ id: conflicts.submissionId })
      .from(conflicts)
      .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
      .where(and(eq(submissions.eventId, eventId), eq(conflicts.userId, userId))),
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.eventId, eventId), authoredBy(userId))),
  ]);
  return [...stored, ...authored].map((row) => row.id);
}

/** Whether a user authored a submission of an event (a linked author row, or they submitted it). */
export async function authoredInEvent(db: Db, eventId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), authoredBy(userId)))
    .limit(1);
  return row !== undefined;
}

/** Id, public id and title of some submissions: one query. */
export async function findSubmissionRefs(
  db: Db,
  ids: number[],
): Promise<Map<number, { id: number; public_id: string; title: string }>> {
  const refs = new Map<number, { id: number; public_id: string; title: string }>();
  if (ids.length === 0) return refs;
  const rows = await db
    .select({ id: submissions.id, publicId: submissions.publicId, title: submissions.title })
    .from(submissions)
    .where(inArray(submissions.id, [...new Set(ids)]));
  for (const row of rows) refs.set(row.id, { id: row.id, public_id: row.publicId, title: row.title });
  return refs;
}

export type DeclaredConflictRow = {
  id: number;
  type: ConflictRow['type'];
  createdAt: Date;
  note: string;
  person: { firstName: string; lastName: string; email: string };
};

/**
 * SECURITY-CRITICAL: the conflicts of one submission that one person declared (source 'declared', the declaration
 * recorded with them as its author), oldest first, with the person each names. Nothing else of the submission's
 * conflicts: no detected row, none declared by someone else, none a chair lifted. No access check (the caller's).
 */
export async function findConflictsDeclaredBy(
  db: Db,
  submissionId: number,
  declarerId: number,
): Promise<DeclaredConflictRow[]> {
  return db
    .select({
      id: conflicts.id,
      type: conflicts.type,
      createdAt: conflicts.createdAt,
      note: conflictOverrides.note,
      person: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(conflicts)
    .innerJoin(users, eq(users.id, conflicts.userId))
    .innerJoin(
      conflictOverrides,
      and(eq(conflictOverrides.submissionId, conflicts.submissionId), eq(conflictOverrides.userId, conflicts.userId)),
    )
    .where(
      and(
        eq(conflicts.submissionId, submissionId),
        eq(conflicts.source, 'declared'),
        eq(conflictOverrides.kind, 'declared'),
        eq(conflictOverrides.decidedBy, declarerId),
      ),
    )
    .orderBy(asc(conflicts.createdAt), asc(conflicts.id));
}
