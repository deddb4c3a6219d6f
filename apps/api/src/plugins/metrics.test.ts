import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { queueMail } from '../mail/outbox.ts';

const TOKEN = 'metrics-token-0123456789';
let app: TestApp;
let production: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ metricsToken: TOKEN });
  production = await buildTestApp({ isProduction: true });
});
afterAll(async () => {
  await app.close();
  await production.close();
});

const scrape = (target: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  target.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests and their latency per route pattern, never per raw URL', async () => {
    await app.inject({ method: 'GET', url: '/api/health/' });
    await app.inject({ method: 'GET', url: '/api/health/' });
    await app.inject({ method: 'GET', url: '/api/events/123456/' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing/secret-token-value/' });
    const response = await scrape(app, { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sample(text, 'confero_http_requests_total{method="GET",route="/api/health/",status_class="2xx"}')).toBe(2);
    expect(
      sample(text, 'confero_http_request_duration_seconds_count{method="GET",route="/api/health/",status_class="2xx"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'confero_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health/",status_class="2xx"}',
      ),
    ).toBe(2);
    expect(text).toContain('route="/api/events/:id/"');
    expect(sample(text, 'confero_http_requests_total{method="GET",route="(unmatched)",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('123456');
    expect(text).not.toContain('secret-token-value');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('confero_worker_threads{kind="threads"}');
    expect(text).toContain('confero_http_in_flight');
  });

  it('reports the jobs waiting by type, the age of the oldest due one, and the mail outbox', async () => {
    await app.db.execute(sql`delete from jobs`);
    await enqueueJob(app.db, 'test.metrics', {});
    await enqueueJob(app.db, 'test.metrics', {});
    await enqueueJob(app.db, 'test.later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await app.db.execute(sql`update jobs set run_at = now() - interval '90 seconds' where type = 'test.metrics'`);
    await queueMail(app.db, { to: 'metrics@example.org', template: 'auth.password_changed', data: {} });
    const text = (await scrape(app, { authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(text, 'confero_jobs{type="test.metrics",status="queued"}')).toBe(2);
    expect(sample(text, 'confero_jobs{type="test.later",status="queued"}')).toBe(1);
    expect(sample(text, 'confero_jobs_oldest_due_age_seconds{type="test.metrics"}')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'confero_jobs_oldest_due_age_seconds{type="test.later"}')).toBeUndefined();
    expect(sample(text, 'confero_mail_outbox{status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'confero_mail_outbox{status="failed"}')).toBe(0);
  });

  it('reports the connection pool on PostgreSQL only', async () => {
    const text = (await scrape(app, { authorization: `Bearer ${TOKEN}` })).body;
    if (process.env.TEST_DB === 'postgres') {
      expect(sample(text, 'confero_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'confero_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('confero_db_pool');
    }
  });

  it('refuses a scrape without the token, or with a wrong one, when METRICS_TOKEN is set', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await scrape(app, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED', message_code: 'http.notAuthenticated' });
      expect(response.body).not.toContain('confero_');
    }
  });

  it('in production without a token, answers loopback only', async () => {
    const outside = await scrape(production, {}, '203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'http.permissionDenied' });
    const local = await scrape(production, {}, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('confero_http_requests_total');
  });
});
