import crypto from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mailOutbox } from '../src/db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export type RequestOptions = {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Leave out the X-CSRFToken header (the cookie jar still sends the csrftoken cookie). */
  skipCsrf?: boolean;
  /** Send no cookies at all with this request. */
  withoutCookies?: boolean;
};

/** A cookie as the client last received it, with the attributes the server set. */
export type ReceivedCookie = {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};

function randomIp(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${Math.max(1, bytes[2] ?? 1)}`;
}

/**
 * A browser-like client for integration tests on top of `app.inject`: it keeps cookies between calls (dropping
 * those the server expires), fetches the CSRF token once and echoes it in `X-CSRFToken` on unsafe methods, and
 * comes from its own IP address (random unless given), so rate limits of one client do not leak into another.
 */
export class TestClient {
  readonly app: FastifyInstance;
  readonly ip: string;
  /** The cookie jar: name → cookie as last set. */
  readonly jar = new Map<string, ReceivedCookie>();

  constructor(app: FastifyInstance, options: { ip?: string } = {}) {
    this.app = app;
    this.ip = options.ip ?? randomIp();
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, { name, value });
  }

  clearCookies(): void {
    this.jar.clear();
  }

  private cookieHeader(): string | undefined {
    if (this.jar.size === 0) return undefined;
    return [...this.jar.values()].map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as ReceivedCookie[]) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie);
    }
  }

  /** GET /api/auth/csrf/ once; returns the token. */
  async csrf(): Promise<string> {
    const current = this.cookie('csrftoken');
    if (current) return current;
    const response = await this.request('GET', '/api/auth/csrf/');
    const token = (response.json() as { csrftoken: string }).csrftoken;
    if (!token) throw new Error(`no csrf token: ${response.statusCode} ${response.body}`);
    return token;
  }

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const headers: Record<string, string> = { ...options.headers };
    if (unsafe && !options.skipCsrf && !options.withoutCookies) headers['x-csrftoken'] = await this.csrf();
    const cookies = options.withoutCookies ? undefined : this.cookieHeader();
    if (cookies && !headers.cookie) headers.cookie = cookies;
    const inject: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (options.query) inject.query = options.query;
    if (body !== undefined) inject.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(inject);
    this.remember(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options);
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body, options);
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, body, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Signs in through the API; throws with the answer when it is not 200. */
  async login(email: string, password: string) {
    const response = await this.post('/api/auth/login/', { email, password });
    if (response.statusCode !== 200) {
      throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }
}

/** A new client with an empty cookie jar. */
export function createClient(app: FastifyInstance, options: { ip?: string } = {}): TestClient {
  return new TestClient(app, options);
}

/** A client already signed in as the given user. */
export async function signedInClient(app: FastifyInstance, user: { email: string; password: string }) {
  const client = createClient(app);
  await client.login(user.email, user.password);
  return client;
}

export type OutboxMail = { id: number; recipient: string; template: string; subject: string; text_body: string };

/** The mails queued for an address (any letter case), oldest first, as stored in mail_outbox. */
export async function mailsTo(app: FastifyInstance, recipient: string): Promise<OutboxMail[]> {
  const rows = await app.db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      template: mailOutbox.template,
      subject: mailOutbox.subject,
      text_body: mailOutbox.textBody,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = lower(${recipient})`)
    .orderBy(asc(mailOutbox.id));
  return rows;
}

/** The last mail of a template queued for an address; throws when there is none. */
export async function lastMail(app: FastifyInstance, recipient: string, template: string): Promise<OutboxMail> {
  const mail = (await mailsTo(app, recipient)).filter((row) => row.template === template).at(-1);
  if (!mail) throw new Error(`no ${template} mail to ${recipient}`);
  return mail;
}

/** The first link in a mail's text whose path starts with `pathPrefix` (e.g. '/verify-email'). */
export function linkIn(mail: OutboxMail, pathPrefix: string): URL {
  for (const match of mail.text_body.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no ${pathPrefix} link in mail ${mail.id}: ${mail.text_body}`);
}

/**
 * One signed-in client per user, made on first use and kept for the file: `const as = signedInClients(() => app)`
 * then `await as(user)`. The app is read when a client is first needed (it is built in `beforeAll`).
 */
export function signedInClients(getApp: () => FastifyInstance) {
  const clients = new Map<string, TestClient>();
  return async (user: { email: string; password: string }): Promise<TestClient> => {
    let client = clients.get(user.email);
    if (!client) {
      client = await signedInClient(getApp(), user);
      clients.set(user.email, client);
    }
    return client;
  };
}
