import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, openTestDatabase } from '../test/build-test-app.ts';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './bootstrap.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { verifyPassword } from './lib/passwords.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const config = (overrides: Partial<Config> = {}) =>
  loadConfig({ DATA_DIR: '/tmp/confero-bootstrap', SECRET_KEY: 'x'.repeat(40) }, overrides);

/** The password of the first credentials printed. */
const printedPassword = (printed: string[][]) =>
  printed[0]
    ?.find((line) => line.includes('password:'))
    ?.split('password:')[1]
    ?.trim() ?? '';

describe('ensureAdmin', () => {
  it('creates admin@localhost with a random password printed once, then does nothing', async () => {
    const printed: string[][] = [];
    await ensureAdmin(database.db, config(), (lines) => printed.push(lines));
    expect(printed).toHaveLength(1);
    const password = printedPassword(printed);
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

/** Two handles on one fresh database, as two processes starting together have (PGlite: one handle twice). */
async function openTwice(): Promise<{ handles: [Database, Database]; close: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const only = await openTestDatabase();
    return { handles: [only, only], close: () => only.close() };
  }
  const { url, drop } = await createPostgresTestDatabase();
  const handles = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
  return {
    handles,
    close: async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      await drop();
    },
  };
}

describe('ensureAdmin run by two processes at once', () => {
  it.each([
    ['admin@localhost', {}],
    ['ADMIN_EMAIL without ADMIN_PASSWORD', { adminEmail: 'chair@example.org' }],
  ] as const)('creates one admin and prints the credentials once (%s)', async (_name, overrides) => {
    const { handles, close } = await openTwice();
    try {
      const printed: string[][] = [];
      await Promise.all(
        handles.map((handle) => ensureAdmin(handle.db, config(overrides), (lines) => printed.push(lines))),
      );
      expect(printed).toHaveLength(1);
      const admins = await handles[0].db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
      const password = printedPassword(printed);
      expect(await verifyPassword(password, admins[0]?.passwordHash ?? '')).toBe(true);
    } finally {
      await close();
    }
  });
});
