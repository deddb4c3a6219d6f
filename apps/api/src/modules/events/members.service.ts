import {
  type AddReviewerBody,
  DEFAULT_MAX_PAPERS,
  EXPERTISE_TEXT_MAX_LENGTH,
  MAX_PAPERS_MAX,
  MAX_PAPERS_MIN,
  type MembershipRole,
  type RemoveReviewerBody,
} from '@confero/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import { type EventRow, findMembership, type MembershipRow } from './events.queries.ts';

export type MemberUser = typeof users.$inferSelect;

/** A user named by `user_id` in a body: the public id (exact) or the numeric id; 400 on `user_id` otherwise. */
export async function resolveUserId(db: Db, value: string | number | null | undefined): Promise<MemberUser> {
  if (value === undefined || value === null || String(value).trim() === '') {
    throw eventFieldError('user_id', 'events.userIdRequired');
  }
  const parsed = parseIdParam(String(value).trim());
  const [user] = parsed ? await db.select().from(users).where(eq(users.id, parsed.id)) : [];
  if (!user || (parsed?.publicId && user.publicId !== parsed.publicId)) {
    throw eventFieldError('user_id', 'events.userNotFound');
  }
  return user;
}

const ALREADY: Record<MembershipRole, 'events.alreadyChair' | 'events.alreadyEventAdmin' | 'events.alreadyReviewer'> = {
  chair: 'events.alreadyChair',
  event_admin: 'events.alreadyEventAdmin',
  reviewer: 'events.alreadyReviewer',
};

const NOT_MEMBER: Record<MembershipRole, 'events.notChair' | 'events.notEventAdmin' | 'events.notReviewer'> = {
  chair: 'events.notChair',
  event_admin: 'events.notEventAdmin',
  reviewer: 'events.notReviewer',
};

type Grant = { expertise?: string; maxPapers?: number };

/**
 * Makes a user an active event-wide member in a role. A pending or declined membership becomes active; an active
 * one answers 409 ALREADY_MEMBER. Audited as event.<role>_added.
 */
export async function addMember(
  db: Db,
  actor: Actor,
  event: EventRow,
  user: MemberUser,
  role: MembershipRole,
  grant: Grant = {},
): Promise<MembershipRow> {
  const existing = await findMembership(db, event.id, user.id, role);
  if (existing?.status === 'active') throw eventError(409, 'ALREADY_MEMBER', ALREADY[role]);
  return db.transaction(async (tx) => {
    const now = new Date();
    const values = {
      status: 'active' as const,
      ...(grant.expertise !== undefined ? { expertise: grant.expertise } : {}),
      ...(grant.maxPapers !== undefined ? { maxPapers: grant.maxPapers } : {}),
    };
    const [membership] = existing
      ? await tx
          .update(eventMemberships)
          .set({ ...values, invitationTokenHash: null, updatedAt: now })
          .where(eq(eventMemberships.id, existing.id))
          .returning()
      : await tx
          .insert(eventMemberships)
          .values({ eventId: event.id, userId: user.id, role, invitedBy: actor.id, ...values })
          .returning();
    if (!membership) throw new Error('membership write returned no row');
    if (role === 'reviewer') {
      // An e-mail invitation to the same person is superseded by the direct assignment.
      await tx
        .delete(eventMemberships)
        .where(
          and(
            eq(eventMemberships.eventId, event.id),
            eq(eventMemberships.role, 'reviewer'),
            isNull(eventMemberships.userId),
            sql`lower(${eventMemberships.email}) = lower(${user.email})`,
          ),
        );
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: membership.id,
      action: `event.${role}_added`,
      data: { user_id: user.id, ...grant },
    });
    return membership;
  });
}

/**
 * Removes a user's event-wide membership in a role (any status). Removing the last active event admin is
 * refused (409 LAST_EVENT_ADMIN): someone must stay able to run the event. Audited as event.<role>_removed.
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  event: EventRow,
  user: MemberUser,
  role: MembershipRole,
): Promise<void> {
  const existing = await findMembership(db, event.id, user.id, role);
  if (!existing) throw eventFieldError('user_id', NOT_MEMBER[role]);
  await db.transaction(async (tx) => {
    if (role === 'event_admin' && existing.status === 'active') {
      // Lock the event's admin rows so two concurrent removals cannot both pass the check.
      await tx.execute(
        sql`select id from ${eventMemberships} where event_id = ${event.id} and role = 'event_admin' for update`,
      );
      const [admins] = await tx
        .select({ value: count() })
        .from(eventMemberships)
        .where(
          and(
            eq(eventMemberships.eventId, event.id),
            eq(eventMemberships.role, 'event_admin'),
            eq(eventMemberships.status, 'active'),
          ),
        );
      if (Number(admins?.value ?? 0) <= 1) throw eventError(409, 'LAST_EVENT_ADMIN', 'events.lastEventAdmin');
    }
    await tx.delete(eventMemberships).where(eq(eventMemberships.id, existing.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: existing.id,
      action: `event.${role}_removed`,
      data: { user_id: user.id, status: existing.status },
    });
  });
}

/** `add_reviewer/`'s expertise (default '') and max_papers (default 5, a whole number from 1 to 100). */
export function reviewerGrant(body: AddReviewerBody): Required<Grant> {
  const expertise = (body.expertise ?? '').trim();
  if (expertise.length > EXPERTISE_TEXT_MAX_LENGTH) {
    throw eventFieldError('expertise', 'events.tooLong', { max: EXPERTISE_TEXT_MAX_LENGTH });
  }
  const raw = body.max_papers;
  const maxPapers = raw === undefined || raw === null || String(raw).trim() === '' ? DEFAULT_MAX_PAPERS : Number(raw);
  if (!Number.isInteger(maxPapers) || maxPapers < MAX_PAPERS_MIN || maxPapers > MAX_PAPERS_MAX) {
    throw eventFieldError('max_papers', 'events.maxPapersRange', { min: MAX_PAPERS_MIN, max: MAX_PAPERS_MAX });
  }
  return { expertise, maxPapers };
}

/**
 * `remove_reviewer/`: a registered reviewer by `user_id`, or an invitation to someone without an account by
 * `email`. The membership goes in any status (active, pending invitation, declined). Audited.
 */
export async function removeReviewer(db: Db, actor: Actor, event: EventRow, body: RemoveReviewerBody): Promise<void> {
  const hasUser = body.user_id !== undefined && body.user_id !== null && String(body.user_id).trim() !== '';
  const email = body.email?.trim();
  if (hasUser || !email) {
    const user = await resolveUserId(db, body.user_id);
    await removeMember(db, actor, event, user, 'reviewer');
    return;
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(eventMemberships)
      .where(
        and(
          eq(eventMemberships.eventId, event.id),
          eq(eventMemberships.role, 'reviewer'),
          isNull(eventMemberships.userId),
          sql`lower(${eventMemberships.email}) = lower(${email})`,
        ),
      )
      .returning({ id: eventMemberships.id });
    const [row] = removed;
    if (!row) throw eventFieldError('email', 'events.notReviewer');
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: row.id,
      action: 'event.reviewer_removed',
      data: { email },
    });
  });
}
