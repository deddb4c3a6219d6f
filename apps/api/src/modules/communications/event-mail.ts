import {
  EVENT_MAIL_TEMPLATE_KEYS,
  type EventMailTemplateKey,
  MAIL_PLACEHOLDERS,
  type MailPlaceholder,
} from '@confero/contracts';
import type { CatalogueLanguage } from '@confero/i18n';
import { mailTemplate } from '@confero/i18n/mail';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMailTemplates } from '../../db/schema/index.ts';
import { type QueuedMail, queueMails } from '../../mail/outbox.ts';
import { formatterFor, renderMail, resolveMailLocale } from '../../mail/render.ts';
import { AOE } from '../events/event-dates.ts';

/*
 * The mails an event's chairs word (`EVENT_MAIL_TEMPLATE_KEYS`): their wording per language (the chair's, else the
 * catalogue's default under `eventTemplates.<key>` of mail.json), the `{placeholders}` a wording may use, and
 * `queueEventMails`, which fills a wording for each recipient in their language and queues it as the system template
 * 'events.message'.
 */

export const MAIL_LANGUAGES = ['en', 'ar'] as const satisfies readonly CatalogueLanguage[];
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** A subject and a body, placeholders unfilled. */
export type Wording = { subject: string; body: string };
/** A template's wording in each language, and whether a chair wrote it. */
export type Wordings = Record<MailLanguage, Wording & { customized: boolean }>;

/** Only the decision mails know the chair's comments on the decision. */
export const DECISION_PLACEHOLDER = 'decision_details';

export const isDecisionTemplate = (key: EventMailTemplateKey) => key.startsWith('decision_');

/**
 * The placeholders a template may use: a decision template's include the decision's details; a free text (`key`
 * null) uses the common ones, and quotes each paper's decision details when it goes `toAuthors`.
 */
export function placeholdersOf(key: EventMailTemplateKey | null, toAuthors = false): string[] {
  const quotesDecision = key ? isDecisionTemplate(key) : toAuthors;
  return quotesDecision ? [...MAIL_PLACEHOLDERS, DECISION_PLACEHOLDER] : [...MAIL_PLACEHOLDERS];
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names written `{name}` in a text that are not among the allowed ones, in order, each once. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !allowed.includes(name)))];
}

/** Fills the `{name}` placeholders of a text; a name without a value becomes ''. */
export function fillWording(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => values[name] ?? '');
}

/** The catalogue's default wording of a template in a language. */
export function defaultWording(key: EventMailTemplateKey, language: MailLanguage): Wording {
  const subject = mailTemplate(`eventTemplates.${key}.subject`, language);
  const body = mailTemplate(`eventTemplates.${key}.body`, language);
  if (subject === undefined || body === undefined) throw new Error(`The default wording of ${key} is missing`);
  return { subject, body };
}

/** One template's wording in both languages: the chairs' saved rows over the defaults. */
export async function loadWordings(db: Db, eventId: number, key: EventMailTemplateKey): Promise<Wordings> {
  const rows = await db
    .select({ locale: eventMailTemplates.locale, subject: eventMailTemplates.subject, body: eventMailTemplates.body })
    .from(eventMailTemplates)
    .where(and(eq(eventMailTemplates.eventId, eventId), eq(eventMailTemplates.key, key)));
  const wording = (language: MailLanguage) => {
    const saved = rows.find((row) => row.locale === language);
    return saved
      ? { subject: saved.subject, body: saved.body, customized: true }
      : { ...defaultWording(key, language), customized: false };
  };
  return { en: wording('en'), ar: wording('ar') };
}

/** Which templates of an event a chair has worded, per language (one query). */
export async function customizedTemplates(db: Db, eventId: number) {
  const rows = await db
    .select({ key: eventMailTemplates.key, locale: eventMailTemplates.locale })
    .from(eventMailTemplates)
    .where(eq(eventMailTemplates.eventId, eventId));
  const has = (key: string, locale: string) => rows.some((row) => row.key === key && row.locale === locale);
  return EVENT_MAIL_TEMPLATE_KEYS.map((key) => ({ key, customized: { en: has(key, 'en'), ar: has(key, 'ar') } }));
}

const INTL_LOCALE: Record<MailLanguage, string> = { en: 'en-GB', ar: 'ar' };

/** A deadline (a calendar date, due at the end of that day in the event's zone) as a recipient reads it. */
export function formatDeadline(date: string, timezone: string, language: MailLanguage): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  const day = formatterFor(INTL_LOCALE[language], 'date').format(time);
  return `${day} (${timezone})`;
}

/** Today's calendar date (YYYY-MM-DD) in a zone; `AoE` is UTC−12. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  if (timezone === AOE) return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The event as its mails need it. */
export type MailEvent = { id: number; title: string; timezone: string };

/** The person a mail goes to. `locale` is their preferred language (anything but ar reads English). */
export type MailRecipient = { email: string; locale: string | null; firstName: string; lastName: string };

/** What the placeholders other than the person's name and the event's title stand for in one mail. */
export type MailVars = {
  paper_title?: string;
  link?: string;
  /** A calendar date (YYYY-MM-DD), formatted for the recipient with the event's zone. */
  deadline?: string;
  decision_details?: string;
};

export const mailLanguageOf = (locale: string | null | undefined): MailLanguage =>
  resolveMailLocale(locale) === 'ar' ? 'ar' : 'en';

/**
 * A wording filled for one recipient, as the system template 'events.message' takes it. The link becomes a button
 * under the text unless the text already shows it.
 */
export function fillForRecipient(wording: Wording, event: MailEvent, recipient: MailRecipient, vars: MailVars) {
  const language = mailLanguageOf(recipient.locale);
  const values: Record<MailPlaceholder | typeof DECISION_PLACEHOLDER, string> = {
    first_name: recipient.firstName,
    last_name: recipient.lastName,
    event_title: event.title,
    paper_title: vars.paper_title ?? '',
    deadline: vars.deadline ? formatDeadline(vars.deadline, event.timezone, language) : '',
    link: vars.link ?? '',
    decision_details: vars.decision_details ?? '',
  };
  const showsLink = `${wording.subject}\n${wording.body}`.includes('{link}');
  return {
    language,
    data: {
      // A text left empty by its placeholders (a paper's title in a mail to reviewers) still makes a mail.
      subject: fillWording(wording.subject, values).trim() || event.title,
      body: fillWording(wording.body, values).trim() || event.title,
      ...(vars.link && !showsLink ? { link: vars.link } : {}),
    },
  };
}

/** The subject, text and HTML one recipient would get (the preview). */
export function renderForRecipient(wording: Wording, event: MailEvent, recipient: MailRecipient, vars: MailVars) {
  const filled = fillForRecipient(wording, event, recipient, vars);
  return { language: filled.language, ...renderMail('events.message', filled.language, filled.data) };
}

export type EventMail = {
  event: MailEvent;
  key: EventMailTemplateKey | null;
  recipient: MailRecipient;
  vars: MailVars;
  dedupeKey?: string | null;
  mailSendId?: number | null;
};

/** One of an event's mails to one person as the outbox takes it: the wording in their language, filled. */
function outboxMailOf(mail: EventMail, wordings: Record<MailLanguage, Wording>): QueuedMail {
  const filled = fillForRecipient(
    wordings[mailLanguageOf(mail.recipient.locale)],
    mail.event,
    mail.recipient,
    mail.vars,
  );
  return {
    to: mail.recipient.email,
    template: 'events.message',
    locale: filled.language,
    data: filled.data,
    eventId: mail.event.id,
    eventTemplate: mail.key,
    mailSendId: mail.mailSendId ?? null,
    dedupeKey: mail.dedupeKey ?? null,
  };
}

/**
 * Queues an event's mails worded alike (a group's batch, the reviewers reminded, a paper's authors), each to one
 * person in their language with its placeholders filled, through the outbox (never lost, retried), in a fixed number
 * of statements whatever their number (`queueMails`). Returns how many were written: a mail whose `dedupeKey` is
 * already used is not written again.
 */
export async function queueEventMails(
  db: Db,
  wordings: Record<MailLanguage, Wording>,
  mails: EventMail[],
): Promise<number> {
  const ids = await queueMails(
    db,
    mails.map((mail) => outboxMailOf(mail, wordings)),
  );
  return ids.length;
}
