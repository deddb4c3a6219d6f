import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, events, reviews, submissions, tracks, users } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';

/** The filters of an audit list as the routes take them; `actor` and `event` are public or numeric ids. */
export type AuditFilter = {
  action?: string;
  entity?: string;
  actor?: string;
  from?: string;
  to?: string;
  event?: string;
};

/** Which entries a list reads: one event's, or every entry of the platform (site admins). */
export type AuditScope = { eventId: number } | 'platform';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant a `from` filter keeps: a date alone is its first moment in UTC. */
const startOf = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
/** The first instant a `to` filter leaves out: a date alone keeps its whole day (UTC). */
const endOf = (value: string) =>
  DATE_ONLY.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(value) + 1);

/**
 * The submission an entry is about, when it is about one: the `submission_id` it recorded, the submission itself,
 * or the submission of the review it names. The reader's conflicts are matched against it (audit.presenter.ts).
 */
const submissionOfEntry = sql<number | null>`case
  when jsonb_typeof(${auditLog.data} -> 'submission_id') = 'number' then (${auditLog.data} ->> 'submission_id')::int
  when ${auditLog.entity} = 'submission' and ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int
  when ${auditLog.entity} = 'review' and ${auditLog.entityId} ~ '^[0-9]{1,9}$'
    then (select r.submission_id from ${reviews} r where r.id = ${auditLog.entityId}::int)
end`;

const LIST_COLUMNS = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorPublicId: users.publicId,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  eventId: auditLog.eventId,
  eventPublicId: events.publicId,
  eventTitle: events.title,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  data: auditLog.data,
  submissionId: submissionOfEntry,
};

/**
 * SECURITY-CRITICAL: the condition of a list: its scope (an event's entries only, for that event's chairs) and its
 * filters. An id that names no one matches nothing.
 */
function listCondition(scope: AuditScope, filter: AuditFilter): SQL | undefined | null {
  const conditions: (SQL | undefined)[] = [scope === 'platform' ? undefined : eq(auditLog.eventId, scope.eventId)];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.actor) {
    const actor = parseIdParam(filter.actor);
    if (!actor) return null;
    conditions.push(eq(auditLog.actorId, actor.id));
    if (actor.publicId) conditions.push(eq(users.publicId, actor.publicId));
  }
  if (filter.event) {
    const event = parseIdParam(filter.event);
    if (!event) return null;
    conditions.push(eq(auditLog.eventId, event.id));
    if (event.publicId) conditions.push(eq(events.publicId, event.publicId));
  }
  if (filter.from) conditions.push(gte(auditLog.createdAt, startOf(filter.from)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, endOf(filter.to)));
  return and(...conditions);
}

const selectEntries = (db: Db) =>
  db
    .select(LIST_COLUMNS)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(events, eq(events.id, auditLog.eventId));

export type AuditRow = Awaited<ReturnType<typeof selectEntries>>[number];

/**
 * One page of audit entries, newest first, and how many match. Two queries (the page with its actors and events,
 * and the count); the route authorized the scope before.
 */
export async function listAudit(
  db: Db,
  options: { scope: AuditScope; page: number; pageSize: number; filter: AuditFilter },
): Promise<{ rows: AuditRow[]; count: number }> {
  const where = listCondition(options.scope, options.filter);
  if (where === null) return { rows: [], count: 0 };
  const [rows, [total]] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ value: count() })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(events, eq(events.id, auditLog.eventId))
      .where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}

/** The tables whose rows have a public id, by the `entity` name audit entries give them. */
const PUBLIC_ID_TABLES = { event: events, submission: submissions, review: reviews, track: tracks, user: users };
type PublicEntity = keyof typeof PUBLIC_ID_TABLES;
const hasPublicId = (entity: string): entity is PublicEntity => Object.hasOwn(PUBLIC_ID_TABLES, entity);

/**
 * The public ids of the things a page of entries names, as `entity:id` → public id: one query per kind of thing on
 * the page (five at most), whatever the page's length. Things deleted since have none.
 */
export async function findEntityPublicIds(db: Db, rows: readonly AuditRow[]): Promise<Map<string, string>> {
  const wanted = new Map<PublicEntity, Set<number>>();
  for (const row of rows) {
    if (!hasPublicId(row.entity) || row.entityId === null || !/^\d{1,9}$/.test(row.entityId)) continue;
    wanted.set(row.entity, (wanted.get(row.entity) ?? new Set()).add(Number(row.entityId)));
  }
  const found = await Promise.all(
    [...wanted].map(async ([entity, ids]) => {
      const table = PUBLIC_ID_TABLES[entity];
      const rows = await db
        .select({ id: table.id, publicId: table.publicId })
        .from(table)
        .where(inArray(table.id, [...ids]));
      return rows.map((row) => [`${entity}:${row.id}`, row.publicId] as const);
    }),
  );
  return new Map(found.flat());
}
