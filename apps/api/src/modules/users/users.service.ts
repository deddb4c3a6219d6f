import {
  type AdminUpdateUserBody,
  type ChangePasswordBody,
  resolveCountryCode,
  type UpdateProfileBody,
} from '@confero/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  nextSessionsValidFrom,
  onEmailVerified,
  passwordIssues,
  passwordRuleError,
  type Session,
  startSession,
} from '../auth/auth.service.ts';
import { revokeUserRefreshTokens } from '../auth/tokens.ts';
import { type FieldIssue, validationError } from '../auth/validation.ts';
import { findUserByEmail, findUserById, hasOtherAdmin, type UserRow } from './users.queries.ts';

/*
 * Use cases on user accounts: the caller's own profile and password, and user administration.
 *
 * Deleting a user. Rows that belong to the account (refresh tokens, one-time tokens) are deleted with it
 * (`on delete cascade`). Records that others depend on are kept and detached: `audit_log.actor_id` is
 * `on delete set null`. Every table a later issue adds with a reference to users MUST choose the same way:
 * authored or shared records (events created, submissions submitted, reviews written, assignments made,
 * decisions, memberships' inviters, submission authors' user links) use `on delete set null` on a nullable
 * column, so deleting a user never deletes or blocks other people's work; only rows meaningless without the
 * user (their own bids, for instance) may cascade.
 */

type Deps = { db: Db; config: Pick<Config, 'publicUrl' | 'secretKey'> };

/**
 * Updates the caller's profile with the fields UpdateProfileBody lists (the schema has already dropped any other
 * field). The country may be given as a code or an English or Arabic name and is stored as its alpha-2 code.
 */
export async function updateProfile(db: Db, actor: Actor, changes: UpdateProfileBody): Promise<UserRow> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (changes.first_name !== undefined) values.firstName = changes.first_name;
  if (changes.last_name !== undefined) values.lastName = changes.last_name;
  if (changes.affiliation !== undefined) values.affiliation = changes.affiliation;
  if (changes.expertise !== undefined) values.expertise = normalizeExpertise(changes.expertise);
  if (changes.bio !== undefined) values.bio = changes.bio;
  if (changes.website !== undefined) values.website = changes.website;
  if (changes.country !== undefined) {
    const code = changes.country === '' ? '' : resolveCountryCode(changes.country);
    if (code === undefined) throw validationError([{ field: 'country', key: 'validation.invalidCountry' }]);
    values.country = code;
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    if (!updated) throw new Error('the signed-in user has no row');
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'user',
      entityId: actor.id,
      action: 'user.profile_updated',
      data: { fields: Object.keys(values) },
    });
    return updated;
  });
}

/** "nlp,  machine learning ,, ir" → "nlp, machine learning, ir": comma-separated, trimmed, no empty items. */
export function normalizeExpertise(expertise: string): string {
  return expertise
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .join(', ');
}

const currentPasswordIncorrect = () =>
  validationError([{ field: 'current_password', key: 'auth.currentPasswordIncorrect' }], {
    error: 'Current password is incorrect',
  });

/**
 * Changes the caller's password. The current password must be right and the new one must follow the password
 * rules. Afterwards every other session is over (sessions_valid_from moves forward, every refresh token is
 * revoked) and this session continues with the returned fresh tokens; the user is told by mail.
 */
export async function changePassword({ db, config }: Deps, actor: Actor, input: ChangePasswordBody): Promise<Session> {
  const user = await findUserById(db, actor.id);
  if (!user) throw new Error('the signed-in user has no row');
  if (!(await verifyPassword(input.current_password, user.passwordHash))) throw currentPasswordIncorrect();
  if (input.new_password !== input.confirm_password) {
    throw validationError([{ field: 'confirm_password', key: 'auth.passwordsDoNotMatch' }], {
      error: 'New passwords do not match',
    });
  }
  const problems: FieldIssue[] = passwordIssues('new_password', input.new_password, {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  });
  if (problems.length > 0) throw passwordRuleError(problems);
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionsValidFrom: nextSessionsValidFrom(user.sessionsValidFrom, now), updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new Error('the signed-in user has no row');
    await revokeUserRefreshTokens(tx, user.id, now);
    const session = await startSession({ db: tx, config }, updated);
    await queueMail(tx, {
      to: updated.email,
      template: 'auth.password_changed',
      locale: updated.locale === 'ar' ? 'ar' : 'en',
      data: { first_name: updated.firstName },
    });
    await recordAudit(tx, { actorId: user.id, entity: 'user', entityId: user.id, action: 'user.password_changed' });
    return session;
  });
}

/**
 * An admin's change of a user's e-mail-verified flag and account status. Leaving `active` ends the user's
 * sessions at once: the auth plugin refuses their access token on the next request, and their refresh tokens are
 * revoked. Admins cannot change their own status (a lock-out the platform could not undo).
 */
export async function adminUpdateUser(
  db: Db,
  actor: Actor,
  target: UserRow,
  changes: AdminUpdateUserBody,
): Promise<UserRow> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (changes.email_verified !== undefined && changes.email_verified !== target.emailVerified) {
    values.emailVerified = changes.email_verified;
  }
  if (changes.account_status !== undefined && changes.account_status !== target.accountStatus) {
    if (target.id === actor.id) {
      throw conflict('accounts.cannotChangeOwnStatus', 'CANNOT_CHANGE_OWN_STATUS');
    }
    values.accountStatus = changes.account_status;
  }
  if (Object.keys(values).length === 0) return target;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw new Error('user vanished during update');
    if (values.accountStatus !== undefined && values.accountStatus !== 'active') {
      await revokeUserRefreshTokens(tx, target.id, now);
    }
    if (values.emailVerified === true) await onEmailVerified(tx, updated, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'user',
      entityId: target.id,
      action: 'user.admin_updated',
      data: {
        before: { email_verified: target.emailVerified, account_status: target.accountStatus },
        after: { email_verified: updated.emailVerified, account_status: updated.accountStatus },
      },
    });
    return updated;
  });
}

/**
 * Deletes an account (see the note at the top on what is kept). Refused for the last platform admin and for the
 * caller's own account (409).
 */
export async function deleteUser(db: Db, actor: Actor, target: UserRow): Promise<void> {
  if (target.isAdmin && !(await hasOtherAdmin(db, target.id))) {
    throw conflict('accounts.lastAdmin', 'LAST_ADMIN');
  }
  if (target.id === actor.id) throw conflict('accounts.cannotDeleteSelf', 'CANNOT_DELETE_SELF');
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'user',
      entityId: target.id,
      action: 'user.deleted',
      data: { public_id: target.publicId, email: target.email },
    });
  });
}

/** The e-mail existence check (signed-in callers only, rate-limited by the route). */
export async function emailIsRegistered(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}
