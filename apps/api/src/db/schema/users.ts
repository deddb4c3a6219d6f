import { ACCOUNT_STATUSES } from '@confero/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text().notNull(),
    firstName: varchar({ length: 150 }).notNull().default(''),
    lastName: varchar({ length: 150 }).notNull().default(''),
    affiliation: varchar({ length: 255 }).notNull().default(''),
    country: varchar({ length: 2 }).notNull().default(''),
    expertise: text().notNull().default(''),
    bio: varchar({ length: 1000 }).notNull().default(''),
    website: varchar({ length: 500 }),
    emailVerified: boolean().notNull().default(false),
    accountStatus: accountStatus().notNull().default('active'),
    isAdmin: boolean().notNull().default(false),
    locale: varchar({ length: 8 }).notNull().default('en'),
    /** Bumped on password change or reset: access tokens issued before it stop working. */
    sessionsValidFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_is_admin_idx').on(t.isAdmin),
  ],
);
