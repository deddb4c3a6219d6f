import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';

/*
 * The harness of the render tests: a screen rendered to HTML (no browser) inside the app's providers, with the real
 * translation files, so that a test sees the texts and data-testids a user and the end-to-end journeys see.
 */

const LOCALES = path.resolve(import.meta.dirname, '../../../../packages/i18n/locales');

const translations = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'translation.json'), 'utf8'));

/** A fresh i18next instance in the given language, loaded with the real English and Arabic translation files. */
export async function i18nFor(language: 'en' | 'ar'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: translations('en') }, ar: { translation: translations('ar') } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

type RenderOptions = {
  /** The query cache the screen reads (seeded with `setQueryData`); an empty one by default. */
  client?: QueryClient;
  language?: 'en' | 'ar';
  /** The address the screen is opened at, with its query string; `/` by default. */
  url?: string;
  /** The route the screen is mounted on, for screens that read its parameters; any address by default. */
  path?: string;
};

/**
 * A node rendered to HTML as the app would render it: translations, Mantine, TanStack Query and a memory router
 * opened at `url`. Nothing is fetched: what the screen needs must be in the query cache.
 */
export async function renderHtml(
  node: ReactNode,
  { client = new QueryClient(), language = 'en', url = '/', path: routePath = '*' }: RenderOptions = {},
): Promise<string> {
  const i18n = await i18nFor(language);
  const router = createMemoryRouter([{ path: routePath, element: node }], { initialEntries: [url] });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
