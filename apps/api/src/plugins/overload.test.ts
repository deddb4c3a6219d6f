import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { RETRY_AFTER_SECONDS } from './overload.ts';

let app: TestApp;
/** Resolves the slow test route's open requests. */
let release: () => void = () => undefined;
const held = Promise.withResolvers<void>();
/** Resolves the held reads of the standing-queue test. */
const holding = Promise.withResolvers<void>();

beforeAll(async () => {
  app = await buildTestApp(
    // The plugin reads these bounds on every request: each test sets the one it forces (a busy test machine lags).
    { overload: { maxInFlight: 1, maxEventLoopDelayMs: 60_000, maxDbWaiting: 5, maxQueueDelayMs: 60_000 } },
    {
      beforeReady: (instance) => {
        instance.get('/api/test/slow/', async () => {
          await held.promise;
          return { done: true };
        });
        instance.get('/api/test/hold/', async () => {
          await holding.promise;
          return { held: true };
        });
        instance.get<{ Querystring: { ms: string } }>('/api/test/wait/', async (request) => {
          await sleep(Number(request.query.ms));
          return { waited: Number(request.query.ms) };
        });
      },
    },
  );
  release = () => held.resolve();
});
afterAll(async () => {
  release();
  holding.resolve();
  await app.close();
});

const busyBody = {
  detail: `The server is busy. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
  code: 'SERVER_BUSY',
  message_code: 'http.serverBusy',
  params: { seconds: RETRY_AFTER_SECONDS },
};

describe('load shedding', () => {
  it('answers 503 SERVER_BUSY with Retry-After while the requests in flight are at the bound, and serves again after', async () => {
    // inject sends on its first then().
    const slow = app.inject({ method: 'GET', url: '/api/test/slow/' }).then((response) => response);
    await sleep(20);
    expect(app.load.state().inFlight).toBe(1);

    const refused = await app.inject({ method: 'GET', url: '/api/config/' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect(refused.json()).toEqual(busyBody);
    expect(app.load.shed.in_flight).toBeGreaterThanOrEqual(1);

    // Health is never shed.
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);

    release();
    expect((await slow).json()).toEqual({ done: true });
    expect(app.load.state().inFlight).toBe(0);
    const served = await app.inject({ method: 'GET', url: '/api/config/' });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toHaveProperty('max_upload_mb');
  });

  it('sheds while the event loop lags past its bound at two checks in a row, and serves again once it caught up', async () => {
    app.config.overload.maxInFlight = 100;
    app.config.overload.maxEventLoopDelayMs = 250;
    const block = async () => {
      // Busy for 500 ms, like CPU-bound work on the request thread; then the lag sampler's timer, due long ago, fires.
      const until = performance.now() + 500;
      while (performance.now() < until) {
        // busy
      }
      await sleep(0);
    };
    // Late twice in a row (not one slow task or a garbage collection): the loop is kept busy.
    await block();
    await block();
    expect(app.load.state().eventLoopDelayMs).toBeGreaterThan(250);
    const refused = await app.inject({ method: 'GET', url: '/api/config/' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(busyBody);
    expect(app.load.shed.event_loop_delay).toBeGreaterThanOrEqual(1);

    await sleep(350);
    expect((await app.inject({ method: 'GET', url: '/api/config/' })).statusCode).toBe(200);
  });

  it('sheds while even the quickest reads wait past the queue bound at two checks in a row, and serves again after', async () => {
    const limits = app.config.overload;
    limits.maxInFlight = 1_000;
    limits.maxEventLoopDelayMs = 60_000;
    limits.maxQueueDelayMs = 80;
    // A few slow reads are not a queue: about 2 reads of 150 ms answered per check.
    const few: Promise<unknown>[] = [];
    for (let i = 0; i < 15; i += 1) {
      few.push(app.inject({ method: 'GET', url: '/api/test/wait/?ms=150' }).then((response) => response));
      await sleep(40);
    }
    await Promise.all(few);
    expect(app.load.shed.queue_delay).toBe(0);
    // Many: reads that each take 150 ms (a standing queue), 25 answered per check, for up to 1.2 s.
    const reads: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i += 1) {
      for (let j = 0; j < 5; j += 1) {
        reads.push(app.inject({ method: 'GET', url: '/api/test/wait/?ms=150' }).then((response) => response));
      }
      await sleep(20);
      if (app.load.shed.queue_delay > 0) break;
    }
    // Checked with a request that is not a read (a quick read would show there is no queue): refused, or a 404.
    const refused = await app.inject({ method: 'POST', url: '/api/test/nothing/' });
    await Promise.all(reads);
    expect(app.load.shed.queue_delay).toBeGreaterThanOrEqual(1);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual(busyBody);

    // Once no read waits, two checks later the process serves again.
    await sleep(350);
    expect(app.load.state().queueDelayMs).toBeLessThan(80);
    const served = await app.inject({ method: 'GET', url: '/api/test/wait/?ms=1' });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({ waited: 1 });
    limits.maxQueueDelayMs = 60_000;
  });

  it('sheds while at least 10 reads wait past the queue bound when too few are answered to tell, and not for fewer', async () => {
    const limits = app.config.overload;
    limits.maxInFlight = 1_000;
    limits.maxEventLoopDelayMs = 60_000;
    limits.maxQueueDelayMs = 80;
    const shedBefore = app.load.shed.queue_delay;
    const hold = (count: number) =>
      Array.from({ length: count }, () => app.inject({ method: 'GET', url: '/api/test/hold/' }).then((r) => r));
    // Nine reads waiting (no answer at all): not a queue.
    const nine = hold(9);
    await sleep(400);
    expect(app.load.state().queueDelayMs).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/api/test/nothing/' })).statusCode).not.toBe(503);
    // A tenth: ten reads have waited past the bound, at two checks in a row.
    const tenth = hold(1);
    await sleep(400);
    expect(app.load.state().queueDelayMs).toBeGreaterThan(80);
    const refused = await app.inject({ method: 'POST', url: '/api/test/nothing/' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(busyBody);
    expect(app.load.shed.queue_delay).toBe(shedBefore + 1);

    holding.resolve();
    for (const response of await Promise.all([...nine, ...tenth])) expect(response.json()).toEqual({ held: true });
    await sleep(350);
    expect((await app.inject({ method: 'GET', url: '/api/test/wait/?ms=1' })).statusCode).toBe(200);
    limits.maxQueueDelayMs = 60_000;
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'sheds while more queries wait for a database connection than its bound',
    async () => {
      app.config.overload.maxEventLoopDelayMs = 60_000;
      app.config.overload.maxDbWaiting = 1;
      // The pool holds 10 connections: 13 slow queries leave 3 waiting.
      const slowQueries = Promise.all(Array.from({ length: 13 }, () => app.db.execute(sql`select pg_sleep(0.5)`)));
      await sleep(50);
      expect(app.load.state().dbWaiting).toBe(3);
      const refused = await app.inject({ method: 'GET', url: '/api/config/' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual(busyBody);
      expect(app.load.shed.db_waiting).toBe(1);
      await slowQueries;
      expect((await app.inject({ method: 'GET', url: '/api/config/' })).statusCode).toBe(200);
    },
  );
});
