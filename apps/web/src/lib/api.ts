import { type CookieAccess, documentCookies } from './cookies.ts';

/** Local rejection while the session is known to be gone. */
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const NETWORK_ERROR_MESSAGE = 'Network error. The server is not responding. Please try again later.';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
const TOKEN_COOKIES = [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE];

/** Pages from which an authentication failure does not redirect to /login. */
const NO_REDIRECT_PATHS = ['/login', '/register'];

/** A 401 whose code says the token is blacklisted or invalid runs the failure path at once instead of a refresh. */
const REJECTED_TOKEN_CODES = new Set(['TOKEN_BLACKLISTED', 'TOKEN_INVALID']);

function isRejectedToken(error: ApiError): boolean {
  return REJECTED_TOKEN_CODES.has(error.code);
}

export type ApiErrorFields = Record<string, string[]>;

/** Every failed call rejects with this: the HTTP status and the API's {detail, code, fields} error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fields: ApiErrorFields | undefined;
  /** The parsed response body, for screens that read other fields (such as `error`). */
  readonly body: unknown;

  constructor(init: { status: number; code: string; detail: string; fields?: ApiErrorFields; body?: unknown }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fields = init.fields;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type UploadProgress = { loaded: number; total: number; percent: number };

export type UploadOptions = Omit<RequestOptions, 'body'> & {
  method?: 'POST' | 'PUT' | 'PATCH';
  onProgress?: (progress: UploadProgress) => void;
};

type TransportRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | string | undefined;
  signal: AbortSignal | undefined;
};
type TransportResponse = { status: number; body: unknown; retryAfter: string | null };
type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type ApiClientOptions = {
  /** Base of every call; paths are given relative to it ('users/me/'). */
  baseUrl?: string;
  fetch?: typeof fetch;
  cookies?: CookieAccess;
  /** The page the user is on, for the "not on /login or /register" rule. */
  getPathname?: () => string;
  /** Sends the user to /login after an unrecoverable authentication failure. */
  redirectToLogin?: () => void;
  createXhr?: () => XMLHttpRequest;
  sleep?: (ms: number) => Promise<void>;
  /** The clock and the random source of the busy-server retries (replaced in tests). */
  now?: () => number;
  random?: () => number;
};

/** What the user is told while requests wait to be sent again to a busy server: when the next goes, and a way out. */
export type BusyRetryState = { retryAt: number; waiting: number; cancel: () => void };

/** The code of the `503` a server answers when it sheds load: the request was refused before any of it ran. */
export const SERVER_BUSY_CODE = 'SERVER_BUSY';
/** A request the server keeps refusing as busy is given up this long after its first attempt. */
export const BUSY_RETRY_LIMIT_MS = 120_000;
/** The wait when a busy answer names none. */
const DEFAULT_RETRY_AFTER_MS = 2_000;

export type LogoutSteps = {
  /** Runs right after the flags are set: clear the user and mark the page public. */
  onSigningOut?: () => void;
  /** Runs once the token cookies are cleared: go to /login and schedule the reload. */
  onSignedOut?: () => void;
};

export type ApiClient = ReturnType<typeof createApiClient>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/** Sign-in, registration, logout, refresh, password reset and e-mail verification are all under auth/. */
export function isAuthenticationCall(path: string): boolean {
  return normalizePath(path).startsWith('auth/');
}

function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

function parseText(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(status: number, body: unknown): ApiError {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  const detail =
    (typeof record?.detail === 'string' && record.detail) ||
    (typeof record?.error === 'string' && record.error) ||
    (typeof body === 'string' && body.length < 300 && body) ||
    `Request failed with status ${status}`;
  const code = typeof record?.code === 'string' ? record.code : `HTTP_${status}`;
  const fields = record?.fields && typeof record.fields === 'object' ? (record.fields as ApiErrorFields) : undefined;
  return new ApiError({ status, code, detail, fields, body });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/** `Retry-After` in milliseconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether an answer is the server shedding load: `503` with the code SERVER_BUSY. Such a request was refused before
 * its handler ran, so sending it again is safe whatever its method (a POST creates nothing twice). Any other 503
 * (a proxy's, say) may come after the work was done, and is not retried.
 */
function isServerBusy(response: TransportResponse): boolean {
  const body = response.body as { code?: unknown } | undefined;
  return response.status === 503 && typeof body === 'object' && body !== null && body.code === SERVER_BUSY_CODE;
}

/**
 * The one HTTP client of the web app.
 *
 * Every call goes to `/api/` with cookies, the CSRF header and, when the
 * access_token cookie is readable, a Bearer header. A 401 on a non-auth call
 * starts exactly one `POST auth/refresh/`; calls failing meanwhile wait for it
 * and are replayed once it succeeds. When the refresh fails, the failure path
 * runs once: flag set, token cookies cleared, waiting calls rejected, user sent
 * to /login. While the failure or logging-out flag is set, non-auth calls are
 * rejected locally with 'Authentication required'.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api/';
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cookies = options.cookies ?? documentCookies;
  const getPathname = options.getPathname ?? (() => window.location.pathname);
  const sleep = options.sleep ?? wait;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let redirectToLogin = options.redirectToLogin ?? (() => window.location.assign('/login'));

  const state = {
    refreshFailed: false,
    loggingOut: false,
    publicPage: false,
    /** Bumped by each successful refresh, so a 401 for a request sent before it is simply replayed. */
    generation: 0,
    refreshing: null as Promise<void> | null,
    csrf: null as Promise<string | undefined> | null,
  };

  /** The requests waiting to be sent again to a busy server, each with its time and its cancel. */
  const busyWaits = new Set<{ retryAt: number; cancel: () => void }>();
  const busyListeners = new Set<(state: BusyRetryState | null) => void>();
  let busyState: BusyRetryState | null = null;

  function publishBusy() {
    const waits = [...busyWaits];
    busyState =
      waits.length === 0
        ? null
        : {
            retryAt: Math.min(...waits.map((wait) => wait.retryAt)),
            waiting: waits.length,
            cancel: () => {
              for (const wait of waits) wait.cancel();
            },
          };
    for (const listener of busyListeners) listener(busyState);
  }

  /**
   * Waits `ms`, shown to the user as a pending retry; rejects with an AbortError when the user cancels it or the
   * caller's signal aborts.
   */
  async function waitForRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw abortError();
    let cancel = () => {};
    const cancelled = new Promise<never>((_, reject) => {
      cancel = () => reject(abortError());
    });
    const wait = { retryAt: now() + ms, cancel };
    busyWaits.add(wait);
    signal?.addEventListener('abort', cancel, { once: true });
    publishBusy();
    try {
      await Promise.race([sleep(ms), cancelled]);
    } finally {
      busyWaits.delete(wait);
      signal?.removeEventListener('abort', cancel);
      publishBusy();
    }
  }

  /**
   * Sends a request, and sends it again while the server answers that it is busy: after its Retry-After plus up to
   * half as much again at random (so that the clients it refused together do not return together), until
   * BUSY_RETRY_LIMIT_MS after the first attempt; then the last busy answer stands.
   */
  async function transportWithBusyRetry(transport: Transport, request: TransportRequest): Promise<TransportResponse> {
    const startedAt = now();
    for (;;) {
      const response = await transport(request);
      if (!isServerBusy(response)) return response;
      const retryAfter = parseRetryAfter(response.retryAfter, now()) ?? DEFAULT_RETRY_AFTER_MS;
      const delay = Math.round(retryAfter * (1 + random() / 2));
      if (now() + delay - startedAt > BUSY_RETRY_LIMIT_MS) return response;
      try {
        await waitForRetry(delay, request.signal);
      } catch (error) {
        // The user's cancel: the busy answer is the outcome. The caller's own abort stays an abort.
        if (request.signal?.aborted) throw error;
        return response;
      }
    }
  }

  const fetchTransport: Transport = async (request) => {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'include',
      signal: request.signal,
    });
    const retryAfter = response.headers.get('retry-after');
    if (response.status === 204 || response.status === 205) {
      return { status: response.status, body: undefined, retryAfter };
    }
    const text = await response.text();
    return { status: response.status, body: parseText(text, response.headers.get('content-type')), retryAfter };
  };

  function xhrTransport(onProgress: UploadOptions['onProgress']): Transport {
    return (request) =>
      new Promise<TransportResponse>((resolve, reject) => {
        const xhr = createXhr();
        xhr.open(request.method, request.url);
        xhr.withCredentials = true;
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => {
          if (!onProgress || !event.lengthComputable) return;
          onProgress({
            loaded: event.loaded,
            total: event.total,
            percent: event.total ? Math.round((event.loaded / event.total) * 100) : 0,
          });
        };
        xhr.onload = () =>
          resolve({
            status: xhr.status,
            body: parseText(xhr.responseText, xhr.getResponseHeader('content-type')),
            retryAfter: xhr.getResponseHeader('retry-after'),
          });
        xhr.onerror = () => reject(new TypeError('Network request failed'));
        xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
        request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(request.body ?? null);
      });
  }

  /** The CSRF token from its cookie; when the cookie is missing, one shared `GET auth/csrf/` sets it first. */
  async function csrfToken(): Promise<string | undefined> {
    const current = cookies.get(CSRF_COOKIE);
    if (current) return current;
    state.csrf ??= (async () => {
      try {
        const response = await doFetch(`${baseUrl}auth/csrf/`, {
          method: 'GET',
          headers: { Accept: 'application/json' },
          credentials: 'include',
        });
        const body = parseText(await response.text(), response.headers.get('content-type')) as
          | { csrftoken?: unknown }
          | undefined;
        const fromBody = typeof body?.csrftoken === 'string' ? body.csrftoken : undefined;
        return cookies.get(CSRF_COOKIE) ?? fromBody;
      } catch {
        return undefined;
      } finally {
        state.csrf = null;
      }
    })();
    return state.csrf;
  }

  function clearTokenCookies() {
    for (const name of TOKEN_COOKIES) cookies.remove(name);
  }

  /** The failure path: runs once until the session is reset by a sign-in. */
  function failAuthentication() {
    if (state.refreshFailed) return;
    state.refreshFailed = true;
    clearTokenCookies();
    if (!NO_REDIRECT_PATHS.includes(getPathname())) redirectToLogin();
  }

  function refreshSession(): Promise<void> {
    state.refreshing ??= (async () => {
      try {
        await send('POST', 'auth/refresh/', { body: {} }, fetchTransport, true);
        state.generation += 1;
      } catch (error) {
        failAuthentication();
        throw error;
      } finally {
        state.refreshing = null;
      }
    })();
    return state.refreshing;
  }

  async function send<T>(
    method: string,
    path: string,
    request: RequestOptions,
    transport: Transport,
    retried: boolean,
  ): Promise<T> {
    const relative = normalizePath(path);
    const isAuthCall = isAuthenticationCall(relative);
    if (!isAuthCall && (state.refreshFailed || state.loggingOut)) {
      throw new ApiError({ status: 401, code: 'NOT_AUTHENTICATED', detail: AUTH_REQUIRED_MESSAGE });
    }

    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const csrf = await csrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
    const accessToken = cookies.get(ACCESS_TOKEN_COOKIE);
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

    let body: FormData | string | undefined;
    if (isFormData(request.body)) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }

    const generation = state.generation;
    let response: TransportResponse;
    try {
      response = await transportWithBusyRetry(transport, {
        method,
        url: `${baseUrl}${relative}${buildQuery(request.query)}`,
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: NETWORK_ERROR_MESSAGE });
    }

    if (response.status >= 200 && response.status < 300) return response.body as T;

    const error = toApiError(response.status, response.body);
    if (response.status !== 401 || isAuthCall || retried) throw error;
    if (isRejectedToken(error)) {
      failAuthentication();
      throw error;
    }
    if (state.refreshFailed) throw error;
    if (generation === state.generation) {
      try {
        await refreshSession();
      } catch {
        throw error;
      }
    }
    return send<T>(method, relative, request, transport, true);
  }

  function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    return send<T>(method.toUpperCase(), path, options, fetchTransport, false);
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),

    /** Multipart upload through XMLHttpRequest, reporting upload progress; same headers and refresh rules. */
    upload<T = unknown>(path: string, formData: FormData, uploadOptions: UploadOptions = {}): Promise<T> {
      const { method = 'POST', onProgress, ...rest } = uploadOptions;
      return send<T>(method, path, { ...rest, body: formData }, xhrTransport(onProgress), false);
    },

    /**
     * The logout sequence: flags, clear the user, wait 50 ms, call the server (its answer is ignored), wait 50 ms,
     * clear the token cookies, then hand over (go to /login; the caller reloads after 100 ms).
     */
    async logout(steps: LogoutSteps = {}): Promise<void> {
      state.loggingOut = true;
      state.refreshFailed = true;
      state.publicPage = true;
      steps.onSigningOut?.();
      await sleep(50);
      try {
        await send('POST', 'auth/logout/', {}, fetchTransport, true);
      } catch {
        // The result is ignored: the cookies are cleared whatever the server answered.
      }
      await sleep(50);
      clearTokenCookies();
      steps.onSignedOut?.();
    },

    /** After a successful sign-in: the session is usable again. */
    resetSession() {
      state.refreshFailed = false;
      state.loggingOut = false;
      state.publicPage = false;
    },

    setRedirectToLogin(handler: () => void) {
      redirectToLogin = handler;
    },

    /** The pending retries to a busy server (null when none), for the notice that shows them. */
    getBusyRetry: (): BusyRetryState | null => busyState,
    /** Calls `listener` whenever the pending retries change; returns the unsubscribe. */
    subscribeBusyRetry(listener: (state: BusyRetryState | null) => void): () => void {
      busyListeners.add(listener);
      return () => busyListeners.delete(listener);
    },

    clearTokenCookies,
    isRefreshFailed: () => state.refreshFailed,
    isLoggingOut: () => state.loggingOut,
    /** Set during logout: the current-user check is skipped as on a public page. */
    isPagePublic: () => state.publicPage,
  };
}

/** The application's client, bound to the browser. */
export const api = createApiClient();
