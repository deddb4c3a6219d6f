import { CATALOGUE_LANGUAGES, loadServerCatalogue } from '@confero/i18n';

/* Every language of the API's messages is at hand in tests, as in the browser once a language has been chosen. */
await Promise.all(CATALOGUE_LANGUAGES.map((language) => loadServerCatalogue(language)));
