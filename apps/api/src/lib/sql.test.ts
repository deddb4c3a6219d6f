import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { preparedQuery, preparedRows, queryRows } from './sql.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values(
    ['ada', 'grace'].map((name) => ({
      publicId: `usr_test_${name}`,
      email: `${name}@example.org`,
      passwordHash: '!',
      firstName: name,
      lastName: 'Test',
      country: 'FR',
      affiliation: 'Lab',
    })),
  );
});
afterAll(async () => database.close());

const userByEmail = preparedQuery('test_user_by_email', (db, name) =>
  db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare(name),
);

const namesOf = preparedRows<{ first_name: string }>(
  'test_user_names',
  sql`select first_name from ${users} where email = any(${sql.placeholder('emails')}::text[]) order by first_name`,
);

describe('prepared statements', () => {
  it('answer what the same query answers unprepared, for each value given', async () => {
    const { db } = database;
    for (const email of ['ada@example.org', 'grace@example.org', 'nobody@example.org']) {
      const expected = await db
        .select({ id: users.id, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, email));
      expect(await userByEmail(db).execute({ email })).toEqual(expected);
    }
    expect(await namesOf(db)({ emails: '{grace@example.org,ada@example.org}' })).toEqual([
      { first_name: 'ada' },
      { first_name: 'grace' },
    ]);
  });

  it('are built once per database handle', () => {
    expect(userByEmail(database.db)).toBe(userByEmail(database.db));
    expect(namesOf(database.db)).toBe(namesOf(database.db));
  });

  it('run inside a transaction on its connection: they see what it wrote, and PostgreSQL holds them by name', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Augusta' }).where(eq(users.email, 'ada@example.org'));
        expect(await userByEmail(tx).execute({ email: 'ada@example.org' })).toMatchObject([{ firstName: 'Augusta' }]);
        expect(await namesOf(tx)({ emails: '{ada@example.org}' })).toEqual([{ first_name: 'Augusta' }]);
        if (database.kind === 'postgres') {
          const held = await queryRows<{ name: string }>(
            tx,
            sql`select name from pg_prepared_statements where name like 'test_user_%' order by name`,
          );
          expect(held.map((row) => row.name)).toEqual(['test_user_by_email', 'test_user_names']);
        }
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await userByEmail(database.db).execute({ email: 'ada@example.org' })).toMatchObject([{ firstName: 'ada' }]);
  });

  it('refuse a name given twice (node-postgres keeps one text per name)', () => {
    expect(() => preparedQuery('test_user_by_email', (db) => db)).toThrow(/defined twice/);
    expect(() => preparedRows('test_user_names', sql`select 1`)).toThrow(/defined twice/);
  });
});
