import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { type Db, withStartupLock } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { makePublicId, nextId } from './lib/ids.ts';
import { generatePassword, hashPassword } from './lib/passwords.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * Makes sure a platform admin exists. With ADMIN_EMAIL the account is created or
 * updated (verified, active, admin; password set when ADMIN_PASSWORD is given).
 * Without it, the first start creates admin@localhost with a random password and
 * prints the credentials once. Processes starting together on one database take
 * turns (the start-up lock), so exactly one of them creates the admin and prints,
 * and only once its transaction has committed.
 */
export async function ensureAdmin(db: Db, config: Config, print: (lines: string[]) => void): Promise<void> {
  const created = await withStartupLock(db, (tx) => createOrUpdateAdmin(tx, config));
  if (created) printCredentials(print, created.email, created.password);
}

/** The admin's write under the start-up lock; returns the credentials to print when a password was generated. */
async function createOrUpdateAdmin(db: Db, config: Config): Promise<{ email: string; password: string } | undefined> {
  if (config.adminEmail) {
    const email = config.adminEmail;
    const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    const password = config.adminPassword ?? (existing ? undefined : generatePassword());
    const passwordHash = password ? await hashPassword(password) : undefined;
    if (existing) {
      await db
        .update(users)
        .set({ isAdmin: true, emailVerified: true, accountStatus: 'active', ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, existing.id));
    } else {
      await insertAdmin(db, email, passwordHash ?? '');
    }
    return password && !config.adminPassword ? { email, password } : undefined;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (anyAdmin) return undefined;
  const password = generatePassword();
  await insertAdmin(db, DEFAULT_ADMIN_EMAIL, await hashPassword(password));
  return { email: DEFAULT_ADMIN_EMAIL, password };
}

async function insertAdmin(db: Db, email: string, passwordHash: string) {
  const id = await nextId(db, 'users');
  await db.insert(users).values({
    id,
    publicId: makePublicId(id),
    email,
    passwordHash,
    firstName: 'Site',
    lastName: 'Admin',
    isAdmin: true,
    emailVerified: true,
    accountStatus: 'active',
  });
}

function printCredentials(print: (lines: string[]) => void, email: string, password: string) {
  print([
    '',
    '  A platform admin account was created. These credentials are shown only once:',
    `    e-mail:   ${email}`,
    `    password: ${password}`,
    '  Sign in at /login and change the password from your profile.',
    '',
  ]);
}
