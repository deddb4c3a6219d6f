import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test/build-test-app.ts';
import { openDatabase } from './client.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  it('reports an idle connection it lost, keeps running and connects again', async () => {
    const { url, drop } = await createPostgresTestDatabase();
    const lost: Error[] = [];
    const database = await openDatabase({ url, migrate: false, onPoolError: (error) => lost.push(error) });
    try {
      const pg = (await import('pg')).default;
      // One idle connection in the pool, with its server process id.
      const result = (await database.db.execute('select pg_backend_pid() as pid')) as { rows: { pid: number }[] };
      const [row] = result.rows;
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      try {
        await killer.query('select pg_terminate_backend($1)', [row?.pid]);
      } finally {
        await killer.end();
      }
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(1);
      expect(lost[0]?.message).toMatch(/terminat/i);
      const after = (await database.db.execute('select 1 as one')) as { rows: { one: number }[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
