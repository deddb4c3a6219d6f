import {
  type LocaleMail,
  MAIL_LOCALES,
  type MailContent,
  type MailData,
  type MailTemplate,
  type MailValues,
} from './templates/index.ts';

export type RenderedMail = { locale: string; subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `ar-EG`, `AR`, `ar_SA` → `ar`; anything without templates → `en`. */
export function resolveMailLocale(locale: string | null | undefined): string {
  const language = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return language in MAIL_LOCALES ? language : 'en';
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
};
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };

/**
 * The mails' date formatter of a locale and style (`date`: a long date; `dateTime`: with hour, minute and zone, both
 * in UTC), made once: building an Intl.DateTimeFormat costs about 0.1 ms, so a batch of 1,500 assignment mails spent
 * over 100 ms of its thread making the same two.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function formatterFor(intlLocale: string, style: 'dateTime' | 'date'): Intl.DateTimeFormat {
  const key = `${style} ${intlLocale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale, style === 'date' ? DATE : DATE_TIME);
    formatters.set(key, formatter);
  }
  return formatter;
}

function makeValues(data: MailData, intlLocale: string): MailValues {
  const text = (key: string) => {
    const value = data[key];
    return value === null || value === undefined ? '' : String(value).trim();
  };
  const format = (key: string, style: 'dateTime' | 'date', pattern?: RegExp) => {
    const raw = text(key);
    if (pattern && !pattern.test(raw)) return raw;
    const time = Date.parse(raw);
    return Number.isNaN(time) ? raw : formatterFor(intlLocale, style).format(new Date(time));
  };
  return {
    text,
    has: (key) => text(key) !== '',
    dateTime: (key) => format(key, 'dateTime'),
    date: (key) => format(key, 'date', /^\d{4}-\d{2}-\d{2}$/),
  };
}

const isWebUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/** A header must stay on one line whatever the data holds. */
const oneLine = (value: string) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** The greeting as a block, none when the template writes its own (an empty greeting). */
const greetingOf = (content: MailContent) => (content.greeting === '' ? [] : [content.greeting]);

function renderText(content: MailContent, locale: LocaleMail): string {
  const blocks: string[] = [...greetingOf(content), ...content.paragraphs];
  const details = content.details ?? [];
  if (details.length > 0) blocks.push(details.map((d) => `${d.label}: ${d.value}`).join('\n'));
  if (content.note) blocks.push(`${content.note.label}\n${content.note.text}`);
  for (const action of content.actions ?? []) blocks.push(`${action.label}:\n${action.url}`);
  blocks.push(...(content.closing ?? []), locale.signature, `-- \n${locale.footer}`);
  return `${blocks.join('\n\n')}\n`;
}

const STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f1f3f5;',
  card: 'max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px 28px;color:#212529;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:bold;color:#1c7ed6;',
  p: 'margin:0 0 16px;',
  table: 'border-collapse:collapse;margin:0 0 16px;width:100%;',
  th: 'width:1%;padding:6px 12px 6px 0;vertical-align:top;color:#495057;font-weight:bold;white-space:nowrap;',
  thRtl: 'width:1%;padding:6px 0 6px 12px;vertical-align:top;color:#495057;font-weight:bold;white-space:nowrap;',
  td: 'padding:6px 0;vertical-align:top;',
  mono: 'font-family:Menlo,Consolas,monospace;font-size:13px;word-break:break-all;',
  note: 'margin:0 0 16px;padding:12px 16px;background:#f8f9fa;border-radius:6px;',
  button:
    'display:inline-block;margin:0 4px 8px;padding:10px 18px;background:#1c7ed6;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;',
  buttonSecondary:
    'display:inline-block;margin:0 4px 8px;padding:9px 17px;background:#ffffff;color:#1c7ed6;border:1px solid #1c7ed6;border-radius:6px;text-decoration:none;font-weight:bold;',
  hint: 'margin:0 0 16px;font-size:13px;color:#495057;',
  url: 'color:#1c7ed6;word-break:break-all;',
  footer: 'margin:24px 0 0;padding-top:16px;border-top:1px solid #dee2e6;font-size:12px;color:#868e96;',
};

const paragraph = (text: string, style = STYLE.p) =>
  `<p style="${style}">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

function renderHtml(content: MailContent, locale: LocaleMail, subject: string): string {
  const rtl = locale.dir === 'rtl';
  const align = rtl ? 'right' : 'left';
  const parts: string[] = [
    ...greetingOf(content).map((g) => paragraph(g)),
    ...content.paragraphs.map((p) => paragraph(p)),
  ];
  const details = content.details ?? [];
  if (details.length > 0) {
    const rows = details
      .map(
        (d) =>
          `<tr><th scope="row" style="${rtl ? STYLE.thRtl : STYLE.th}text-align:${align};">${escapeHtml(d.label)}</th>` +
          `<td style="${STYLE.td}${d.monospace ? STYLE.mono : ''}"${d.monospace ? ' dir="ltr"' : ''}>${escapeHtml(d.value)}</td></tr>`,
      )
      .join('');
    parts.push(`<table role="presentation" style="${STYLE.table}">${rows}</table>`);
  }
  if (content.note) {
    parts.push(
      `<div style="${STYLE.note}"><p style="margin:0 0 8px;font-weight:bold;">${escapeHtml(content.note.label)}</p>` +
        `${paragraph(content.note.text, 'margin:0;')}</div>`,
    );
  }
  const actions = (content.actions ?? []).filter((a) => a.url !== '');
  if (actions.length > 0) {
    const links = actions.map((action, index) =>
      isWebUrl(action.url)
        ? `<a href="${escapeHtml(action.url)}" style="${index === 0 ? STYLE.button : STYLE.buttonSecondary}">${escapeHtml(action.label)}</a>`
        : `<span>${escapeHtml(action.label)}: ${escapeHtml(action.url)}</span>`,
    );
    parts.push(`<p style="${STYLE.p}">${links.join(' ')}</p>`);
    const hints = actions
      .filter((a) => isWebUrl(a.url))
      .map(
        (a) =>
          `${escapeHtml(a.label)}:<br><a href="${escapeHtml(a.url)}" style="${STYLE.url}" dir="ltr">${escapeHtml(a.url)}</a>`,
      );
    if (hints.length > 0) {
      parts.push(`<p style="${STYLE.hint}">${escapeHtml(locale.linkHint)}<br>${hints.join('<br>')}</p>`);
    }
  }
  parts.push(...(content.closing ?? []).map((p) => paragraph(p)), paragraph(locale.signature));
  return [
    '<!doctype html>',
    `<html lang="${locale.locale}" dir="${locale.dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div dir="${locale.dir}" style="${STYLE.card}text-align:${align};">`,
    `<p style="${STYLE.brand}">Confero</p>`,
    ...parts,
    paragraph(locale.footer, STYLE.footer),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Renders a template in a locale (English when the locale has no templates):
 * the subject on one line, a plain-text body, and a simple HTML body in which
 * every data value is escaped and Arabic is laid out right to left.
 */
export function renderMail(template: MailTemplate, locale: string | null | undefined, data: MailData): RenderedMail {
  const language = resolveMailLocale(locale);
  const strings = MAIL_LOCALES[language] ?? MAIL_LOCALES.en;
  if (!strings) throw new Error('The English mail templates are missing');
  const content = strings.templates[template](makeValues(data, strings.intlLocale));
  const subject = oneLine(content.subject);
  return {
    locale: strings.locale,
    subject,
    text: renderText(content, strings),
    html: renderHtml(content, strings, subject),
  };
}
