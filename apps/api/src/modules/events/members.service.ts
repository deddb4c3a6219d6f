import {
  type AddReviewerBody,
  DEFAULT_MAX_PAPERS,
  EXPERTISE_TEXT_MAX_LENGTH,
  MAX_PAPERS_MAX,
  MAX_PAPERS_MIN,
  type MembershipRole,
  type RemoveReviewerBody,
} from '@confero/contracts';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, events, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import { type EventRow, emailInvitationOf, findMembership, type MembershipRow } from './events.queries.ts';

export type MemberUser = typeof users.$inferSelect;

/** Whether a body's field names something: present and not blank. */
export const named = (value: string | number | null | undefined): value is string | number =>
  value !== undefined && value !== null && String(value).trim() !== '';

/**
 * The user a member call names: by `user_id` (see `resolveUserId`), or, when only `email` is sent, the registered
 * user with that address (any letter case; 400 on `email` when none).
 */
export async function resolveMember(db: Db, body: { user_id?: string | number | null; email?: string | null }) {
  const email = body.email?.trim();
  if (named(body.user_id) || !email) return resolveUserId(db, body.user_id);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (!user) throw eventFieldError('email', 'events.chairEmailNotFound', { email });
  return user;
}

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

/** The refusal of a second membership in a role (409 ALREADY_MEMBER), by role. */
export const ALREADY_MEMBER: Record<
  MembershipRole,
  'events.alreadyChair' | 'events.alreadyEventAdmin' | 'events.alreadyReviewer' | 'events.alreadyAreaChair'
> = {
  chair: 'events.alreadyChair',
  event_admin: 'events.alreadyEventAdmin',
  reviewer: 'events.alreadyReviewer',
  area_chair: 'events.alreadyAreaChair',
};

const NOT_MEMBER: Record<
  MembershipRole,
  'events.notChair' | 'events.notEventAdmin' | 'events.notReviewer' | 'events.notAreaChair'
> = {
  chair: 'events.notChair',
  event_admin: 'events.notEventAdmin',
  reviewer: 'events.notReviewer',
  area_chair: 'events.notAreaChair',
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
  if (existing?.status === 'active') throw eventError(409, 'ALREADY_MEMBER', ALREADY_MEMBER[role]);
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
          .onConflictDoNothing()
          .returning();
    // Nothing written: the same user was added in this role meanwhile (the unique index decides).
    if (!membership) throw eventError(409, 'ALREADY_MEMBER', ALREADY_MEMBER[role]);
    // An e-mail invitation to the same person in this role is superseded by the direct assignment.
    await tx.delete(eventMemberships).where(emailInvitationOf(event.id, role, user.email));
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

/** The roles an event must always keep one active holder of, and the refusal when the last one would go. */
const LAST_ONE = {
  event_admin: () => eventError(409, 'LAST_EVENT_ADMIN', 'events.lastEventAdmin'),
  chair: () => eventError(409, 'LAST_CHAIR', 'committee.lastChair'),
} as const;

/**
 * Removes a user's event-wide membership in a role (any status). Removing the last active event admin or the last
 * active chair of the whole event is refused (409 LAST_EVENT_ADMIN, LAST_CHAIR): someone must stay able to run the
 * event. Two removals racing for the last two cannot both pass: each locks the event row first, so the second
 * counts after the first has committed. Audited as event.<role>_removed. `within` runs in the same transaction after
 * the removal (an area chair's papers lose their area chair with the membership).
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  event: EventRow,
  user: MemberUser,
  role: MembershipRole,
  auditData: Record<string, unknown> = {},
  within?: (tx: Db) => Promise<void>,
): Promise<void> {
  const existing = await findMembership(db, event.id, user.id, role);
  if (!existing) throw eventFieldError('user_id', NOT_MEMBER[role]);
  await db.transaction(async (tx) => {
    if ((role === 'event_admin' || role === 'chair') && existing.status === 'active') {
      // The event row's lock serializes the removals of one event; the count below then sees the earlier ones.
      await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
      const [others] = await tx
        .select({ value: count() })
        .from(eventMemberships)
        .where(
          and(
            eq(eventMemberships.eventId, event.id),
            eq(eventMemberships.role, role),
            eq(eventMemberships.status, 'active'),
            isNull(eventMemberships.trackId),
            ne(eventMemberships.id, existing.id),
          ),
        );
      if (Number(others?.value ?? 0) === 0) throw LAST_ONE[role]();
    }
    const [removed] = await tx
      .delete(eventMemberships)
      .where(eq(eventMemberships.id, existing.id))
      .returning({ id: eventMemberships.id });
    // Removed meanwhile by a concurrent request: this one has nothing left to remove.
    if (!removed) throw eventFieldError('user_id', NOT_MEMBER[role]);
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: existing.id,
      action: `event.${role}_removed`,
      data: { user_id: user.id, status: existing.status, ...auditData },
    });
    await within?.(tx);
  });
}

/** A reviewer's expertise text, trimmed; 400 on `expertise` past EXPERTISE_TEXT_MAX_LENGTH. */
export function checkExpertise(value: string | null | undefined): string {
  const expertise = (value ?? '').trim();
  if (expertise.length > EXPERTISE_TEXT_MAX_LENGTH) {
    throw eventFieldError('expertise', 'events.tooLong', { max: EXPERTISE_TEXT_MAX_LENGTH });
  }
  return expertise;
}

/** A reviewer's max_papers: empty → the default (5), else a whole number from 1 to 100 (400 on `max_papers`). */
export function checkMaxPapers(raw: string | number | null | undefined): number {
  const maxPapers = raw === undefined || raw === null || String(raw).trim() === '' ? DEFAULT_MAX_PAPERS : Number(raw);
  if (!Number.isInteger(maxPapers) || maxPapers < MAX_PAPERS_MIN || maxPapers > MAX_PAPERS_MAX) {
    throw eventFieldError('max_papers', 'events.maxPapersRange', { min: MAX_PAPERS_MIN, max: MAX_PAPERS_MAX });
  }
  return maxPapers;
}

/** `add_reviewer/`'s expertise (default '') and max_papers (default 5, a whole number from 1 to 100). */
export function reviewerGrant(body: AddReviewerBody): Required<Grant> {
  return { expertise: checkExpertise(body.expertise), maxPapers: checkMaxPapers(body.max_papers) };
}

/**
 * Withdraws an invitation in a role addressed to an e-mail without an account (pending, accepted while waiting for
 * the account, or declined). Answers false when there is none. Audited as event.<role>_removed.
 */
async function removeEmailInvitation(
  db: Db,
  actor: Actor,
  event: EventRow,
  role: MembershipRole,
  email: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(eventMemberships)
      .where(emailInvitationOf(event.id, role, email))
      .returning({ id: eventMemberships.id, status: eventMemberships.status });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: row.id,
      action: `event.${role}_removed`,
      data: { email, status: row.status },
    });
    return true;
  });
}

/**
 * `remove_chair/`, `remove_event_admin/`: a member by `user_id`, or by `email` a registered member or an invitation
 * to someone without an account (the invitation is looked for first). Any status goes (an invitation is cancelled
 * this way); the last ACTIVE chair or event admin stays (`removeMember`).
 */
export async function removeOrganizer(
  db: Db,
  actor: Actor,
  event: EventRow,
  role: 'chair' | 'event_admin',
  body: { user_id?: string | number | null; email?: string | null },
): Promise<void> {
  const email = body.email?.trim();
  if (!named(body.user_id) && email && (await removeEmailInvitation(db, actor, event, role, email))) return;
  await removeMember(db, actor, event, await resolveMember(db, body), role);
}

/**
 * `remove_reviewer/`: a registered reviewer by `user_id`, or an invitation to someone without an account by
 * `email`. The membership goes in any status (active, pending invitation, declined). Audited.
 */
export async function removeReviewer(db: Db, actor: Actor, event: EventRow, body: RemoveReviewerBody): Promise<void> {
  if (await removeInvitationByEmail(db, actor, event, 'reviewer', body)) return;
  const user = await resolveUserId(db, body.user_id);
  await removeMember(db, actor, event, user, 'reviewer');
}

/**
 * A reviewer's or area chair's removal by `email` alone (no `user_id`): their invitation to an address without an
 * account withdrawn (400 on `email` when there is none). False when the body names a user: theirs is `removeMember`.
 */
export async function removeInvitationByEmail(
  db: Db,
  actor: Actor,
  event: EventRow,
  role: 'reviewer' | 'area_chair',
  body: { user_id?: string | number | null; email?: string | null },
): Promise<boolean> {
  const email = body.email?.trim();
  if (named(body.user_id) || !email) return false;
  if (!(await removeEmailInvitation(db, actor, event, role, email))) throw eventFieldError('email', NOT_MEMBER[role]);
  return true;
}
