import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflictSyncMarks, conflictSyncState } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { defineWorkerTask, runInWorker, workerThreads } from '../../lib/worker-pool.ts';
import {
  findEventPersons,
  findEventSubmissionsForDetection,
  findLiftedPairs,
  findSubmissionsAuthoredByEventPersons,
  inIds,
} from './conflicts.queries.ts';
import { type DetectionInput, detectBatches, type FoundBatch } from './detection.task.ts';
import { type DetectedConflict, pairKey } from './detection.ts';

/*
 * The conflict sync (`docs/domain.md#conflict-of-interest`). Database triggers (migration 0011) leave a mark in
 * conflict_sync_marks, in the same transaction, for every change to data detection reads; a sync of an event takes
 * its marks (DELETE … RETURNING: only committed marks, each taken once) and re-detects only what they name: a marked
 * person against every submission of the event, a marked submission against every person. An event never synced
 * (no conflict_sync_state row, or one of older rules) is synced in full. A change committed while a sync runs leaves
 * a mark that sync did not take, so the next one sees it.
 *
 * Detection runs in the worker pool when the pairs to check are many (detection.task.ts); the writes go through a
 * temporary table of what was found, in statements of at most SYNC_BATCH rows, so nothing grows with the event but
 * the number of statements.
 */

/** Raise when the detection rules change: every event then gets one full sync. */
export const CONFLICT_RULES_VERSION = 1;
/** Rows per write statement. */
export const SYNC_BATCH = 1000;
/** The advisory lock class of a sync (the event id is the second key): syncs of one event run one after another. */
const SYNC_LOCK = 0x5c0f;
/** Past this many marked submissions and persons, a full pass costs less than following the marks. */
const MARKS_LIMIT = 500;
/**
 * Persons × submissions up to which detection runs here; above it, in the pool, in chunks of about CHUNK_PAIRS. Each
 * chunk is a task that gets every submission with its authors and indexes them before matching its persons, so the
 * chunks are few and large (detection is indexed: its work grows with the matches, not the pairs): 2,000 papers ×
 * 1,500 reviewers in 8 tasks (and at least one per pool thread), where chunks of 25,000 pairs made 125 tasks that
 * cloned and indexed the papers 125 times (more CPU than the matching itself).
 */
const INLINE_PAIRS = 20_000;
const CHUNK_PAIRS = 400_000;

const DETECTED_TYPES_SQL = sql`('coauthor', 'institutional', 'domain')`;

const detectTask = defineWorkerTask<DetectionInput & { batchSize: number; collect: boolean }, FoundBatch[]>(
  new URL('./detection.task.ts', import.meta.url),
  'detectBatches',
);

/**
 * Who is re-detected: some persons (all active members when absent; without `skipUserIds`, detected by another part)
 * against some submissions (all when absent).
 */
type Part = { submissionIds?: number[]; userIds?: number[]; skipUserIds?: number[] };

/**
 * Brings the detected conflicts of an event up to date with the data, and returns what detection found in what it
 * re-detected (structured reasons, lifted pairs left out): with `submissionIds` and/or `userIds`, those submissions
 * against those persons (the marks are left for the next sync); without, the event's marks (everything on its first
 * sync). Run before every decision that depends on conflicts (assigning, listing candidates, deciding on a paper);
 * callers that only need the stored rows current (computing or applying an assignment, the `conflicts.sync` job)
 * call `syncEventConflicts`, which builds no map. Reads ask `detectsConflict` (detect-conflict.ts) instead, which
 * stores nothing. Rows declared by people and authorship rows are never removed here, a pair a chair lifted is
 * never added back, and a detected row detection no longer finds is deleted.
 */
export async function syncConflicts(
  db: Db,
  eventId: number,
  options: { submissionIds?: number[]; userIds?: number[] } = {},
): Promise<Map<string, DetectedConflict>> {
  const { detected } = await sync(db, eventId, options, true);
  return detected ?? new Map();
}

/**
 * `syncConflicts` of the event's marks (everything on its first sync), returning only how many pairs detection found
 * in what it re-detected: the found conflicts are written and counted, never gathered (a first sync of a large event
 * finds hundreds of thousands; a map of them would be garbage the thread spends hundreds of milliseconds on).
 */
export async function syncEventConflicts(db: Db, eventId: number): Promise<number> {
  return (await sync(db, eventId, {}, false)).found;
}

type SyncOutcome = { found: number; detected?: Map<string, DetectedConflict> };

async function sync(
  db: Db,
  eventId: number,
  options: { submissionIds?: number[]; userIds?: number[] },
  collect: boolean,
): Promise<SyncOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK}, ${eventId})`);
    if (options.submissionIds || options.userIds) {
      const { submissionIds, userIds } = options;
      return syncPass(tx, eventId, [{ submissionIds, userIds }], collect, (personIds) =>
        and(
          submissionIds ? inIds(sql`c.submission_id`, submissionIds) : undefined,
          userIds ? inIds(sql`c.user_id`, personIds) : undefined,
        ),
      );
    }
    const [state] = await tx
      .select({ rulesVersion: conflictSyncState.rulesVersion })
      .from(conflictSyncState)
      .where(eq(conflictSyncState.eventId, eventId));
    if (state?.rulesVersion !== CONFLICT_RULES_VERSION) return syncWholeEvent(tx, eventId, collect);
    const marks = await tx
      .delete(conflictSyncMarks)
      .where(eq(conflictSyncMarks.eventId, eventId))
      .returning({ submissionId: conflictSyncMarks.submissionId, userId: conflictSyncMarks.userId });
    if (marks.length === 0) return { found: 0, ...(collect ? { detected: new Map() } : {}) };
    const userIds = [...new Set(marks.flatMap((mark) => (mark.userId === null ? [] : [mark.userId])))];
    const submissionIds = [
      ...new Set(marks.flatMap((mark) => (mark.submissionId === null ? [] : [mark.submissionId]))),
    ];
    const whole = marks.some((mark) => mark.submissionId === null && mark.userId === null);
    if (whole || userIds.length + submissionIds.length > MARKS_LIMIT) return syncWholeEvent(tx, eventId, collect);
    const parts: Part[] = [];
    if (userIds.length > 0) parts.push({ userIds });
    if (submissionIds.length > 0) parts.push({ submissionIds, skipUserIds: userIds });
    return syncPass(tx, eventId, parts, collect, () =>
      or(
        userIds.length > 0 ? inIds(sql`c.user_id`, userIds) : undefined,
        submissionIds.length > 0 ? inIds(sql`c.submission_id`, submissionIds) : undefined,
      ),
    );
  });
}

/** Every person against every submission; the event's marks are taken first, its state then records the rules. */
async function syncWholeEvent(tx: Db, eventId: number, collect: boolean): Promise<SyncOutcome> {
  await tx.delete(conflictSyncMarks).where(eq(conflictSyncMarks.eventId, eventId));
  const found = await syncPass(tx, eventId, [{}], collect, () => sql`true`);
  const now = new Date();
  await tx
    .insert(conflictSyncState)
    .values({ eventId, rulesVersion: CONFLICT_RULES_VERSION, syncedAt: now })
    .onConflictDoUpdate({
      target: conflictSyncState.eventId,
      set: { rulesVersion: CONFLICT_RULES_VERSION, syncedAt: now },
    });
  return found;
}

/**
 * Detects the parts and writes the difference: found pairs added or updated (declared and authorship rows kept as
 * they are, lifted pairs never added), then the detected rows of `scope` (SQL over `c`, a conflicts row of the event;
 * given the persons detection looked at) that were not found are deleted.
 */
async function syncPass(
  tx: Db,
  eventId: number,
  parts: Part[],
  collect: boolean,
  scope: (personIds: number[]) => SQL | undefined,
): Promise<SyncOutcome> {
  await tx.execute(sql`drop table if exists conflict_sync_found`);
  await tx.execute(sql`create temporary table conflict_sync_found (
    submission_id integer not null, user_id integer not null, primary key (submission_id, user_id)) on commit drop`);
  const detected = collect ? new Map<string, DetectedConflict>() : undefined;
  let found = 0;
  const personIds = new Set<number>();
  for (const part of parts) {
    const { persons, chunks } = await detectPart(tx, eventId, part, collect);
    for (const person of persons) personIds.add(person.userId);
    // A batch at a time: the work here between two writes stays small (the batches come serialised).
    for (const batch of chunks.flat()) {
      await writeFound(tx, batch.rows);
      found += batch.count;
      if (!detected) continue;
      for (const conflict of JSON.parse(batch.found) as DetectedConflict[]) {
        detected.set(pairKey(conflict.submissionId, conflict.userId), conflict);
      }
    }
  }
  await deleteStale(tx, eventId, scope([...personIds]) ?? sql`true`);
  await tx.execute(sql`drop table conflict_sync_found`);
  // The parts do not overlap (a marked person is left out of the marked submissions' part): the count is of pairs.
  return { found: detected?.size ?? found, ...(detected ? { detected } : {}) };
}

/** What detection finds for one part, in chunks of batches (a chunk per worker task; one chunk when detected here). */
async function detectPart(tx: Db, eventId: number, part: Part, collect: boolean) {
  const [members, eventSubmissions] = await Promise.all([
    findEventPersons(tx, eventId, part.userIds),
    findEventSubmissionsForDetection(tx, eventId, part.submissionIds),
  ]);
  const persons = part.skipUserIds ? members.filter((person) => !part.skipUserIds?.includes(person.userId)) : members;
  if (persons.length === 0 || eventSubmissions.length === 0) return { persons, chunks: [] };
  const [authored, lifted] = await Promise.all([
    findSubmissionsAuthoredByEventPersons(tx, eventId, part.userIds),
    findLiftedPairs(tx, eventId, part),
  ]);
  const base = {
    submissions: eventSubmissions,
    authored,
    lifted: lifted.map((pair) => pairKey(pair.submissionId, pair.userId)),
    batchSize: SYNC_BATCH,
    collect,
  };
  if (persons.length * eventSubmissions.length <= INLINE_PAIRS) {
    return { persons, chunks: [detectBatches({ ...base, persons })] };
  }
  // At least one chunk per pool thread, so that they all work.
  const size = Math.max(
    1,
    Math.min(Math.floor(CHUNK_PAIRS / eventSubmissions.length), Math.ceil(persons.length / workerThreads())),
  );
  const groups: (typeof persons)[] = [];
  for (let start = 0; start < persons.length; start += size) groups.push(persons.slice(start, start + size));
  const chunks = await Promise.all(groups.map((group) => runInWorker(detectTask, { ...base, persons: group })));
  return { persons, chunks };
}

/**
 * One statement for up to SYNC_BATCH found pairs: remembered in the temporary table, added when the pair has no row
 * and was not lifted, updated when its detected row says something else. Returns the rows written.
 */
async function writeFound(tx: Db, rows: string): Promise<number> {
  const [result] = await queryRows<{ touched: number }>(
    tx,
    sql`
    with f as (select * from jsonb_to_recordset(${rows}::jsonb) as f(s integer, u integer, t text, r text)),
    kept as (insert into conflict_sync_found (submission_id, user_id) select s, u from f),
    added as (
      insert into conflicts (submission_id, user_id, type, source, reason)
      select f.s, f.u, f.t::conflict_type, 'detected', f.r from f
      where not exists (select 1 from conflicts c where c.submission_id = f.s and c.user_id = f.u)
        and not exists (select 1 from conflict_overrides o
          where o.submission_id = f.s and o.user_id = f.u and o.kind = 'lifted')
      on conflict do nothing
      returning 1),
    changed as (
      update conflicts c set type = f.t::conflict_type, reason = f.r from f
      where c.submission_id = f.s and c.user_id = f.u and c.source = 'detected' and c.type <> 'author'
        and (c.type::text <> f.t or c.reason <> f.r)
      returning 1)
    select ((select count(*) from added) + (select count(*) from changed))::integer as touched`,
  );
  return result?.touched ?? 0;
}

/** Deletes, SYNC_BATCH rows a statement, the detected rows of the scope that were not found. */
async function deleteStale(tx: Db, eventId: number, scope: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const removed = await queryRows<{ id: number }>(
      tx,
      sql`
      delete from conflicts where id in (
        select c.id from conflicts c join submissions s on s.id = c.submission_id
        where s.event_id = ${eventId} and c.source = 'detected' and c.type in ${DETECTED_TYPES_SQL} and (${scope})
          and not exists (select 1 from conflict_sync_found f
            where f.submission_id = c.submission_id and f.user_id = c.user_id)
        limit ${SYNC_BATCH})
      returning id`,
    );
    const count = removed.length;
    deleted += count;
    if (count < SYNC_BATCH) return deleted;
  }
}
