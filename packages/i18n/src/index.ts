import enServer from '../locales/en/server.json' with { type: 'json' };
import type en from '../locales/en/translation.json';

/**
 * Shape of one translation file. English is the reference: every other locale
 * has exactly the same keys (checked by keys.test.ts).
 */
export type Translation = typeof en;

/** Where the API serves the files (apps/api plugins/web.ts); i18next fills in lng and ns. */
export const LOCALES_URL_PATTERN = '/locales/{{lng}}/{{ns}}.json';

export const DEFAULT_NAMESPACE = 'translation';

/** The languages every catalogue of this package exists in. */
export const CATALOGUE_LANGUAGES = ['en', 'ar'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** The dotted keys of the string leaves of a nested catalogue (`{events: {notFound: '…'}}` → `'events.notFound'`). */
export type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The API's message catalogue (`locales/{en,ar}/server.json`): the texts of the message keys that errors carry in
 * `message_code` and `field_codes` and that answers carry as reasons and notices. The English text is the API's
 * `detail`; clients show the text of their interface language, filled from the error's `params`.
 */
export type ServerMessageKey = LeafKeys<typeof enServer>;

/**
 * The API's catalogues at hand: English, the reference, always; another language once `loadServerCatalogue` has
 * loaded it (the browser fetches a language's texts when it is chosen) or `addServerCatalogue` was given it (the API,
 * `catalogue.ts`, holds every language). A language not at hand answers in English.
 */
const SERVER_CATALOGUES: Partial<Record<CatalogueLanguage, Catalogue>> = { en: enServer };

const SERVER_CATALOGUE_LOADERS: Record<Exclude<CatalogueLanguage, 'en'>, () => Promise<{ default: Catalogue }>> = {
  ar: () => import('../locales/ar/server.json', { with: { type: 'json' } }),
};

/** Makes a language's catalogue of the API's messages available to `serverMessage`. */
export function addServerCatalogue(language: CatalogueLanguage, catalogue: Catalogue): void {
  SERVER_CATALOGUES[language] = catalogue;
}

/** Loads a language's catalogue of the API's messages (once); resolves when `serverMessage` can answer in it. */
export async function loadServerCatalogue(language: CatalogueLanguage): Promise<void> {
  if (language === 'en' || SERVER_CATALOGUES[language]) return;
  addServerCatalogue(language, (await SERVER_CATALOGUE_LOADERS[language]()).default);
}

/** The text at a dotted key of a catalogue, or undefined when the key names no text. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills the `{{name}}` placeholders of a text; a placeholder without a value stays as written. */
export function fillPlaceholders(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]),
  );
}

/** The names of a text's `{{name}}` placeholders, in order. */
export function placeholderNames(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
}

/** Whether a value (a `message_code`, a reason's `code`) is a key of the API's message catalogue. */
export function isServerMessageKey(value: unknown): value is ServerMessageKey {
  return typeof value === 'string' && lookup(enServer, value) !== undefined;
}

/** The text of a server message key in a language (English when the language lacks it), placeholders unfilled. */
export function serverTemplate(key: string, language: CatalogueLanguage = 'en'): string | undefined {
  const catalogue = SERVER_CATALOGUES[language];
  return (catalogue && lookup(catalogue, key)) ?? lookup(enServer, key);
}

/** The text of a server message key in a language (English by default), its placeholders filled from `params`. */
export function serverMessage(
  key: ServerMessageKey,
  params: Record<string, unknown> = {},
  language: CatalogueLanguage = 'en',
): string {
  return fillPlaceholders(serverTemplate(key, language) ?? key, params);
}
