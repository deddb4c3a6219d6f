import { RTL_LANGUAGES } from '@confero/contracts';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage, fillPlaceholders } from '@confero/i18n';
import { mailTemplate } from '@confero/i18n/mail';

export type MailboxLanguage = CatalogueLanguage;

const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

/** The dev mailbox's own words in a language, from the mail catalogue (`mailbox.*` of `mail.json`). */
function mailboxStrings(language: MailboxLanguage) {
  const text = (key: string) => mailTemplate(`mailbox.${key}`, language) ?? key;
  return {
    dir: (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr',
    title: text('title'),
    intro: text('intro'),
    recipient: text('recipient'),
    filter: text('filter'),
    showAll: text('showAll'),
    count: (n: number) => fillPlaceholders(text(n === 1 ? 'count_one' : 'count_other'), { count: n }),
    empty: text('empty'),
    created: text('created'),
    sent: text('sent'),
    to: text('to'),
    subject: text('subject'),
    template: text('template'),
    locale: text('locale'),
    status: text('status'),
    transport: text('transport'),
    attempts: text('attempts'),
    lastError: text('lastError'),
    statuses: Object.fromEntries(MAIL_STATUSES.map((status) => [status, text(`statuses.${status}`)])) as Record<
      string,
      string
    >,
    back: text('back'),
    plainText: text('plainText'),
    /** The name of the other language, in that language: the switch's label. */
    language: text('otherLanguage'),
  };
}

/** The dev mailbox's words in each of the catalogue's languages. */
export const MAILBOX_STRINGS = Object.fromEntries(
  CATALOGUE_LANGUAGES.map((language) => [language, mailboxStrings(language)]),
) as Record<MailboxLanguage, ReturnType<typeof mailboxStrings>>;

/** `?lang=` first, then the browser's Accept-Language, then English. */
export function pickMailboxLanguage(lang: string | undefined, acceptLanguage: string | undefined): MailboxLanguage {
  if (lang === 'ar' || lang === 'en') return lang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}
