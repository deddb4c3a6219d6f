import { type CatalogueLanguage, fillPlaceholders, placeholderNames } from '@confero/i18n';
import { mailTemplate } from '@confero/i18n/mail';
import { MAIL_LAYOUTS } from './layouts.ts';
import { type LocaleMail, MAIL_TEMPLATES, type MailTemplate, type MailValues } from './types.ts';

export * from './types.ts';

/** What a mail locale needs besides words: its direction and the locale tag for dates. */
const LOCALE_SETTINGS: Record<CatalogueLanguage, { dir: 'ltr' | 'rtl'; intlLocale: string }> = {
  en: { dir: 'ltr', intlLocale: 'en-GB' },
  ar: { dir: 'rtl', intlLocale: 'ar' },
};

/** A mail text of the catalogue with its placeholders filled from the mail's data ('' for a missing value). */
function fill(language: CatalogueLanguage, key: string, v?: MailValues): string {
  const template = mailTemplate(key, language);
  if (template === undefined) throw new Error(`The mail text ${key} is missing`);
  if (!v) return template;
  return fillPlaceholders(template, Object.fromEntries(placeholderNames(template).map((name) => [name, v.text(name)])));
}

function localeMail(language: CatalogueLanguage): LocaleMail {
  const text = (key: string, v?: MailValues) => fill(language, key, v);
  const template = (name: MailTemplate) => (v: MailValues) => ({
    greeting: v.has('first_name') ? text('greeting', v) : text('greetingNoName'),
    ...MAIL_LAYOUTS[name](
      v,
      (key) => text(`templates.${name}.${key}`, v),
      (value) => mailTemplate(`decisions.${value}`, language) ?? value,
    ),
  });
  return {
    locale: language,
    ...LOCALE_SETTINGS[language],
    linkHint: text('linkHint'),
    signature: text('signature'),
    footer: text('footer'),
    templates: Object.fromEntries(MAIL_TEMPLATES.map((name) => [name, template(name)])) as LocaleMail['templates'],
  };
}

/** The mail locales; a locale outside this list falls back to English. */
export const MAIL_LOCALES: Record<string, LocaleMail> = { en: localeMail('en'), ar: localeMail('ar') };
