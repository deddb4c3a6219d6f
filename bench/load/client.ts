/**
 * The benchmark's HTTP client: one browser-like session per user, with a cookie jar and the double-submit CSRF header
 * (apps/api/src/plugins/csrf.ts) on unsafe methods. It sends over node:http with kept-alive connections, and uploads
 * go as multipart bodies encoded once (`encodeMultipart`): the client shares the two cores with the server, and
 * fetch (WHATWG streams, Headers and FormData encoding per request) cost it about twice the CPU per request.
 */
import crypto from 'node:crypto';
import http from 'node:http';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A session's own kept-alive connections, as a user's browser has its own: the server's processes take connections
 * in turn (node:cluster's round robin), so connections shared by every session concentrated the load on whichever
 * process held the few the pool kept reusing (one of two HTTP processes served 85 % of the uploads). At most
 * `connections` at once; more requests wait for one (their latency counts from when they were due). An idle
 * connection is closed after 4 s, before the server closes it (5 s, `HTTP_SERVER_OPTIONS`): one reused as the server
 * closes it fails with ECONNRESET (a token refresh between phases did).
 */
const sessionAgent = (connections: number) =>
  new http.Agent({ keepAlive: true, maxSockets: connections, scheduling: 'lifo', timeout: 4_000 });

/**
 * How many connections a browser opens to one host (HTTP/1.1) at most: what a session standing for one user takes.
 * Unbounded, 50 users opened ~900 connections in the first seconds of a mixed phase, one per request in flight.
 */
export const BROWSER_CONNECTIONS = 6;

/**
 * What a timed call gives back: its status (0 when no response came), the body, the time to the last byte, and the
 * Retry-After header of a 503 (the server shedding load).
 */
export type Outcome = {
  status: number;
  body: string;
  ms: number;
  failure?: 'timeout' | 'network';
  retryAfter?: string;
};

/** A multipart/form-data body, encoded once and sent as it is as often as needed. */
export type Multipart = { contentType: string; body: Buffer };

export type CallOptions = { json?: unknown; multipart?: Multipart; timeoutMs?: number };

/** A file part of a multipart body. */
export type FilePart = { field: string; fileName: string; type: string; bytes: Buffer };

/** Encodes text fields and at most one file as multipart/form-data (what a browser's FormData sends). */
export function encodeMultipart(fields: ReadonlyArray<readonly [string, string]>, file?: FilePart): Multipart {
  const boundary = `----confero-load-${crypto.randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

type RawResponse = { status: number; body: string; setCookie: string[]; retryAfter?: string };

/**
 * One request over a session's agent; rejects with a TimeoutError after `timeoutMs` to the last byte. A request sent
 * on a kept-alive connection that the server closed as idle meanwhile (ECONNRESET before any answer: the server read
 * none of it) is sent once more on a new connection, as browsers do.
 */
async function send(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<RawResponse> {
  try {
    return await sendOnce(agent, url, method, headers, body, timeoutMs);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      return sendOnce(agent, url, method, headers, body, timeoutMs, false);
    }
    throw error;
  }
}

function sendOnce(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | undefined,
  timeoutMs: number,
  reuse = true,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: reuse ? agent : false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(timer);
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          setCookie: response.headers['set-cookie'] ?? [],
          ...(retryAfter ? { retryAfter } : {}),
        });
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`no complete answer within ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(Object.assign(error, { reusedSocket: request.reusedSocket }));
    });
    request.end(body);
  });
}

/**
 * A signed-in (or anonymous) user of the API. Cookies the server sets are kept and sent back; an expired one is
 * dropped. `call` reads the whole body before it stops the clock, so a latency is the time to the last byte.
 */
export class Session {
  readonly baseUrl: string;
  private readonly jar = new Map<string, string>();
  private readonly agent: http.Agent;
  /** How many times `expect` met a 503 with Retry-After (the server shedding load) and sent the request again. */
  shedRetries = 0;

  /**
   * `connections`: how many the session may open at once; unbounded by default (a session a bench drives at a fixed
   * concurrency), `BROWSER_CONNECTIONS` for one user's browser.
   */
  constructor(baseUrl: string, options: { connections?: number } = {}) {
    this.baseUrl = baseUrl;
    this.agent = sessionAgent(options.connections ?? Number.POSITIVE_INFINITY);
  }

  private remember(setCookie: readonly string[]): void {
    for (const header of setCookie) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-)/i.test(a));
      if (value === '' || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** The CSRF token, fetched from `GET /api/auth/csrf/` the first time. */
  async csrf(): Promise<string> {
    const current = this.jar.get('csrftoken');
    if (current) return current;
    await this.expect('GET', '/api/auth/csrf/', 200);
    const token = this.jar.get('csrftoken');
    if (!token) throw new Error('GET /api/auth/csrf/ set no csrftoken cookie');
    return token;
  }

  /** The Cookie header of the session (for clients other than `call`). */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request; never throws for an HTTP status, a timeout or a refused connection (see Outcome). */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Outcome> {
    const headers: http.OutgoingHttpHeaders = {};
    if (UNSAFE.has(method)) headers['x-csrftoken'] = await this.csrf();
    if (this.jar.size > 0) headers.cookie = this.cookieHeader();
    let body: Buffer | undefined;
    if (options.multipart) {
      headers['content-type'] = options.multipart.contentType;
      body = options.multipart.body;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(options.json));
    }
    if (body) headers['content-length'] = body.length;
    const started = performance.now();
    try {
      const response = await send(
        this.agent,
        new URL(path, this.baseUrl),
        method,
        headers,
        body,
        options.timeoutMs ?? 60_000,
      );
      this.remember(response.setCookie);
      return {
        status: response.status,
        body: response.body,
        ms: performance.now() - started,
        ...(response.retryAfter ? { retryAfter: response.retryAfter } : {}),
      };
    } catch (error) {
      const failure = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      const { code, message } = error as { code?: string; message?: string };
      const reason = [code, message].filter(Boolean).join(': ');
      return { status: 0, body: reason, ms: performance.now() - started, failure };
    }
  }

  /**
   * A call that must answer `expected`; its JSON body. Used for seeding and for the steps a benchmark times as a
   * whole, where any other answer stops the run; a 503 with Retry-After (shed: nothing was done) is sent again after
   * the delay (at most 5 s), up to 100 times.
   */
  async expect<T>(method: string, path: string, expected: number, options: CallOptions = {}): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.call(method, path, options);
      if (outcome.status === 503 && outcome.retryAfter && attempt < 100) {
        this.shedRetries += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(Number(outcome.retryAfter) || 1, 5) * 1000));
        continue;
      }
      if (outcome.status !== expected) {
        throw new Error(
          `${method} ${path} answered ${outcome.status} (expected ${expected}): ${outcome.body.slice(0, 500)}`,
        );
      }
      return (outcome.body ? JSON.parse(outcome.body) : undefined) as T;
    }
  }
}
