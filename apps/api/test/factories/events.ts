import { DEFAULT_REVIEW_SETTINGS, type EventStatus, type EventType, type MembershipRole } from '@confero/contracts';
import type { Db } from '../../src/db/client.ts';
import { eventMemberships, events, tracks } from '../../src/db/schema/index.ts';
import { makePublicId, nextId } from '../../src/lib/ids.ts';
import { endOfDay } from '../../src/modules/events/event-dates.ts';
import { type BuiltUser, buildUser } from './users.ts';

type Target = Db | { db: Db };
const dbOf = (target: Target): Db => ('db' in target ? target.db : target);

let sequence = 0;

/** A calendar date `days` from today (UTC), YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export type BuildEventOptions = {
  /** The creator, made the event's active event admin; a new user when absent. */
  creator?: BuiltUser;
  status?: EventStatus;
  title?: string;
  acronym?: string;
  type?: EventType;
  /** Defaults: submission in 30 days, review in 45, notification in 60, the event from day 90 to day 92. */
  submissionDeadline?: string;
  reviewDeadline?: string;
  notificationDate?: string;
  startDate?: string;
  endDate?: string;
  timezone?: string;
  city?: string;
  country?: string;
  primaryResearchArea?: string;
  secondaryResearchAreas?: string[];
  createdAt?: Date;
};

export type BuiltEvent = typeof events.$inferSelect & { creator: BuiltUser };

/**
 * Writes a real event row (pending unless told otherwise) and makes its creator its active event admin, as
 * `POST events/create/` does. Creates the creator when none is given.
 */
export async function buildEvent(target: Target, options: BuildEventOptions = {}): Promise<BuiltEvent> {
  const db = dbOf(target);
  sequence += 1;
  const creator = options.creator ?? (await buildUser(db));
  const id = await nextId(db, 'events');
  const endDate = options.endDate ?? daysFromNow(92);
  const timezone = options.timezone ?? 'AoE';
  const [row] = await db
    .insert(events)
    .values({
      id,
      publicId: makePublicId(id),
      title: options.title ?? `Factory Conference ${sequence}`,
      acronym: options.acronym ?? `FC${sequence}`,
      description: 'A conference written by the test factory.',
      type: options.type ?? 'conference',
      status: options.status ?? 'pending',
      startDate: options.startDate ?? daysFromNow(90),
      endDate,
      submissionDeadline: options.submissionDeadline ?? daysFromNow(30),
      reviewDeadline: options.reviewDeadline ?? daysFromNow(45),
      notificationDate: options.notificationDate ?? daysFromNow(60),
      timezone,
      endsAt: endOfDay(endDate, timezone),
      city: options.city ?? 'Cairo',
      country: options.country ?? 'EG',
      primaryResearchArea: options.primaryResearchArea ?? 'computer_science',
      secondaryResearchAreas: options.secondaryResearchAreas ?? [],
      reviewSettings: DEFAULT_REVIEW_SETTINGS,
      createdBy: creator.id,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('event insert returned no row');
  await db.insert(eventMemberships).values({ eventId: row.id, userId: creator.id, role: 'event_admin' });
  return { ...row, creator };
}

export type MembershipOptions = {
  event: { id: number };
  /** A registered member; or `email` for an invitation to someone without an account. */
  user?: { id: number };
  email?: string;
  role: MembershipRole;
  status?: 'pending' | 'active' | 'declined';
  track?: { id: number };
  expertise?: string;
  maxPapers?: number;
  invitationTokenHash?: string;
  invitationExpiresAt?: Date;
  respondedAt?: Date;
};

/** Writes a membership row (active unless told otherwise) and returns it. */
export async function addMembership(target: Target, options: MembershipOptions) {
  const [row] = await dbOf(target)
    .insert(eventMemberships)
    .values({
      eventId: options.event.id,
      userId: options.user?.id ?? null,
      email: options.email ?? null,
      role: options.role,
      status: options.status ?? 'active',
      trackId: options.track?.id ?? null,
      expertise: options.expertise ?? '',
      maxPapers: options.maxPapers ?? 5,
      invitationTokenHash: options.invitationTokenHash ?? null,
      invitationExpiresAt: options.invitationExpiresAt ?? null,
      invitedAt: options.invitationTokenHash ? new Date() : null,
      respondedAt: options.respondedAt ?? null,
    })
    .returning();
  if (!row) throw new Error('membership insert returned no row');
  return row;
}

/** Writes a track of an event. */
export async function buildTrack(
  target: Target,
  options: { event: { id: number }; name?: string; description?: string },
) {
  const db = dbOf(target);
  sequence += 1;
  const id = await nextId(db, 'tracks');
  const [row] = await db
    .insert(tracks)
    .values({
      id,
      publicId: makePublicId(id),
      eventId: options.event.id,
      name: options.name ?? `Track ${sequence}`,
      description: options.description ?? '',
    })
    .returning();
  if (!row) throw new Error('track insert returned no row');
  return row;
}
