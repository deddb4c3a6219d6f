import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { themeFor } from '../theme.ts';
import { i18nFor } from './render.tsx';

/*
 * The harness of the interaction tests: a screen mounted in a DOM (jsdom; the test file starts with
 * `// @vitest-environment jsdom`) inside the app's providers and a memory router, driven with user-event, while
 * the API answers from a table of stubbed calls at the client's boundary (`fetch`). A test asserts what the user
 * sees, the address, and what was sent.
 */

/** What jsdom lacks and Mantine uses: media queries, resize observers, font loading events, scrolling into view. */
function installBrowserParts() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  Element.prototype.scrollIntoView ??= () => undefined;
  window.scrollTo = () => undefined;
  // A CSRF cookie is present, as after the app's first call, so unsafe calls need no extra request.
  // biome-ignore lint/suspicious/noDocumentCookie: a test sets the cookie the server would have set
  document.cookie = 'csrftoken=test-token; path=/';
}

// The machine running the tests may be busy: a screen gets five seconds to show what a test waits for.
configure({ asyncUtilTimeout: 5_000 });

const RealXhr = globalThis.XMLHttpRequest;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  globalThis.XMLHttpRequest = RealXhr;
});

/** One call the screen made: method, path below `/api/`, query string and the JSON body sent. */
export type SentCall = { method: string; path: string; query: string; body: unknown };

/** An answer: a status and a JSON body (none for 204). */
export type StubAnswer = { status: number; body?: unknown };

/**
 * Answers the API from `routes`, keyed `'METHOD path'` (path below `/api/`, with its trailing slash, no query). A
 * route may answer with a list, one answer per call, the last repeated. An unknown call answers 500 and is kept in
 * `calls` like the others, so that a test sees it.
 */
export function stubApi(routes: Record<string, StubAnswer | StubAnswer[] | ((call: SentCall) => StubAnswer)>) {
  const calls: SentCall[] = [];
  const served = new Map<string, number>();
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    const call = { method, path, query: url.search, body };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = routes[key];
    let answer: StubAnswer;
    if (route === undefined) answer = { status: 500, body: { detail: `no stub for ${key}` } };
    else if (typeof route === 'function') answer = route(call);
    else if (Array.isArray(route)) {
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      answer = route[Math.min(index, route.length - 1)] ?? { status: 500 };
    } else answer = route;
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The calls made with a method to a path. */
    sent: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/**
 * Answers the upload client (`api.upload`, which uses XMLHttpRequest for its progress events) with `answer`; returns
 * the multipart forms sent, in order.
 */
export function stubUploads(answer: { status: number; body: unknown }): FormData[] {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    send(body: FormData) {
      sent.push(body);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      setTimeout(() => this.onload?.(), 0);
    }
    abort() {}
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return sent;
}

type MountOptions = {
  language?: 'en' | 'ar';
  /** The address the screen is opened at. */
  url: string;
  /** The route the screen is mounted on. */
  path: string;
  /** Other routes the screen may lead to; each shows an empty page. */
  otherPaths?: string[];
};

/** Mounts a screen for a user to drive; `location()` is the router's address (path and query) at any time. */
export async function mountScreen(node: ReactNode, { language = 'en', url, path, otherPaths = [] }: MountOptions) {
  installBrowserParts();
  const i18n = await i18nFor(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = [{ path, element: node }, ...otherPaths.map((other) => ({ path: other, element: <main /> }))];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={themeFor({ close: i18n.t('common.close'), clear: i18n.t('common.clear') })}>
        <Notifications />
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, client, router, location };
}
