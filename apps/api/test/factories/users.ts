import type { AccountStatus } from '@confero/contracts';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { makePublicId, nextId } from '../../src/lib/ids.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

/** The password every factory user has unless told otherwise; it passes every password rule. */
export const DEFAULT_PASSWORD = 'Kestrel-Harbor-42';

let sequence = 0;

export type BuildUserOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  affiliation?: string;
  country?: string;
  isAdmin?: boolean;
  emailVerified?: boolean;
  accountStatus?: AccountStatus;
  locale?: string;
  createdAt?: Date;
};

export type BuiltUser = typeof users.$inferSelect & { password: string };

/**
 * Writes a real user row (verified and active unless told otherwise) and returns it with its plain password.
 * `db` may be the app (`app.db` is read) or a database.
 */
export async function buildUser(target: Db | { db: Db }, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const db = 'db' in target ? target.db : target;
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const id = await nextId(db, 'users');
  const [row] = await db
    .insert(users)
    .values({
      id,
      publicId: makePublicId(id),
      email: options.email ?? `user${tag}@example.org`,
      passwordHash: await hashPassword(password),
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? `Tester${sequence}`,
      affiliation: options.affiliation ?? `Institute of ${lettersOf(sequence)} Studies`,
      country: options.country ?? 'EG',
      isAdmin: options.isAdmin ?? false,
      emailVerified: options.emailVerified ?? true,
      accountStatus: options.accountStatus ?? 'active',
      locale: options.locale ?? 'en',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return { ...row, password };
}

/** A platform admin (verified, active). */
export function buildAdmin(target: Db | { db: Db }, options: BuildUserOptions = {}): Promise<BuiltUser> {
  return buildUser(target, { firstName: 'Site', lastName: `Admin${sequence + 1}`, ...options, isAdmin: true });
}

/** 1 → 'B', 27 → 'BB'…: distinct letters per factory user, so no two users share an affiliation by accident. */
function lettersOf(n: number): string {
  let out = '';
  let rest = n;
  do {
    out = String.fromCharCode(65 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
}
