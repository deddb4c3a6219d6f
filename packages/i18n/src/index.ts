import type en from '../locales/en/translation.json';

/**
 * Shape of one translation file. English is the reference: every other locale
 * has exactly the same keys (checked by keys.test.ts).
 */
export type Translation = typeof en;

/** Where the API serves the files (apps/api plugins/web.ts); i18next fills in lng and ns. */
export const LOCALES_URL_PATTERN = '/locales/{{lng}}/{{ns}}.json';

export const DEFAULT_NAMESPACE = 'translation';
