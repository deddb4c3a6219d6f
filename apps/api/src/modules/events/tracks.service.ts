import {
  type CreateTrackBody,
  TRACK_CHAIRS_MAX,
  TRACK_DESCRIPTION_MAX_LENGTH,
  TRACK_NAME_MAX_LENGTH,
} from '@confero/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, tracks, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { makePublicId, nextId, parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import type { EventRow, TrackRow } from './events.queries.ts';

/**
 * The users named by `chair_ids` (public ids or numeric ids), each once, in one query; 400 on the first unknown one
 * (`field`).
 */
async function resolveChairs(
  db: Db,
  ids: (string | number)[],
  field = 'chair_ids',
): Promise<{ id: number; publicId: string }[]> {
  const wanted = ids.map((value) => ({ value: String(value).trim(), parsed: parseIdParam(String(value).trim()) }));
  const numeric = wanted.flatMap((entry) => (entry.parsed ? [entry.parsed.id] : []));
  const found = numeric.length
    ? await db.select({ id: users.id, publicId: users.publicId }).from(users).where(inArray(users.id, numeric))
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const result = new Map<number, { id: number; publicId: string }>();
  for (const entry of wanted) {
    const row = entry.parsed ? byId.get(entry.parsed.id) : undefined;
    if (!row || (entry.parsed?.publicId && row.publicId !== entry.parsed.publicId)) {
      throw eventFieldError(field, 'events.trackChairNotFound', { id: entry.value });
    }
    result.set(row.id, row);
  }
  return [...result.values()];
}

const idsOf = (chairs: { id: number }[]) => chairs.map((chair) => chair.id);

function checkName(value: string | null | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw eventFieldError('name', 'events.trackNameRequired');
  if (name.length > TRACK_NAME_MAX_LENGTH)
    throw eventFieldError('name', 'events.tooLong', { max: TRACK_NAME_MAX_LENGTH });
  return name;
}

function checkDescription(value: string | null | undefined): string {
  const description = (value ?? '').trim();
  if (description.length > TRACK_DESCRIPTION_MAX_LENGTH) {
    throw eventFieldError('description', 'events.tooLong', { max: TRACK_DESCRIPTION_MAX_LENGTH });
  }
  return description;
}

async function assertNameFree(db: Db, eventId: number, name: string, exceptTrackId?: number) {
  const [clash] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(
      and(
        eq(tracks.eventId, eventId),
        sql`lower(${tracks.name}) = lower(${name})`,
        exceptTrackId === undefined ? undefined : ne(tracks.id, exceptTrackId),
      ),
    );
  if (clash) throw eventError(409, 'DUPLICATE_TRACK', 'events.trackNameTaken');
}

/** Makes exactly these users the active chairs of a track (role chair with the track's id). */
async function replaceTrackChairs(db: Db, event: EventRow, track: TrackRow, userIds: number[], actor: Actor) {
  await db
    .delete(eventMemberships)
    .where(and(eq(eventMemberships.trackId, track.id), eq(eventMemberships.role, 'chair')));
  if (userIds.length > 0) {
    await db.insert(eventMemberships).values(
      userIds.map((userId) => ({
        eventId: event.id,
        userId,
        role: 'chair' as const,
        status: 'active' as const,
        trackId: track.id,
        invitedBy: actor.id,
      })),
    );
  }
}

/** The unique-name index can still refuse a name taken by a concurrent request: that is the same 409. */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** Adds a track to an event (name unique in the event, any letter case → 409 DUPLICATE_TRACK). Audited. */
export async function createTrack(db: Db, actor: Actor, event: EventRow, body: CreateTrackBody): Promise<TrackRow> {
  const name = checkName(body.name);
  const description = checkDescription(body.description);
  const chairIds = idsOf(await resolveChairs(db, body.chair_ids ?? []));
  await assertNameFree(db, event.id, name);
  try {
    return await db.transaction(async (tx) => {
      const id = await nextId(tx, 'tracks');
      const [track] = await tx
        .insert(tracks)
        .values({ id, publicId: makePublicId(id), eventId: event.id, name, description })
        .returning();
      if (!track) throw new Error('track insert returned no row');
      await replaceTrackChairs(tx, event, track, chairIds, actor);
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'track',
        entityId: track.id,
        action: 'track.created',
        data: { name, chairs: chairIds },
      });
      return track;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw eventError(409, 'DUPLICATE_TRACK', 'events.trackNameTaken');
    throw error;
  }
}

/** Changes the fields sent; `chair_ids`, when sent, replaces the track's chairs. Audited. */
export async function updateTrack(
  db: Db,
  actor: Actor,
  event: EventRow,
  track: TrackRow,
  body: CreateTrackBody,
): Promise<TrackRow> {
  const name = body.name === undefined ? track.name : checkName(body.name);
  const description = body.description === undefined ? track.description : checkDescription(body.description);
  const chairIds =
    body.chair_ids === undefined || body.chair_ids === null
      ? undefined
      : idsOf(await resolveChairs(db, body.chair_ids));
  if (name.toLowerCase() !== track.name.toLowerCase()) await assertNameFree(db, event.id, name, track.id);
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(tracks)
        .set({ name, description, updatedAt: new Date() })
        .where(eq(tracks.id, track.id))
        .returning();
      if (!updated) throw eventError(404, 'NOT_FOUND', 'events.trackNotFound');
      if (chairIds) await replaceTrackChairs(tx, event, updated, chairIds, actor);
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'track',
        entityId: track.id,
        action: 'track.updated',
        data: { name, ...(chairIds ? { chairs: chairIds } : {}) },
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw eventError(409, 'DUPLICATE_TRACK', 'events.trackNameTaken');
    throw error;
  }
}

/**
 * `PUT events/{id}/tracks/{track_id}/chairs/`: exactly these users (public ids or numeric ids, at most
 * TRACK_CHAIRS_MAX) chair the track afterwards. Audited as track.chairs_changed with the public ids before and after
 * in `data.changes.chairs`; nothing is written when the set is unchanged.
 */
export async function setTrackChairs(
  db: Db,
  actor: Actor,
  event: EventRow,
  track: TrackRow,
  ids: (string | number)[],
): Promise<void> {
  if (ids.length > TRACK_CHAIRS_MAX) {
    throw eventFieldError('user_ids', 'committee.tooManyTrackChairs', { max: TRACK_CHAIRS_MAX });
  }
  const chairs = await resolveChairs(db, ids, 'user_ids');
  await db.transaction(async (tx) => {
    // The track's row lock orders two concurrent changes of its chairs: the later one reads the earlier's result.
    const [locked] = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, track.id)).for('update');
    if (!locked) throw eventError(404, 'NOT_FOUND', 'events.trackNotFound');
    const before = await tx
      .select({ userId: eventMemberships.userId, publicId: users.publicId })
      .from(eventMemberships)
      .innerJoin(users, eq(users.id, eventMemberships.userId))
      .where(and(eq(eventMemberships.trackId, track.id), eq(eventMemberships.role, 'chair')));
    const from = before.map((row) => row.publicId).sort();
    const to = chairs.map((chair) => chair.publicId).sort();
    if (from.join() === to.join()) return;
    await replaceTrackChairs(tx, event, track, idsOf(chairs), actor);
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'track',
      entityId: track.id,
      action: 'track.chairs_changed',
      data: { name: track.name, changes: { chairs: { from, to } } },
    });
  });
}

/** Deletes a track and its chairs' track memberships. Audited. */
export async function deleteTrack(db: Db, actor: Actor, event: EventRow, track: TrackRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(tracks).where(eq(tracks.id, track.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'track',
      entityId: track.id,
      action: 'track.deleted',
      data: { name: track.name },
    });
  });
}
