import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflicts, eventListChanges, submissionAuthors, submissions } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import {
  type AnswerEncoding,
  acceptedEncoding,
  COMPRESSION_THRESHOLD_BYTES,
  compressAnswer,
} from '../../plugins/compression.ts';
import { sendJsonText } from '../../plugins/serializer.ts';
import { eventSubmissionsJsonQuery, type ListViewer } from './submissions.queries.ts';

/*
 * The whole list of an event's submissions, built by the database (`eventSubmissionsJson`), kept per (event, viewer,
 * version of the event's list). The version is the sum of `event_list_changes.weight` for the event: database
 * triggers add a row in the transaction of every write that changes what the list shows (migration 0013), so a
 * committed change gives a new version, which every server process reads from the database. A viewer's facts (role,
 * blinding, chaired tracks, the deadline passed or not) are part of the key: they change the rows, and the deadline's
 * passing changes the key at that instant. The rows read the viewer's identity only where they are an author of a
 * paper or have a conflict with one: a viewer with neither in the event (most of the committee) shares the answer of
 * everyone with the same facts, and only an involved viewer has one of their own. An answer is built and stored with
 * the version (and the viewer's involvement) read by the same statement, one snapshot, so it is never kept under a
 * version newer than its rows.
 */

/** Past this many change rows for an event, a read folds them into one (the version, their sum, stays). */
const FOLD_AT_ROWS = 64;

/** The version of an event's list as the statement's snapshot sees it. */
const versionOf = (eventId: number) =>
  sql`select coalesce(sum(${eventListChanges.weight}), 0)::text from ${eventListChanges}
    where ${eventListChanges.eventId} = ${eventId}`;

/**
 * Whether a user submitted or authors a paper of the event, or has a conflict with one: the only facts of the rows that
 * name the viewer (`eventSubmissionsJson`'s `author` and `conflicted`).
 */
const involvementOf = (eventId: number, userId: number) => sql`(
  exists (select 1 from ${submissions} s where s.event_id = ${eventId} and s.submitted_by = ${userId}::int)
  or exists (select 1 from ${submissionAuthors} a join ${submissions} s on s.id = a.submission_id
    where a.user_id = ${userId}::int and s.event_id = ${eventId})
  or exists (select 1 from ${conflicts} c join ${submissions} s on s.id = c.submission_id
    where c.user_id = ${userId}::int and s.event_id = ${eventId}))`;

/** The version of an event's list, how many change rows make it, and whether the user is involved in the event. */
export async function readListVersion(
  db: Db,
  eventId: number,
  userId = 0,
): Promise<{ version: string; rows: number; involved: boolean }> {
  const [row] = await queryRows<{ version: string; rows: number; involved: boolean }>(
    db,
    sql`select coalesce(sum(${eventListChanges.weight}), 0)::text as version, count(*)::int as "rows",
        ${involvementOf(eventId, userId)} as involved
      from ${eventListChanges} where ${eventListChanges.eventId} = ${eventId}`,
  );
  return { version: row?.version ?? '0', rows: Number(row?.rows ?? 0), involved: row?.involved === true };
}

/**
 * Folds an event's change rows into one row of their summed weight, in one statement: a snapshot sees all of them or
 * their sum, never a mix, so the version stays. Rows another fold holds are skipped (each row is folded once).
 */
export async function foldListChanges(db: Db, eventId: number): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${eventListChanges} where id in (
        select id from ${eventListChanges} where ${eventListChanges.eventId} = ${eventId} for update skip locked)
      returning weight)
    insert into ${eventListChanges} (event_id, weight)
    select ${eventId}, sum(weight) from gone having count(*) > 0`);
}

/** The list's JSON, the version of the list and the viewer's involvement, in the same snapshot. */
export async function buildEventList(
  db: Db,
  eventId: number,
  viewer: ListViewer,
): Promise<{ version: string; body: string; involved: boolean }> {
  const [row] = await queryRows<{ version: string; body: string; involved: boolean }>(
    db,
    sql`select (${versionOf(eventId)}) as version, ${involvementOf(eventId, viewer.userId)} as involved, b.body
      from (${eventSubmissionsJsonQuery(eventId, viewer)}) b`,
  );
  return { version: row?.version ?? '0', body: row?.body ?? '[]', involved: row?.involved === true };
}

/**
 * What one viewer's rows depend on besides the data: the facts `ListViewer` carries, and their identity only when
 * they are involved in the event (an author, or conflicted); the others share the key of their facts.
 */
function viewerKey(viewer: ListViewer, involved: boolean): string {
  const tracks = [...viewer.chairedTrackIds].sort((a, b) => a - b).join(',');
  const who = involved ? `u${viewer.userId}` : 'any';
  return `${who}|${+viewer.blinded}${+viewer.organizer}${+viewer.deadlinePassed}|${tracks}`;
}

let format: string | undefined;
/**
 * A digest of the statement that builds the list (its text and fixed parameters such as the labels): part of every
 * validator, so a release that writes the list differently never answers 304 for an older answer.
 */
function formatDigest(): string {
  format ??= (() => {
    const viewer: ListViewer = {
      userId: 0,
      blinded: false,
      organizer: false,
      chairedTrackIds: [],
      deadlinePassed: false,
    };
    const query = new PgDialect().sqlToQuery(eventSubmissionsJsonQuery(0, viewer));
    return createHash('sha256').update(query.sql).update(JSON.stringify(query.params)).digest('hex');
  })();
  return format;
}

/**
 * The key of one answer, and its validator (a weak `ETag`: one value for the encodings of the same text). The key
 * decides the text, so any process answers 304 for it without building anything.
 */
export function listKey(
  eventId: number,
  viewer: ListViewer,
  state: { version: string; involved: boolean },
): { key: string; etag: string } {
  const key = `${eventId}:${state.version}:${viewerKey(viewer, state.involved)}`;
  const digest = createHash('sha256').update(formatDigest()).update(key).digest('base64url').slice(0, 22);
  return { key, etag: `W/"sl${eventId}.${state.version}.${digest}"` };
}

/** Whether an `If-None-Match` header names this validator (weak comparison), or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** One kept answer: the JSON text as UTF-8 and its compressed forms, made when first asked for. */
export type ListEntry = {
  key: string;
  etag: string;
  body: Buffer;
  encoded: Map<AnswerEncoding, Promise<Buffer>>;
  bytes: number;
};

/**
 * The built lists, least recently used first out, bounded by the bytes they hold (texts and compressed forms:
 * `LIST_CACHE_MB`, `docs/operations.md#the-submissions-list-cache`). A bound of 0 keeps nothing. Each server process
 * keeps its own; the versions in the keys come from the database, so they agree on what is current.
 */
export class ListCache {
  readonly maxBytes: number;
  /** The builds under way, by the key their requests missed: requests missing one key together share its build. */
  readonly building = new Map<string, Promise<Built>>();
  private entries = new Map<string, ListEntry>();
  private held = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The bytes held now. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): ListEntry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: the Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps an answer (unless it alone exceeds the bound) and returns it. */
  put(key: string, etag: string, text: string): ListEntry {
    const body = Buffer.from(text, 'utf8');
    const entry: ListEntry = { key, etag, body, encoded: new Map(), bytes: body.length };
    if (body.length > this.maxBytes) return entry;
    this.remove(key);
    this.entries.set(key, entry);
    this.held += entry.bytes;
    this.evict();
    return entry;
  }

  /** The answer compressed for an encoding: compressed once per entry, in zlib's thread pool. */
  encoded(entry: ListEntry, encoding: AnswerEncoding): Promise<Buffer> {
    let found = entry.encoded.get(encoding);
    if (!found) {
      found = compressAnswer(entry.body, encoding);
      entry.encoded.set(encoding, found);
      found.then(
        (compressed) => {
          entry.bytes += compressed.length;
          if (this.entries.get(entry.key) === entry) {
            this.held += compressed.length;
            this.evict();
          }
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return found;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.held <= this.maxBytes) return;
      this.remove(key);
    }
  }
}

/** A built answer, kept (within the bound), with the version of the list its rows are of. */
type Built = { version: string; etag: string; entry: ListEntry };

async function buildAndKeep(db: Db, cache: ListCache, eventId: number, viewer: ListViewer): Promise<Built> {
  // Kept under the version and involvement its own snapshot saw (newer than the request's read when a write
  // committed in between).
  const built = await buildEventList(db, eventId, viewer);
  const fresh = listKey(eventId, viewer, built);
  return { version: built.version, etag: fresh.etag, entry: cache.put(fresh.key, fresh.etag, built.body) };
}

/**
 * The answer for a viewer: 304 when `If-None-Match` names the current validator, else the kept entry, else one built
 * now. Requests that miss the same key together wait for one build; one that finds the build was of a newer version
 * (a write committed in between) builds its own, since the shared rows were built for another viewer of its class.
 */
export async function eventListAnswer(
  db: Db,
  cache: ListCache,
  eventId: number,
  viewer: ListViewer,
  ifNoneMatch: string | undefined,
): Promise<{ notModified: true; etag: string } | { notModified: false; etag: string; entry: ListEntry }> {
  const current = await readListVersion(db, eventId, viewer.userId);
  if (current.rows > FOLD_AT_ROWS) await foldListChanges(db, eventId);
  const { key, etag } = listKey(eventId, viewer, current);
  if (matchesEtag(ifNoneMatch, etag)) return { notModified: true, etag };
  const kept = cache.get(key);
  if (kept) return { notModified: false, etag, entry: kept };
  const under = cache.building.get(key);
  if (under) {
    const shared = await under;
    if (shared.version === current.version) return { notModified: false, etag: shared.etag, entry: shared.entry };
    const own = await buildAndKeep(db, cache, eventId, viewer);
    return { notModified: false, etag: own.etag, entry: own.entry };
  }
  const build = buildAndKeep(db, cache, eventId, viewer);
  cache.building.set(key, build);
  const done = () => {
    if (cache.building.get(key) === build) cache.building.delete(key);
  };
  build.then(done, done);
  const built = await build;
  return { notModified: false, etag: built.etag, entry: built.entry };
}

/**
 * Sends an answer of `eventListAnswer`: its validator (revalidated on each use: `private, no-cache`), then 304, or the
 * text in the encoding the client prefers, compressed once per kept answer (the compression plugin leaves an answer
 * with a Content-Encoding alone).
 */
export async function sendEventList(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ListCache,
  answer: Awaited<ReturnType<typeof eventListAnswer>>,
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (answer.notModified) return reply.code(304).send();
  const { entry } = answer;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || entry.body.length < COMPRESSION_THRESHOLD_BYTES) return sendJsonText(reply, entry.body);
  const compressed = await cache.encoded(entry, encoding);
  return sendJsonText(reply.header('content-encoding', encoding), compressed);
}
