import { describe, expect, it, vi } from 'vitest';
import {
  type ApiClientOptions,
  ApiError,
  AUTH_REQUIRED_MESSAGE,
  BUSY_RETRY_LIMIT_MS,
  type BusyRetryState,
  createApiClient,
  NETWORK_ERROR_MESSAGE,
  parseRetryAfter,
} from './api.ts';

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.', code: 'NOT_AUTHENTICATED' };

/**
 * A fake browser around the client: a cookie jar the "server" writes to, a
 * fetch that records every call and answers through `handler`, the current
 * path, and a spy for the redirect to /login.
 */
function setup(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const jar = new Map<string, string>([
    ['csrftoken', 'csrf-1'],
    ['access_token', 'old-token'],
  ]);
  const removed: string[] = [];
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    expect(init?.credentials).toBe('include');
    calls.push(call);
    return handler(call);
  });
  const redirectToLogin = vi.fn();
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    cookies: {
      get: (name) => jar.get(name),
      remove: (name) => {
        removed.push(name);
        jar.delete(name);
      },
    },
    getPathname: () => '/dashboard',
    redirectToLogin,
    ...overrides,
  });
  const callsTo = (path: string) => calls.filter((call) => call.path === path);
  return { client, jar, removed, calls, callsTo, fetch, redirectToLogin };
}

/** Ten item requests that answer 401 until the access token is `new-token`. */
function itemHandler(refresh: (call: Call) => Promise<Response>, jar: () => Map<string, string>): Handler {
  return (call) => {
    if (call.path === '/api/auth/refresh/') return refresh(call);
    const id = Number(call.path.match(/items\/(\d+)\//)?.[1]);
    if (call.headers.Authorization === `Bearer new-token`) return json(200, { id, token: jar().get('access_token') });
    return json(401, NOT_AUTHENTICATED);
  };
}

describe('token refresh queue', () => {
  it('runs exactly one refresh for ten concurrent 401s and replays all ten with the new token', async () => {
    const gate = deferred<Response>();
    let env: ReturnType<typeof setup> | undefined;
    env = setup(
      itemHandler(
        () => gate.promise,
        () => env?.jar ?? new Map(),
      ),
    );
    const { client, jar, callsTo, calls, redirectToLogin } = env;

    const pending = Array.from({ length: 10 }, (_, id) => client.get<{ id: number }>(`items/${id}/`));

    // All ten fail first; while the refresh is pending they wait instead of starting refreshes of their own.
    await vi.waitFor(() => expect(calls.filter((call) => call.path.startsWith('/api/items/'))).toHaveLength(10));
    expect(callsTo('/api/auth/refresh/')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo('/api/auth/refresh/')).toHaveLength(1);
    expect(calls).toHaveLength(11);

    // The server answers the refresh by rotating the access token cookie.
    jar.set('access_token', 'new-token');
    gate.resolve(json(200, { message: 'auth.tokenRefreshed' }));

    const results = await Promise.all(pending);
    expect(results.map((result) => result.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const refresh = callsTo('/api/auth/refresh/');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.method).toBe('POST');
    expect(refresh[0]?.body).toEqual({});
    expect(refresh[0]?.headers['X-CSRFToken']).toBe('csrf-1');

    const items = calls.filter((call) => call.path.startsWith('/api/items/'));
    expect(items).toHaveLength(20);
    const replays = items.slice(10);
    expect(replays.every((call) => call.headers.Authorization === 'Bearer new-token')).toBe(true);
    expect(replays.every((call) => call.headers['X-CSRFToken'] === 'csrf-1')).toBe(true);
    expect(new Set(replays.map((call) => call.path)).size).toBe(10);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(client.isRefreshFailed()).toBe(false);
  });

  it('rejects all ten and runs the failure path once when the refresh fails', async () => {
    const gate = deferred<Response>();
    const { client, calls, callsTo, removed, redirectToLogin } = setup(
      itemHandler(
        () => gate.promise,
        () => new Map(),
      ),
    );

    const settled = Promise.allSettled(Array.from({ length: 10 }, (_, id) => client.get(`items/${id}/`)));
    await vi.waitFor(() => expect(calls.filter((call) => call.path.startsWith('/api/items/'))).toHaveLength(10));
    gate.resolve(json(401, { detail: 'Token is invalid or expired', code: 'TOKEN_INVALID' }));

    const results = await settled;
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    for (const result of results) {
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }

    expect(callsTo('/api/auth/refresh/')).toHaveLength(1);
    expect(calls.filter((call) => call.path.startsWith('/api/items/'))).toHaveLength(10);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(removed.sort()).toEqual(['access_token', 'refresh_token']);
    expect(client.isRefreshFailed()).toBe(true);

    // From now on non-auth calls are refused without reaching the network; auth calls still go out.
    const before = calls.length;
    await expect(client.get('items/11/')).rejects.toMatchObject({ status: 401, detail: AUTH_REQUIRED_MESSAGE });
    expect(calls).toHaveLength(before);
    await client.post('auth/login/', { email: 'a@b.c', password: 'x' }).catch(() => undefined);
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)?.path).toBe('/api/auth/login/');

    // A sign-in resets the session.
    client.resetSession();
    expect(client.isRefreshFailed()).toBe(false);
  });

  it('replays a 401 that arrives after the refresh finished without refreshing again', async () => {
    const late = deferred<Response>();
    const env = setup((call) => {
      if (call.path === '/api/auth/refresh/') {
        env.jar.set('access_token', 'new-token');
        return json(200, { message: 'auth.tokenRefreshed' });
      }
      if (call.headers.Authorization === 'Bearer new-token') return json(200, { path: call.path });
      if (call.path === '/api/slow/') return late.promise;
      return json(401, NOT_AUTHENTICATED);
    });
    const slow = env.client.get('slow/');
    await vi.waitFor(() => expect(env.callsTo('/api/slow/')).toHaveLength(1));
    await expect(env.client.get('fast/')).resolves.toEqual({ path: '/api/fast/' });
    late.resolve(json(401, NOT_AUTHENTICATED));
    await expect(slow).resolves.toEqual({ path: '/api/slow/' });
    expect(env.callsTo('/api/auth/refresh/')).toHaveLength(1);
  });

  it('does not redirect when the failure happens on /login or /register', async () => {
    for (const pathname of ['/login', '/register']) {
      const { client, redirectToLogin, callsTo } = setup(
        (call) =>
          call.path === '/api/auth/refresh/'
            ? json(401, { detail: 'Token is invalid or expired', code: 'TOKEN_INVALID' })
            : json(401, NOT_AUTHENTICATED),
        { getPathname: () => pathname },
      );
      await expect(client.get('users/me/')).rejects.toMatchObject({ status: 401 });
      expect(callsTo('/api/auth/refresh/')).toHaveLength(1);
      expect(client.isRefreshFailed()).toBe(true);
      expect(redirectToLogin).not.toHaveBeenCalled();
    }
  });

  it('runs the failure path at once, and only once, without a refresh when the token is blacklisted', async () => {
    const { client, callsTo, removed, redirectToLogin } = setup(() =>
      json(401, { detail: 'Token is blacklisted', code: 'TOKEN_BLACKLISTED' }),
    );
    const results = await Promise.allSettled([client.get('users/me/'), client.get('events/'), client.get('reviews/')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401, code: 'TOKEN_BLACKLISTED' });
    expect(callsTo('/api/auth/refresh/')).toHaveLength(0);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(removed.sort()).toEqual(['access_token', 'refresh_token']);
  });

  it('does not try a refresh for a 401 from an authentication call', async () => {
    const { client, callsTo, redirectToLogin } = setup(() =>
      json(401, { detail: 'No active account found with the given credentials', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(client.post('auth/login/', { email: 'a@b.c', password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      detail: 'No active account found with the given credentials',
    });
    expect(callsTo('/api/auth/refresh/')).toHaveLength(0);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(client.isRefreshFailed()).toBe(false);
  });
});

describe('request basics', () => {
  it('fetches the CSRF cookie once when it is missing and sends it on every call', async () => {
    const env = setup((call) => {
      if (call.path === '/api/auth/csrf/') {
        env.jar.set('csrftoken', 'fresh-csrf');
        return json(200, { csrftoken: 'fresh-csrf' });
      }
      return json(200, { ok: call.path });
    });
    env.jar.delete('csrftoken');
    await Promise.all([env.client.get('a/'), env.client.post('b/', { x: 1 }), env.client.delete('c/')]);
    expect(env.callsTo('/api/auth/csrf/')).toHaveLength(1);
    const others = env.calls.filter((call) => call.path !== '/api/auth/csrf/');
    expect(others.map((call) => call.headers['X-CSRFToken'])).toEqual(['fresh-csrf', 'fresh-csrf', 'fresh-csrf']);
  });

  it('sends JSON bodies, query strings and the Bearer header, and throws ApiError with the error shape', async () => {
    const { client, calls } = setup((call) =>
      call.method === 'POST'
        ? json(400, {
            detail: 'title: This field is required.',
            code: 'VALIDATION_ERROR',
            fields: { title: ['This field is required.'] },
          })
        : json(200, [1, 2]),
    );
    await expect(client.get('events/', { query: { page: 2, search: 'a b', skip: undefined } })).resolves.toEqual([
      1, 2,
    ]);
    expect(calls[0]?.path).toBe('/api/events/?page=2&search=a+b');
    expect(calls[0]?.headers.Authorization).toBe('Bearer old-token');

    const error = await client.post('/api/events/', { title: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'title: This field is required.',
      fields: { title: ['This field is required.'] },
    });
    expect(calls[1]?.path).toBe('/api/events/');
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ title: '' });
  });

  it('turns a network failure into the network error message', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.get('events/')).rejects.toMatchObject({ status: 0, detail: NETWORK_ERROR_MESSAGE });
  });

  it('reports upload progress through XMLHttpRequest with the same headers', async () => {
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
    class FakeXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        sent.method = method;
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getResponseHeader() {
        return 'application/json';
      }
      abort() {}
      send(body: unknown) {
        sent.body = body;
        expect(this.withCredentials).toBe(true);
        for (const loaded of [50, 100]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        }
        this.status = 201;
        this.responseText = JSON.stringify({ id: 7 });
        queueMicrotask(() => this.onload?.());
      }
    }
    const { client } = setup(() => json(500, {}), { createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7']), 'paper.pdf');
    const percents: number[] = [];
    const result = await client.upload('submissions/1/files/', form, { onProgress: (p) => percents.push(p.percent) });
    expect(result).toEqual({ id: 7 });
    expect(percents).toEqual([50, 100]);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/submissions/1/files/' });
    expect(sent.headers['X-CSRFToken']).toBe('csrf-1');
    expect(sent.headers['Content-Type']).toBeUndefined();
    expect(sent.body).toBe(form);
  });
});

describe('logout sequence', () => {
  it('sets the flags, waits 50 ms, calls the server, waits 50 ms and clears the cookies even on a server error', async () => {
    const steps: string[] = [];
    const env = setup(
      (call) => {
        steps.push(`${call.method} ${call.path}`);
        return json(500, { detail: 'boom', code: 'INTERNAL_ERROR' });
      },
      {
        sleep: async (ms) => {
          steps.push(`wait ${ms}`);
        },
        cookies: {
          get: (name) => (name === 'csrftoken' ? 'csrf-1' : undefined),
          remove: (name) => steps.push(`clear ${name}`),
        },
      },
    );
    await env.client.logout({
      onSigningOut: () => {
        steps.push(`signing out (flags ${env.client.isLoggingOut()} ${env.client.isRefreshFailed()})`);
      },
      onSignedOut: () => steps.push('signed out'),
    });
    expect(steps).toEqual([
      'signing out (flags true true)',
      'wait 50',
      'POST /api/auth/logout/',
      'wait 50',
      'clear access_token',
      'clear refresh_token',
      'signed out',
    ]);
    expect(env.client.isPagePublic()).toBe(true);
    await expect(env.client.get('users/me/')).rejects.toMatchObject({ detail: AUTH_REQUIRED_MESSAGE });
    expect(steps.filter((step) => step.includes('users/me'))).toEqual([]);
  });
});

const SERVER_BUSY = { detail: 'The server is busy. Please try again in 3 seconds.', code: 'SERVER_BUSY' };

function busy(retryAfter: string | null = '3'): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfter !== null) headers['retry-after'] = retryAfter;
  return new Response(JSON.stringify(SERVER_BUSY), { status: 503, headers });
}

/** A clock that the client's sleeps move forward, and the notices the client published meanwhile. */
function busyClock() {
  let time = 1_000_000;
  const waits: number[] = [];
  const notices: (BusyRetryState | null)[] = [];
  return {
    waits,
    notices,
    options: {
      now: () => time,
      random: () => 0,
      sleep: async (ms: number) => {
        waits.push(ms);
        time += ms;
      },
    } satisfies Partial<ApiClientOptions>,
  };
}

function paperForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.7']), 'paper.pdf');
  return form;
}

describe('retries while the server is busy', () => {
  it('sends a multipart POST again after Retry-After when the server sheds it, and resolves with the 201', async () => {
    const clock = busyClock();
    const answers = [busy('3'), json(201, { id: 'paper-1' })];
    const env = setup(() => answers.shift() ?? json(500, {}), clock.options);
    env.client.subscribeBusyRetry((state) => clock.notices.push(state));
    const form = paperForm();

    await expect(env.client.post('submissions/', form)).resolves.toEqual({ id: 'paper-1' });

    const posts = env.callsTo('/api/submissions/');
    expect(posts).toHaveLength(2);
    expect(posts.map((call) => call.body)).toEqual([form, form]);
    expect(clock.waits).toEqual([3000]);
    // The notice showed the retry while it waited, and went away once the request went through.
    expect(clock.notices).toEqual([expect.objectContaining({ retryAt: 1_003_000, waiting: 1 }), null]);
    expect(env.client.getBusyRetry()).toBeNull();
  });

  it('waits Retry-After plus up to half of it at random, so that refused clients do not return together', async () => {
    const clock = busyClock();
    const answers = [busy('4'), busy('4'), json(201, { id: 2 })];
    const env = setup(() => answers.shift() ?? json(500, {}), { ...clock.options, random: () => 0.999 });
    await env.client.post('submissions/', paperForm());
    expect(clock.waits).toEqual([5998, 5998]);
  });

  it('retries an upload through XMLHttpRequest the same way', async () => {
    const clock = busyClock();
    const statuses = [503, 201];
    const sent: unknown[] = [];
    class BusyThenCreatedXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      getResponseHeader(name: string) {
        if (name === 'content-type') return 'application/json';
        return name === 'retry-after' && this.status === 503 ? '2' : null;
      }
      abort() {}
      send(body: unknown) {
        sent.push(body);
        this.status = statuses.shift() ?? 500;
        this.responseText = JSON.stringify(this.status === 503 ? SERVER_BUSY : { id: 9 });
        queueMicrotask(() => this.onload?.());
      }
    }
    const env = setup(() => json(500, {}), {
      ...clock.options,
      createXhr: () => new BusyThenCreatedXhr() as unknown as XMLHttpRequest,
    });
    const form = paperForm();
    await expect(env.client.upload('submissions/1/final_version/', form)).resolves.toEqual({ id: 9 });
    expect(sent).toEqual([form, form]);
    expect(clock.waits).toEqual([2000]);
  });

  it('gives up two minutes after the first attempt and rejects with the busy answer', async () => {
    const clock = busyClock();
    const env = setup(() => busy('30'), clock.options);
    const error = await env.client.post('submissions/', paperForm()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVER_BUSY', detail: SERVER_BUSY.detail });
    // Waits of 30 s at 0, 30, 60 and 90 s; the next would end past 120 s.
    expect(clock.waits).toEqual([30_000, 30_000, 30_000, 30_000]);
    expect(clock.waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(BUSY_RETRY_LIMIT_MS);
    expect(env.callsTo('/api/submissions/')).toHaveLength(5);
  });

  it('stops waiting when the user cancels, with the busy answer as the outcome', async () => {
    const pending = deferred<void>();
    const env = setup(() => busy('5'), { sleep: () => pending.promise });
    const notice = deferred<BusyRetryState>();
    env.client.subscribeBusyRetry((state) => {
      if (state) notice.resolve(state);
    });
    const request = env.client.post('submissions/', paperForm());
    const state = await notice.promise;
    expect(state.waiting).toBe(1);
    state.cancel();
    await expect(request).rejects.toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    expect(env.callsTo('/api/submissions/')).toHaveLength(1);
    expect(env.client.getBusyRetry()).toBeNull();
  });

  it("stops waiting with an AbortError when the caller's signal aborts", async () => {
    const env = setup(() => busy('5'), { sleep: () => new Promise(() => {}) });
    const controller = new AbortController();
    const started = deferred<void>();
    env.client.subscribeBusyRetry((state) => {
      if (state) started.resolve();
    });
    const request = env.client.patch('submissions/1/', paperForm(), { signal: controller.signal });
    await started.promise;
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(env.client.getBusyRetry()).toBeNull();
  });

  it('does not send a POST again after a 503 that is not the server shedding load (it may have been processed)', async () => {
    const clock = busyClock();
    const env = setup(() => json(503, { detail: 'Service Unavailable', code: 'UPSTREAM_DOWN' }), clock.options);
    await expect(env.client.post('submissions/', paperForm())).rejects.toMatchObject({ status: 503 });
    expect(env.callsTo('/api/submissions/')).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
