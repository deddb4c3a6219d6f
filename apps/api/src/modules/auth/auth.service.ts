import {
  PASSWORD_RESET_TOKEN_TTL_HOURS,
  type RegisterBody,
  resolveCountryCode,
  VERIFY_EMAIL_TOKEN_TTL_HOURS,
} from '@confero/contracts';
import { messageText } from '@confero/i18n/catalogue';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type AppError, forbidden, messageError, notAuthenticated } from '../../lib/errors.ts';
import { makePublicId, nextId, parseIdParam } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { queueMail } from '../../mail/outbox.ts';
import { hit } from '../../plugins/rate-limit.ts';
import { activateInvitationsForVerifiedEmail } from '../events/events.service.ts';
import { linkAuthorRecordsForVerifiedEmail } from '../submissions/authorship.ts';
import { findUserByEmail, findUserById, findUserByPublicId, type UserRow } from '../users/users.queries.ts';
import { passwordAccepted, startLoginAttempt } from './login-throttle.ts';
import { checkPassword, type PasswordUserAttributes } from './password-rules.ts';
import {
  consumeOneTimeTokens,
  findRefreshToken,
  findUsableOneTimeToken,
  issueOneTimeToken,
  issueRefreshToken,
  markRefreshTokenReplaced,
  passwordFingerprint,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  signAccessToken,
} from './tokens.ts';
import { type FieldIssue, issueMessages, validationError } from './validation.ts';

/*
 * Accounts use cases: registration, e-mail verification, sign-in, sessions (refresh-token rotation) and password
 * reset. Identity is checked by the routes; the invariants (single-use tokens, session invalidation, throttling)
 * live here.
 */

type Deps = { db: Db; config: Pick<Config, 'publicUrl' | 'secretKey'> };
type MailLocale = 'en' | 'ar';

const HOUR_MS = 60 * 60 * 1000;
/** At most this many verification or reset mails per address and hour, whoever asks (no mail bombing). */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;

/** Counts a mail to an address; false once the hourly allowance is used up. */
async function withinMailAllowance(db: Db, kind: string, email: string): Promise<boolean> {
  const { current } = await hit(db, `mail-allowance:${kind}:${email.trim().toLowerCase()}`, HOUR_MS);
  return current <= MAILS_PER_ADDRESS_PER_HOUR;
}

/** A password hash that never matches, so an unknown e-mail costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('timing-dummy-password-never-used');
  return dummyHash;
}

/** The password rules as field issues on `field`. */
export function passwordIssues(field: string, password: unknown, user: PasswordUserAttributes): FieldIssue[] {
  if (typeof password !== 'string' || password.length === 0) return [];
  return checkPassword(password, user).map((key) => ({ field, key }));
}

/** The mail locale from an Accept-Language header: Arabic when it comes first, else English. */
export function localeFromHeader(header: string | undefined): MailLocale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

function mailLocale(user: Pick<UserRow, 'locale'>): MailLocale {
  return user.locale === 'ar' ? 'ar' : 'en';
}

/** A later time than `current`: tokens issued before the bump carry an older `sv` and stop working. */
export function nextSessionsValidFrom(current: Date, now = new Date()): Date {
  return new Date(Math.max(now.getTime(), current.getTime() + 1));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function emailExistsError(issues: FieldIssue[] = []): AppError {
  return validationError([{ field: 'email', key: 'auth.emailAlreadyExists' }, ...issues], {}, 'EMAIL_EXISTS');
}

/**
 * Registers an account: unverified and active, with a verification mail queued at once (one transaction).
 * The password rules and the uniqueness of the e-mail (in any letter case) are checked here.
 */
export async function registerUser(
  { db, config }: Deps,
  input: RegisterBody,
  options: { locale?: MailLocale } = {},
): Promise<UserRow> {
  const issues: FieldIssue[] = [];
  if (input.password !== input.password2) issues.push({ field: 'password2', key: 'auth.passwordsDoNotMatch' });
  issues.push(...passwordIssues('password', input.password, input));
  const country = resolveCountryCode(input.country);
  if (!country) issues.push({ field: 'country', key: 'validation.invalidCountry' });
  if (await findUserByEmail(db, input.email)) throw emailExistsError(issues);
  if (issues.length > 0 || !country) throw validationError(issues);

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const id = await nextId(tx, 'users');
      const [user] = await tx
        .insert(users)
        .values({
          id,
          publicId: makePublicId(id),
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          affiliation: input.affiliation,
          country,
          locale: options.locale ?? 'en',
          emailVerified: false,
          accountStatus: 'active',
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await sendVerificationMail({ db: tx, config }, user);
      await recordAudit(tx, {
        actorId: user.id,
        entity: 'user',
        entityId: user.id,
        action: 'user.registered',
        data: { email: user.email },
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExistsError();
    throw error;
  }
}

/** Issues a verification token (48 h) and queues the mail with its link. */
export async function sendVerificationMail({ db, config }: Deps, user: UserRow): Promise<void> {
  const token = await issueOneTimeToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    ttlMs: VERIFY_EMAIL_TOKEN_TTL_HOURS * HOUR_MS,
  });
  await queueMail(db, {
    to: user.email,
    template: 'auth.verify_email',
    locale: mailLocale(user),
    data: { first_name: user.firstName, link: `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}` },
  });
}

export const tokenInvalid = () => messageError(400, 'TOKEN_INVALID', 'sessions.verificationLinkInvalid');

/**
 * Verifies an e-mail address with a mailed token: single use (every open verification token of the user is used
 * up with it), 48 hours. Invalid, expired or used tokens answer 400 TOKEN_INVALID.
 */
export async function verifyEmail({ db }: Pick<Deps, 'db'>, token: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await findUsableOneTimeToken(tx, token, 'verify_email');
    if (!row) throw tokenInvalid();
    const consumed = await consumeOneTimeTokens(tx, {
      id: row.id,
      userId: row.userId,
      purpose: 'verify_email',
      allOfUser: true,
    });
    if (!consumed) throw tokenInvalid();
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning();
    if (!user) throw tokenInvalid();
    await onEmailVerified(tx, user);
    return user;
  });
}

/**
 * Runs once an address is verified, by its owner's link or by an admin: records the fact in the audit log and
 * activates the reviewer invitations waiting for this address (accepted ones become active memberships).
 */
export async function onEmailVerified(db: Db, user: UserRow, actorId: number | null = user.id): Promise<void> {
  await recordAudit(db, {
    actorId,
    entity: 'user',
    entityId: user.id,
    action: 'user.email_verified',
    data: { email: user.email },
  });
  await activateInvitationsForVerifiedEmail(db, user, actorId);
  await linkAuthorRecordsForVerifiedEmail(db, user, actorId);
}

/** Queues a new verification mail when the account exists and is unverified; silent otherwise (no enumeration). */
export async function resendVerification(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified) return;
  if (!(await withinMailAllowance(deps.db, 'verify_email', user.email))) return;
  await deps.db.transaction(async (tx) => sendVerificationMail({ db: tx, config: deps.config }, user));
}

export type Session = { access: string; refresh: string; familyId: string };

/** Starts a session: a new refresh-token family and an access token carrying the current `sv`. */
export async function startSession(
  { db, config }: Deps,
  user: Pick<UserRow, 'id' | 'sessionsValidFrom'>,
): Promise<Session> {
  const refresh = await issueRefreshToken(db, user.id);
  const access = await signAccessToken(config.secretKey, {
    userId: user.id,
    sessionsValidFrom: user.sessionsValidFrom.getTime(),
    sessionId: refresh.familyId,
  });
  return { access, refresh: refresh.token, familyId: refresh.familyId };
}

export const invalidCredentials = () => notAuthenticated('sessions.invalidCredentials', 'INVALID_CREDENTIALS');

/**
 * Checks credentials. The attempt is counted against the sign-in limits before the password is checked (see
 * login-throttle.ts), so only failures stay counted. The account's state is revealed only to someone who knows
 * the password: unverified → 403 EMAIL_NOT_VERIFIED, suspended → 403 ACCOUNT_SUSPENDED, inactive or pending → 403
 * ACCOUNT_INACTIVE.
 */
export async function authenticate(
  { db }: Pick<Deps, 'db'>,
  credentials: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const attempt = await startLoginAttempt(db, credentials.email, credentials.ip);
  const user = await findUserByEmail(db, credentials.email);
  const valid = await verifyPassword(credentials.password, user?.passwordHash || (await timingDummy()));
  if (!user || !valid) throw invalidCredentials();
  await passwordAccepted(db, attempt);
  if (user.accountStatus === 'suspended') {
    throw forbidden('sessions.accountSuspended', 'ACCOUNT_SUSPENDED');
  }
  if (user.accountStatus !== 'active') {
    throw forbidden('sessions.accountInactive', 'ACCOUNT_INACTIVE');
  }
  if (!user.emailVerified) {
    throw forbidden('sessions.emailNotVerified', 'EMAIL_NOT_VERIFIED');
  }
  const now = new Date();
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return { ...user, lastLoginAt: now };
}

export const tokenBlacklisted = () => notAuthenticated('sessions.tokenBlacklisted', 'TOKEN_BLACKLISTED');
export const refreshTokenInvalid = () => notAuthenticated('sessions.tokenInvalid', 'TOKEN_INVALID');

/**
 * Rotates a refresh token: a new pair in the same family, the old token marked replaced. Presenting a token that
 * was already rotated or revoked is reuse (a stolen copy, or an old one): the whole family is revoked and the
 * answer is 401 TOKEN_BLACKLISTED. Unknown or expired tokens answer 401 TOKEN_INVALID.
 */
export async function refreshSession(
  { db, config }: Deps,
  token: string | undefined,
): Promise<Session & { user: UserRow }> {
  if (!token) throw refreshTokenInvalid();
  const now = new Date();
  const row = await findRefreshToken(db, token);
  if (!row) throw refreshTokenInvalid();
  if (row.revokedAt || row.replacedBy) {
    await revokeRefreshFamily(db, row.familyId, now);
    throw tokenBlacklisted();
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw refreshTokenInvalid();
  const user = await findUserById(db, row.userId);
  if (user?.accountStatus !== 'active') {
    await revokeRefreshFamily(db, row.familyId, now);
    throw refreshTokenInvalid();
  }
  const rotated = await db.transaction(async (tx) => {
    const next = await issueRefreshToken(tx, user.id, { familyId: row.familyId, now });
    const claimed = await markRefreshTokenReplaced(tx, row.id, next.id, now);
    if (!claimed) return undefined;
    return next;
  });
  if (!rotated) {
    // Somebody presented the same token a moment earlier: reuse.
    await revokeRefreshFamily(db, row.familyId, now);
    throw tokenBlacklisted();
  }
  const access = await signAccessToken(config.secretKey, {
    userId: user.id,
    sessionsValidFrom: user.sessionsValidFrom.getTime(),
    sessionId: rotated.familyId,
  });
  return { access, refresh: rotated.token, familyId: rotated.familyId, user };
}

/**
 * Ends a session: the family of the presented refresh token and the session of the access token the request was
 * signed in with (usually the same). Revoking the family ends its access tokens at once too (the auth plugin
 * requires a live family); the user's other sessions go on. Unknown tokens are ignored.
 */
export async function endSession(
  { db }: Pick<Deps, 'db'>,
  session: { refreshToken: string | undefined; sessionId: string | null },
): Promise<void> {
  const row = session.refreshToken ? await findRefreshToken(db, session.refreshToken) : undefined;
  const families = new Set([row?.familyId, session.sessionId ?? undefined]);
  for (const familyId of families) if (familyId) await revokeRefreshFamily(db, familyId);
}

/** uidb64 of a reset link: base64url of the user's public id. */
export function encodeUid(publicId: string): string {
  return Buffer.from(publicId, 'utf8').toString('base64url');
}

export function decodeUid(uidb64: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,80}={0,2}$/.test(uidb64)) return undefined;
  const publicId = Buffer.from(uidb64, 'base64url').toString('utf8');
  return parseIdParam(publicId)?.publicId;
}

/**
 * Mails a reset link (1 hour, single use, bound to the current password) when the account exists; silent
 * otherwise, so the answer never tells whether an address is registered.
 */
export async function requestPasswordReset({ db, config }: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (!(await withinMailAllowance(db, 'password_reset', user.email))) return;
  await db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TOKEN_TTL_HOURS * HOUR_MS,
      passwordHash: user.passwordHash,
    });
    await queueMail(tx, {
      to: user.email,
      template: 'auth.password_reset',
      locale: mailLocale(user),
      data: {
        first_name: user.firstName,
        link: `${config.publicUrl}/reset-password/${encodeUid(user.publicId)}/${encodeURIComponent(token)}`,
      },
    });
  });
}

export const invalidResetLink = () =>
  messageError(
    400,
    'TOKEN_INVALID',
    'sessions.resetLinkInvalid',
    {},
    {
      error: messageText('sessions.resetLinkInvalid'),
      valid: false,
    },
  );

/** The user and token of a usable reset link, or 400 TOKEN_INVALID. */
export async function checkResetLink(db: Db, link: { uidb64: string; token: string }) {
  const publicId = decodeUid(link.uidb64);
  const user = publicId ? await findUserByPublicId(db, publicId) : undefined;
  const row = user ? await findUsableOneTimeToken(db, link.token, 'password_reset') : undefined;
  if (!user || !row || row.userId !== user.id || row.passwordFingerprint !== passwordFingerprint(user.passwordHash)) {
    throw invalidResetLink();
  }
  return { user, row };
}

/**
 * Sets a new password from a reset link. The link is used up (with every other open reset link of the user),
 * sessions_valid_from moves forward so older access tokens stop working at once, and every refresh token is
 * revoked: each session must sign in again. The user is told by mail.
 */
export async function resetPassword(
  { db }: Pick<Deps, 'db'>,
  input: { uidb64: string; token: string; new_password: string },
): Promise<UserRow> {
  const { user, row } = await checkResetLink(db, input);
  const problems = passwordIssues('new_password', input.new_password, {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  });
  if (problems.length > 0) throw passwordRuleError(problems);
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    const consumed = await consumeOneTimeTokens(tx, {
      id: row.id,
      userId: user.id,
      purpose: 'password_reset',
      allOfUser: true,
    });
    if (!consumed) throw invalidResetLink();
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionsValidFrom: nextSessionsValidFrom(user.sessionsValidFrom, now), updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw invalidResetLink();
    await revokeUserRefreshTokens(tx, user.id, now);
    await queueMail(tx, {
      to: updated.email,
      template: 'auth.password_changed',
      locale: mailLocale(updated),
      data: { first_name: updated.firstName },
    });
    await recordAudit(tx, { actorId: user.id, entity: 'user', entityId: user.id, action: 'user.password_reset' });
    return updated;
  });
}

/** A password-rule refusal with an `error` list of the messages next to `fields` (reset and change forms read it). */
export function passwordRuleError(issues: FieldIssue[]): AppError {
  return validationError(issues, { error: issueMessages(issues) });
}
