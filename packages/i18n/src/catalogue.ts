import arServer from '../locales/ar/server.json' with { type: 'json' };
import arTranslation from '../locales/ar/translation.json' with { type: 'json' };
import enTranslation from '../locales/en/translation.json' with { type: 'json' };
import { addServerCatalogue, type CatalogueLanguage, fillPlaceholders, lookup, serverTemplate } from './index.ts';

/*
 * The server's view of every catalogue: a message key of the API's own catalogue (`server.json`) or of the web's
 * (`translation.json`, where the accounts API's `validation.*` and `auth.*` keys live, since the web's forms show
 * them too). The API imports this module; the web app loads `translation.json` over HTTP instead.
 */

const TRANSLATIONS = { en: enTranslation, ar: arTranslation };

addServerCatalogue('ar', arServer);

/** The text of a key, its `{{placeholders}}` unfilled; undefined when no catalogue has the key. */
export function messageTemplate(key: string, language: CatalogueLanguage = 'en'): string | undefined {
  return serverTemplate(key, language) ?? lookup(TRANSLATIONS[language], key) ?? lookup(TRANSLATIONS.en, key);
}

/** The text of a key in a language (English by default), its placeholders filled; the key itself when unknown. */
export function messageText(
  key: string,
  params: Record<string, unknown> = {},
  language: CatalogueLanguage = 'en',
): string {
  return fillPlaceholders(messageTemplate(key, language) ?? key, params);
}
