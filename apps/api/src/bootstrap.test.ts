import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './bootstrap.ts';
import { type Config, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { verifyPassword } from './lib/passwords.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const config = (overrides: Partial<Config> = {}) =>
  loadConfig({ DATA_DIR: '/tmp/confero-bootstrap', SECRET_KEY: 'x'.repeat(40) }, overrides);

describe('ensureAdmin', () => {
  it('creates admin@localhost with a random password printed once, then does nothing', async () => {
    const printed: string[][] = [];
    await ensureAdmin(database.db, config(), (lines) => printed.push(lines));
    expect(printed).toHaveLength(1);
    const password =
      printed[0]
        ?.find((l) => l.includes('password:'))
        ?.split('password:')[1]
        ?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(admin).toMatchObject({ isAdmin: true, emailVerified: true, accountStatus: 'active' });
    expect(admin?.publicId).toMatch(new RegExp(`^${admin?.id}-[a-z2-7]{8}$`));
    expect(await verifyPassword(password, admin?.passwordHash ?? '')).toBe(true);

    await ensureAdmin(database.db, config(), (lines) => printed.push(lines));
    expect(printed).toHaveLength(1);
  });

  it('creates or updates the ADMIN_EMAIL account with ADMIN_PASSWORD, printing nothing', async () => {
    const printed: string[][] = [];
    const withAdmin = config({ adminEmail: 'Chair@Example.org', adminPassword: 'first-Passw0rd' });
    await ensureAdmin(database.db, withAdmin, (lines) => printed.push(lines));
    await ensureAdmin(
      database.db,
      { ...withAdmin, adminEmail: 'chair@example.org', adminPassword: 'second-Passw0rd' },
      (lines) => printed.push(lines),
    );
    expect(printed).toEqual([]);
    const rows = await database.db.select().from(users).where(eq(users.isAdmin, true));
    const named = rows.filter((row) => row.email.toLowerCase() === 'chair@example.org');
    expect(named).toHaveLength(1);
    expect(await verifyPassword('second-Passw0rd', named[0]?.passwordHash ?? '')).toBe(true);
  });
});
