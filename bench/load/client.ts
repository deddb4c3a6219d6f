/**
 * The benchmark's HTTP client: one browser-like session per user on Node's built-in fetch (undici), with a cookie
 * jar and the double-submit CSRF header (apps/api/src/plugins/csrf.ts) on unsafe methods.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

export type CallOptions = { json?: unknown; form?: FormData; timeoutMs?: number };

/**
 * A signed-in (or anonymous) user of the API. Cookies the server sets are kept and sent back; an expired one is
 * dropped. `call` reads the whole body before it stops the clock, so a latency is the time to the last byte.
 */
export class Session {
  readonly baseUrl: string;
  private readonly jar = new Map<string, string>();
  /** How many times `expect` met a 503 with Retry-After (the server shedding load) and sent the request again. */
  shedRetries = 0;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
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
    const headers: Record<string, string> = {};
    if (UNSAFE.has(method)) headers['x-csrftoken'] = await this.csrf();
    if (this.jar.size > 0) headers.cookie = this.cookieHeader();
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const started = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      this.remember(response);
      const text = await response.text();
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      return {
        status: response.status,
        body: text,
        ms: performance.now() - started,
        ...(retryAfter ? { retryAfter } : {}),
      };
    } catch (error) {
      const name = (error as { name?: string }).name;
      const failure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
      // fetch says only 'fetch failed'; the reason (ECONNRESET, UND_ERR_SOCKET …) is on its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = [cause?.code, cause?.message ?? (error as Error).message].filter(Boolean).join(': ');
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
