import arMail from '../locales/ar/mail.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import { type CatalogueLanguage, lookup } from './index.ts';

/*
 * The mails' texts (`locales/{en,ar}/mail.json`): the words every mail shares, the decisions' names, each template's
 * texts under `templates.<template name>`, and the development mailbox's pages (`mailbox`). Placeholders
 * (`{{event_title}}`) are named after the mail's data keys. The API reads this module; the web app never does.
 */

const MAIL_CATALOGUES = { en: enMail, ar: arMail };

/** The mail text at a dotted key in a language (English when the language lacks it); undefined when none has it. */
export function mailTemplate(key: string, language: CatalogueLanguage): string | undefined {
  return lookup(MAIL_CATALOGUES[language], key) ?? lookup(MAIL_CATALOGUES.en, key);
}
