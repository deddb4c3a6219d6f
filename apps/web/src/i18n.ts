import { LANGUAGES, type Language, RTL_LANGUAGES, TRANSLATION_WAIT_MS } from '@confero/contracts';
import { DEFAULT_NAMESPACE, loadServerCatalogue } from '@confero/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Where the chosen language is kept; the first is written, both are read. */
const LANGUAGE_STORAGE_KEYS = ['i18nextLng', 'language'] as const;
const FALLBACK_LANGUAGE: Language = 'en';

/** Loads `/locales/{lng}/{ns}.json` from the API's origin. */
const httpBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) {
          // A missing file will not appear by retrying; a server error might go away.
          callback(new Error(`Failed to load ${url}: ${response.status}`), response.status >= 500);
          return;
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : String(error), true));
  },
};

/** The supported language a tag such as `ar-EG` or `en_US` stands for. */
export function toSupportedLanguage(tag: string | null | undefined): Language | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}

export function isRtlLanguage(language: string): boolean {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(primary);
}

function readStoredLanguage(): Language | undefined {
  try {
    for (const key of LANGUAGE_STORAGE_KEYS) {
      const language = toSupportedLanguage(window.localStorage.getItem(key));
      if (language) return language;
    }
  } catch {
    // Storage can be disabled; fall through to the browser's languages.
  }
  return undefined;
}

/** The stored choice, else the browser's first supported language, else English. */
export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of browser) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** `<html lang dir>` follow the language; Mantine's DirectionProvider is synced from it too. */
export function applyDocumentLanguage(language: string) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
}

/** Switches the interface language and remembers the choice on this device. */
export async function changeLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEYS[0], language);
  } catch {
    // Not stored: the choice still applies to this visit.
  }
  await loadMessages(language);
  await i18next.changeLanguage(language);
}

/** The API's messages in a language (a chunk of their own); until they arrive, or if they fail, they read in English. */
const loadMessages = (language: Language) => loadServerCatalogue(language).catch(() => undefined);

function initI18n(): Promise<unknown> {
  const language = detectLanguage();
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  const messages = loadMessages(language);
  const translations = i18next
    .use(httpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'languageOnly',
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
    });
  return Promise.all([translations, messages]);
}

/**
 * Starts i18next and resolves once the translations are in, or after
 * TRANSLATION_WAIT_MS at the latest, so a slow or failing locale request never
 * blocks the app (strings appear when they arrive).
 */
export function startI18n(): Promise<void> {
  const ready = initI18n().then(
    () => undefined,
    () => undefined,
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, TRANSLATION_WAIT_MS));
  return Promise.race([ready, timeout]);
}

export { i18next as i18n };
