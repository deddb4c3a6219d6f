import crypto from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  INVITE_NAME_MIN_LENGTH,
  type InvitationErrorReason,
  type InviteReviewerBody,
  type MembershipRole,
  NAME_MAX_LENGTH,
} from '@confero/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, events, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import {
  type EventRow,
  emailInvitationOf,
  findMembership,
  findOrganizers,
  type MembershipRow,
} from './events.queries.ts';
import { ALREADY_MEMBER } from './members.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const mailLocale = (locale: string | undefined) => (locale === 'ar' ? 'ar' : 'en');

type Invitee = { email: string; firstName: string; lastName: string };

/** The reviewer-invite rules, in this order: e-mail required and well formed; names optional, ≥ 2 characters. */
export function checkInvitee(body: InviteReviewerBody): Invitee {
  const email = (body.email ?? '').trim();
  if (!email) throw eventFieldError('email', 'events.emailRequired');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw eventFieldError('email', 'events.emailInvalid');
  const name = (field: 'first_name' | 'last_name') => {
    const value = (body[field] ?? '').trim();
    if (value && value.length < INVITE_NAME_MIN_LENGTH) {
      throw eventFieldError(field, 'events.nameTooShort', { min: INVITE_NAME_MIN_LENGTH });
    }
    if (value.length > NAME_MAX_LENGTH) throw eventFieldError(field, 'events.tooLong', { max: NAME_MAX_LENGTH });
    return value;
  };
  return { email, firstName: name('first_name'), lastName: name('last_name') };
}

/**
 * Invites someone by e-mail to hold a role in the event (`docs/domain.md#invitation`): a reviewer, a chair of the whole
 * event or an event admin. The invitation is a pending membership in that role: tied to the account when a verified
 * account uses the address, otherwise to the address alone until such an account exists. A new random token (stored as
 * its sha256, valid 14 days, single use) replaces any earlier one, and the invitation mail carries its accept and
 * decline links. Someone already active in the role → 409 ALREADY_MEMBER. A pending membership gives no right: the
 * access rules, the role lists and the "never the last chair" count read active memberships only.
 */
export async function inviteMember(
  db: Db,
  options: {
    actor: Actor;
    event: EventRow;
    role: MembershipRole;
    body: InviteReviewerBody;
    publicUrl: string;
    /** The reviewer's expertise and max_papers once they accept (a bulk invitation's columns); defaults otherwise. */
    grant?: { expertise: string; maxPapers: number };
  },
): Promise<MembershipRow> {
  const { actor, event, role, publicUrl, grant } = options;
  const invitee = checkInvitee(options.body);
  const [account] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${invitee.email})`);
  const user = account?.emailVerified ? account : undefined;
  const existing = user
    ? await findMembership(db, event.id, user.id, role)
    : await findInvitationByEmail(db, event.id, invitee.email, role);
  if (existing?.status === 'active') throw eventError(409, 'ALREADY_MEMBER', ALREADY_MEMBER[role]);
  if (existing && existing.userId === null && existing.respondedAt !== null && existing.status === 'pending') {
    // Accepted already, waiting for the invitee's account: nothing to ask again.
    throw eventError(409, 'ALREADY_MEMBER', ALREADY_MEMBER[role]);
  }

  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const invitation = {
    status: 'pending' as const,
    inviteFirstName: invitee.firstName,
    inviteLastName: invitee.lastName,
    invitationTokenHash: sha256(token),
    invitationExpiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    invitedBy: actor.id,
    invitedAt: now,
    respondedAt: null,
    ...(grant ? { expertise: grant.expertise, maxPapers: grant.maxPapers } : {}),
  };
  return db.transaction(async (tx) => {
    const [membership] = existing
      ? await tx
          .update(eventMemberships)
          .set({ ...invitation, updatedAt: now })
          .where(eq(eventMemberships.id, existing.id))
          .returning()
      : await tx
          .insert(eventMemberships)
          .values({ eventId: event.id, userId: user?.id ?? null, email: invitee.email, role, ...invitation })
          .onConflictDoNothing()
          .returning();
    // Nothing written: the same person was invited or added in this role meanwhile (the unique indexes decide).
    if (!membership) throw eventError(409, 'ALREADY_MEMBER', ALREADY_MEMBER[role]);
    const base = `${publicUrl}/api/events/invitations/${token}`;
    const links = { accept_url: `${base}/accept/`, decline_url: `${base}/decline/` };
    const data = {
      event_title: event.title,
      first_name: account?.firstName || invitee.firstName,
      inviter_name: `${actor.firstName} ${actor.lastName}`.trim(),
      ...links,
    };
    await queueMail(tx, {
      to: user?.email ?? invitee.email,
      locale: mailLocale(account?.locale),
      eventId: event.id,
      ...(role === 'reviewer'
        ? { template: 'events.reviewer_invitation', data }
        : { template: 'events.organizer_invitation', data: { ...data, role } }),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: membership.id,
      action: `event.${role}_invited`,
      data: { email: invitee.email, user_id: user?.id ?? null },
    });
    return membership;
  });
}

/** The event's invitation in a role addressed to an e-mail without a verified account (any letter case). */
async function findInvitationByEmail(
  db: Db,
  eventId: number,
  email: string,
  role: MembershipRole,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(eventMemberships)
    .where(emailInvitationOf(eventId, role, email));
  return row;
}

export type InvitationOutcome =
  | { outcome: 'accepted' | 'declined'; role: MembershipRole }
  | { outcome: 'error'; reason: InvitationErrorReason };

/**
 * Records the answer to an invitation link (no sign-in: the token is the credential). The token is single use:
 * the answer is written only while the invitation is unanswered, so a second click answers `answered`.
 * - accept: the membership becomes active when it belongs to an account (or a verified account now uses the
 *   address); otherwise it stays pending, accepted, until that address is verified (`activateInvitations…`).
 * - decline: the membership is declined; for a reviewer, the event's chairs and event admins are told by mail (a
 *   declined chair or event-admin invitation shows on the committee screen, where those who sent it look).
 * The role is the invitation's own: accepting a chair invitation makes a chair of the whole event.
 */
export async function answerInvitation(
  db: Db,
  options: { token: string; answer: 'accept' | 'decline'; publicUrl: string; now?: Date },
): Promise<InvitationOutcome> {
  const now = options.now ?? new Date();
  if (!TOKEN_PATTERN.test(options.token)) return { outcome: 'error', reason: 'invalid' };
  const tokenHash = sha256(options.token);
  const [found] = await db
    .select({ membership: eventMemberships, event: events })
    .from(eventMemberships)
    .innerJoin(events, eq(events.id, eventMemberships.eventId))
    .where(eq(eventMemberships.invitationTokenHash, tokenHash));
  if (!found) return { outcome: 'error', reason: 'invalid' };
  const { membership, event } = found;
  if (membership.respondedAt !== null || membership.status !== 'pending')
    return { outcome: 'error', reason: 'answered' };
  if (!membership.invitationExpiresAt || membership.invitationExpiresAt.getTime() <= now.getTime()) {
    return { outcome: 'error', reason: 'expired' };
  }
  return db.transaction(async (tx) => {
    // Claim the answer: only one request can move an unanswered invitation.
    const [claimed] = await tx
      .update(eventMemberships)
      .set({ respondedAt: now, updatedAt: now })
      .where(
        and(
          eq(eventMemberships.id, membership.id),
          eq(eventMemberships.invitationTokenHash, tokenHash),
          isNull(eventMemberships.respondedAt),
          eq(eventMemberships.status, 'pending'),
        ),
      )
      .returning();
    if (!claimed) return { outcome: 'error', reason: 'answered' } as const;
    if (options.answer === 'decline') {
      await tx.update(eventMemberships).set({ status: 'declined' }).where(eq(eventMemberships.id, claimed.id));
      await recordAudit(tx, {
        actorId: claimed.userId,
        eventId: event.id,
        entity: 'event_membership',
        entityId: claimed.id,
        action: 'event.invitation_declined',
        data: { email: claimed.email },
      });
      if (claimed.role === 'reviewer') await mailOrganizersOfDecline(tx, event, claimed, options.publicUrl);
      return { outcome: 'declined', role: claimed.role } as const;
    }
    let userId = claimed.userId;
    if (userId === null && claimed.email) {
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${claimed.email})`, eq(users.emailVerified, true)));
      if (account) userId = await linkInvitation(tx, claimed, account.id);
    }
    if (userId !== null) {
      await tx
        .update(eventMemberships)
        .set({ status: 'active' })
        .where(
          and(
            eq(eventMemberships.eventId, event.id),
            eq(eventMemberships.userId, userId),
            eq(eventMemberships.role, claimed.role),
            isNull(eventMemberships.trackId),
          ),
        );
    }
    await recordAudit(tx, {
      actorId: userId,
      eventId: event.id,
      entity: 'event_membership',
      entityId: claimed.id,
      action: 'event.invitation_accepted',
      data: { email: claimed.email, awaiting_account: userId === null },
    });
    return { outcome: 'accepted', role: claimed.role } as const;
  });
}

async function mailOrganizersOfDecline(db: Db, event: EventRow, invitation: MembershipRow, publicUrl: string) {
  const [account] = invitation.userId
    ? await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, invitation.userId))
    : [];
  const reviewerEmail = account?.email ?? invitation.email ?? '';
  const reviewerName =
    (account
      ? `${account.firstName} ${account.lastName}`
      : `${invitation.inviteFirstName} ${invitation.inviteLastName}`
    ).trim() || reviewerEmail;
  for (const organizer of await findOrganizers(db, event.id)) {
    await queueMail(db, {
      to: organizer.email,
      template: 'events.invitation_declined',
      locale: mailLocale(organizer.locale),
      eventId: event.id,
      data: {
        event_title: event.title,
        first_name: organizer.firstName,
        reviewer_name: reviewerName,
        reviewer_email: reviewerEmail,
        link: `${publicUrl}/events/${event.publicId}`,
      },
    });
  }
}

/**
 * Ties an invitation addressed to an e-mail to the account that verified that address. When the account already
 * has a membership in the invitation's role in the event, the two are merged into that one (keeping the more
 * advanced state: active, then accepted, then pending, then declined). Returns the user id.
 */
async function linkInvitation(db: Db, invitation: MembershipRow, userId: number): Promise<number> {
  const existing = await findMembership(db, invitation.eventId, userId, invitation.role);
  if (!existing) {
    await db
      .update(eventMemberships)
      .set({ userId, updatedAt: new Date() })
      .where(eq(eventMemberships.id, invitation.id));
    return userId;
  }
  const accepted = invitation.respondedAt !== null && invitation.status !== 'declined';
  await db.delete(eventMemberships).where(eq(eventMemberships.id, invitation.id));
  if (existing.status !== 'active' && (accepted || invitation.status === 'pending' || existing.status === 'declined')) {
    await db
      .update(eventMemberships)
      .set({
        status: invitation.status,
        invitationTokenHash: invitation.invitationTokenHash,
        invitationExpiresAt: invitation.invitationExpiresAt,
        invitedBy: invitation.invitedBy,
        invitedAt: invitation.invitedAt,
        respondedAt: invitation.respondedAt,
        updatedAt: new Date(),
      })
      .where(eq(eventMemberships.id, existing.id));
  }
  return userId;
}

/**
 * Runs when a user verifies an e-mail address (called from `onEmailVerified`): every invitation waiting for that
 * address (reviewer, chair, event admin) is tied to the account, and those already accepted become active
 * memberships, so the user holds the role at once (roles in users/me/). Unanswered invitations stay pending and can
 * still be answered.
 */
export async function activateInvitationsForVerifiedEmail(
  db: Db,
  user: { id: number; email: string },
  actorId: number | null = user.id,
): Promise<number> {
  const waiting = await db
    .select()
    .from(eventMemberships)
    .where(and(isNull(eventMemberships.userId), sql`lower(${eventMemberships.email}) = lower(${user.email})`));
  let activated = 0;
  for (const invitation of waiting) {
    const accepted = invitation.status === 'pending' && invitation.respondedAt !== null;
    await linkInvitation(db, invitation, user.id);
    if (accepted) {
      await db
        .update(eventMemberships)
        .set({ status: 'active', updatedAt: new Date() })
        .where(
          and(
            eq(eventMemberships.eventId, invitation.eventId),
            eq(eventMemberships.userId, user.id),
            eq(eventMemberships.role, invitation.role),
            isNull(eventMemberships.trackId),
          ),
        );
      activated += 1;
    }
    await recordAudit(db, {
      actorId,
      eventId: invitation.eventId,
      entity: 'event_membership',
      entityId: invitation.id,
      action: accepted ? 'event.invitation_activated' : 'event.invitation_linked',
      data: { user_id: user.id, email: invitation.email },
    });
  }
  return activated;
}
