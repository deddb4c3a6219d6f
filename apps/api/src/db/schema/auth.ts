import { type AnyPgColumn, index, integer, pgEnum, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per issued refresh token. Only the sha256 of the token is stored (`jti_hash`). Rotation links the old row to
 * its successor (`replaced_by`); presenting a token that was already rotated or revoked revokes every token of its
 * `family_id` (one sign-in session).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    jtiHash: varchar({ length: 64 }).notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    replacedBy: integer().references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_replaced_by_idx').on(t.replacedBy),
  ],
);

export const ONE_TIME_TOKEN_PURPOSES = ['verify_email', 'password_reset'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];
export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', ONE_TIME_TOKEN_PURPOSES);

/**
 * Single-use tokens mailed to users (e-mail verification, password reset), stored as sha256 hashes.
 * A reset token also keeps a fingerprint of the password hash it was issued for, so it stops working as soon as
 * the password changes by any path.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial().primaryKey(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    purpose: oneTimeTokenPurpose().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordFingerprint: varchar({ length: 64 }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);
