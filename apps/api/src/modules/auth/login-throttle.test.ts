import { LOGIN_MAX_FAILURES } from '@confero/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  createPostgresTestDatabase,
  openTestDatabase,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/index.ts';
import { createClient, type TestClient } from '../../../test/http.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ADDRESS, loginCounterKeys } from './login-throttle.ts';

/*
 * The sign-in limits under concurrency. The password checks are counted by wrapping the real verifyPassword
 * (scrypt still runs): a throttled attempt must answer 429 without one.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checks.count += 1;
      return real.verifyPassword(password, stored);
    },
  };
});
beforeEach(() => {
  checks.count = 0;
});

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++counter}@example.org`;
let addresses = 0;
/** A fresh address in a range the test client never picks at random. */
const freshIp = () => {
  addresses += 1;
  return `192.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
const credentials = (user: { email: string; password: string }) => ({ email: user.email, password: user.password });

type Answer = { statusCode: number; json: () => { code?: string } };

async function ready(client: TestClient) {
  await client.csrf();
  return client;
}

/** Status code → how many answers had it. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

function expectOnlyCredentialsOrThrottled(answers: Answer[]) {
  for (const answer of answers) {
    expect([401, 429]).toContain(answer.statusCode);
    expect(answer.json().code).toBe(answer.statusCode === 401 ? 'INVALID_CREDENTIALS' : 'RATE_LIMITED');
  }
}

async function counterValue(key: string): Promise<number | undefined> {
  const [row] = await app.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

const wrongPasswords = (client: TestClient, email: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => client.post('/api/auth/login/', { email, password: `Wrong-${i}-pass` })),
  );

/** Two API instances on one database: on PostgreSQL each with its own connection pool, as two processes are. */
async function twoInstances(): Promise<{ apps: [TestApp, TestApp]; close: () => Promise<void> }> {
  const databases: Database[] = [];
  let drop = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    databases.push(await openDatabase({ url: created.url }), await openDatabase({ url: created.url }));
  } else {
    const shared = await openTestDatabase();
    databases.push(shared, shared);
  }
  const [first, second] = databases as [Database, Database];
  const apps: [TestApp, TestApp] = [
    await buildTestApp({}, { database: first }),
    await buildTestApp({}, { database: second }),
  ];
  return {
    apps,
    close: async () => {
      await Promise.all(apps.map((instance) => instance.close()));
      for (const database of new Set(databases)) await database.close();
      await drop();
    },
  };
}

describe('sign-in throttling for one account from one address', () => {
  it('checks at most the limit of 60 wrong passwords sent at once; the rest answer 429', async () => {
    const user = await buildUser(app);
    const client = await ready(createClient(app, { ip: freshIp() }));
    const answers = await wrongPasswords(client, user.email, 60);
    expect(checks.count).toBe(LOGIN_MAX_FAILURES);
    expectOnlyCredentialsOrThrottled(answers);
    expect(tally(answers)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 60 - LOGIN_MAX_FAILURES });
    expect(await counterValue(loginCounterKeys(user.email, client.ip).pair)).toBe(LOGIN_MAX_FAILURES);
    expect(await counterValue(loginCounterKeys(user.email, client.ip).address)).toBe(LOGIN_MAX_FAILURES);

    const right = await client.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((cookie) => cookie.name === 'access_token')).toBeUndefined();
  });

  it('holds across two API instances sharing the database', async () => {
    const { apps, close } = await twoInstances();
    try {
      const user = await buildUser(apps[0]);
      const ip = freshIp();
      const clients = await Promise.all(apps.map((instance) => ready(createClient(instance, { ip }))));
      const answers = (
        await Promise.all(clients.map((client) => wrongPasswords(client, user.email.toUpperCase(), 30)))
      ).flat();
      expect(checks.count).toBe(LOGIN_MAX_FAILURES);
      expectOnlyCredentialsOrThrottled(answers);
      expect(tally(answers)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 60 - LOGIN_MAX_FAILURES });
      const [pair] = await apps[1].db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, loginCounterKeys(user.email, ip).pair));
      expect(pair?.count).toBe(LOGIN_MAX_FAILURES);
    } finally {
      await close();
    }
  });

  it('answers the spec text with the time to wait, in the body and in Retry-After', async () => {
    const user = await buildUser(app);
    const client = await ready(createClient(app, { ip: freshIp() }));
    await wrongPasswords(client, user.email, LOGIN_MAX_FAILURES);
    const blocked = await client.post('/api/auth/login/', { email: user.email, password: 'Wrong-again-1' });
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json();
    expect(body).toEqual({
      detail: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
      message_code: 'sessions.tooManyAttempts',
      params: { minutes: 15 },
      retry_after: expect.any(Number),
    });
    expect(body.retry_after).toBeGreaterThan(14 * 60);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    expect(Number(blocked.headers['retry-after'])).toBe(body.retry_after);
  });

  it('lets the owner in from another address, and lets another account in from the same address', async () => {
    const locked = await buildUser(app);
    const neighbour = await buildUser(app);
    const campus = await ready(createClient(app, { ip: freshIp() }));
    await wrongPasswords(campus, locked.email, LOGIN_MAX_FAILURES + 5);
    expect((await campus.post('/api/auth/login/', credentials(locked))).statusCode).toBe(429);

    const colleague = await ready(createClient(app, { ip: campus.ip }));
    const answer = await colleague.post('/api/auth/login/', { email: neighbour.email, password: neighbour.password });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().email).toBe(neighbour.email);
    expect((await createClient(app, { ip: freshIp() }).login(locked.email, locked.password)).statusCode).toBe(200);
  });

  it('clears the failures of the account from that address on a correct password, and counts no success', async () => {
    const user = await buildUser(app);
    const client = await ready(createClient(app, { ip: freshIp() }));
    const keys = loginCounterKeys(user.email, client.ip);
    expect(tally(await wrongPasswords(client, user.email, LOGIN_MAX_FAILURES - 1))).toEqual({
      401: LOGIN_MAX_FAILURES - 1,
    });
    await client.login(user.email, user.password);
    expect(await counterValue(keys.pair)).toBeUndefined();
    expect(await counterValue(keys.address)).toBe(LOGIN_MAX_FAILURES - 1);
    expect(await counterValue(keys.account)).toBe(LOGIN_MAX_FAILURES - 1);

    const again = await wrongPasswords(client, user.email, LOGIN_MAX_FAILURES + 3);
    expect(tally(again)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 3 });
  });

  it('never limits successful sign-ins one after another', async () => {
    const user = await buildUser(app);
    const client = await ready(createClient(app, { ip: freshIp() }));
    const answers: Answer[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 5; i += 1) {
      answers.push(await client.post('/api/auth/login/', { email: user.email, password: user.password }));
    }
    expect(tally(answers)).toEqual({ 200: LOGIN_MAX_FAILURES + 5 });
    expect(await counterValue(loginCounterKeys(user.email, client.ip).address)).toBe(0);
  });
});

describe('sign-in throttling for one address', () => {
  it('stops spraying many accounts at the address limit, for every account from that address', async () => {
    const sprayer = await ready(createClient(app, { ip: freshIp() }));
    const answers = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES_PER_ADDRESS + 10 }, () =>
        sprayer.post('/api/auth/login/', { email: uniqueEmail('sprayed'), password: 'Spring-2024-pass' }),
      ),
    );
    expect(checks.count).toBe(LOGIN_MAX_FAILURES_PER_ADDRESS);
    expectOnlyCredentialsOrThrottled(answers);
    expect(tally(answers)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_ADDRESS, 429: 10 });
    expect(await counterValue(loginCounterKeys('', sprayer.ip).address)).toBe(LOGIN_MAX_FAILURES_PER_ADDRESS);

    const user = await buildUser(app);
    expect((await sprayer.post('/api/auth/login/', { email: user.email, password: user.password })).statusCode).toBe(
      429,
    );
    expect((await createClient(app, { ip: freshIp() }).login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('sign-in throttling for one account from many addresses', () => {
  async function attackFromManyAddresses(target: FastifyInstance, email: string, count: number) {
    const clients = await Promise.all(
      Array.from({ length: count }, () => ready(createClient(target, { ip: freshIp() }))),
    );
    return Promise.all(
      clients.map((client, i) => client.post('/api/auth/login/', { email, password: `Botnet-${i}-guess` })),
    );
  }

  it('stops at the account limit for new addresses, but never for an address the owner signed in from', async () => {
    const user = await buildUser(app);
    const home = createClient(app, { ip: freshIp() });
    await home.login(user.email, user.password);

    checks.count = 0;
    const answers = await attackFromManyAddresses(app, user.email, LOGIN_MAX_FAILURES_PER_ACCOUNT + 10);
    expect(checks.count).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expectOnlyCredentialsOrThrottled(answers);
    expect(tally(answers)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_ACCOUNT, 429: 10 });

    const travelling = await ready(createClient(app, { ip: freshIp() }));
    expect((await travelling.post('/api/auth/login/', credentials(user))).statusCode).toBe(429);
    const back = await home.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(back.statusCode).toBe(200);
    // The owner's sign-in does not reopen the account to new addresses.
    expect((await travelling.post('/api/auth/login/', credentials(user))).statusCode).toBe(429);
  });
});
