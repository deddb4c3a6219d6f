import { escapeHtml } from '../../mail/render.ts';
import { MAILBOX_STRINGS, type MailboxLanguage } from './dev-mailbox.i18n.ts';
import type { MailboxMessage } from './dev-mailbox.queries.ts';

// Plain server-rendered HTML: no script at all, so the app's strict CSP holds; inline styles are allowed.
const CSS = `
  body { margin: 0; font-family: system-ui, Arial, sans-serif; background: #f1f3f5; color: #212529; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px 16px; }
  h1 { margin: 0 0 8px; font-size: 24px; }
  p.intro { margin: 0 0 16px; color: #495057; }
  nav { margin: 0 0 16px; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 16px; }
  input[type=text] { padding: 6px 8px; border: 1px solid #ced4da; border-radius: 4px; min-width: 260px; }
  button { padding: 6px 14px; border: 0; border-radius: 4px; background: #1c7ed6; color: #fff; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; }
  th, td { padding: 8px 12px; border-bottom: 1px solid #e9ecef; text-align: start; vertical-align: top; }
  th { background: #f8f9fa; font-size: 13px; color: #495057; }
  td.time { white-space: nowrap; font-size: 13px; color: #495057; }
  a { color: #1c7ed6; }
  .badge { display: inline-block; white-space: nowrap; padding: 1px 8px; border-radius: 10px; font-size: 12px; background: #e9ecef; }
  .badge.sent { background: #d3f9d8; color: #2b8a3e; }
  .badge.failed { background: #ffe3e3; color: #c92a2a; }
  .badge.queued { background: #fff3bf; color: #8f6b00; }
`;

const TOOLBAR_STYLE =
  'font-family:system-ui,Arial,sans-serif;font-size:14px;background:#fff;border-bottom:1px solid #dee2e6;padding:12px 16px;margin:-24px -12px 24px;color:#212529;';

const formatTime = (date: Date | null) => (date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—');

const langQuery = (lang: MailboxLanguage, extra: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  params.set('lang', lang);
  return `?${params.toString()}`;
};

function badge(lang: MailboxLanguage, status: string) {
  const label = MAILBOX_STRINGS[lang].statuses[status] ?? status;
  return `<span class="badge ${escapeHtml(status)}">${escapeHtml(label)}</span>`;
}

/** The list at /dev/mailbox: newest first, each subject linking to /dev/mailbox/{id}. */
export function renderMailboxList(
  lang: MailboxLanguage,
  messages: MailboxMessage[],
  filter: { to?: string | undefined },
): string {
  const t = MAILBOX_STRINGS[lang];
  const other: MailboxLanguage = lang === 'en' ? 'ar' : 'en';
  const rows = messages
    .map(
      (m) =>
        `<tr><td class="time"><bdi>${escapeHtml(formatTime(m.createdAt))}</bdi></td>` +
        `<td><bdi>${escapeHtml(m.recipient)}</bdi></td>` +
        `<td><a href="/dev/mailbox/${m.id}${langQuery(lang)}">${escapeHtml(m.subject)}</a></td>` +
        `<td><code>${escapeHtml(m.template)}</code> (${escapeHtml(m.locale)})</td>` +
        `<td>${badge(lang, m.status)}</td></tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? `<p>${escapeHtml(t.empty)}</p>`
      : `<table><thead><tr><th>${escapeHtml(t.created)}</th><th>${escapeHtml(t.to)}</th><th>${escapeHtml(t.subject)}</th>` +
        `<th>${escapeHtml(t.template)}</th><th>${escapeHtml(t.status)}</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
  return `<!doctype html>
<html lang="${lang}" dir="${t.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${CSS}</style></head>
<body><main>
<h1>${escapeHtml(t.title)}</h1>
<p class="intro">${escapeHtml(t.intro)}</p>
<nav><a href="/dev/mailbox${langQuery(other, { to: filter.to })}" lang="${other}">${escapeHtml(t.language)}</a></nav>
<form method="get" action="/dev/mailbox">
<label>${escapeHtml(t.recipient)} <input type="text" name="to" value="${escapeHtml(filter.to ?? '')}" dir="ltr"></label>
<input type="hidden" name="lang" value="${lang}">
<button type="submit">${escapeHtml(t.filter)}</button>
<a href="/dev/mailbox${langQuery(lang)}">${escapeHtml(t.showAll)}</a>
</form>
<p>${escapeHtml(t.count(messages.length))}</p>
${table}
</main></body>
</html>
`;
}

/**
 * One mail at /dev/mailbox/{id}: its own HTML body (links clickable) with a bar
 * on top giving the envelope, and the plain-text version folded below the bar.
 */
export function renderMailboxMessage(lang: MailboxLanguage, message: MailboxMessage): string {
  const t = MAILBOX_STRINGS[lang];
  const field = (label: string, value: string) =>
    `<div style="margin:2px 0;"><strong>${escapeHtml(label)}:</strong> ${value}</div>`;
  const toolbar = [
    `<div lang="${lang}" dir="${t.dir}" style="${TOOLBAR_STYLE}text-align:${t.dir === 'rtl' ? 'right' : 'left'};">`,
    `<p style="margin:0 0 8px;"><a href="/dev/mailbox${langQuery(lang)}" style="color:#1c7ed6;">${escapeHtml(t.back)}</a></p>`,
    field(t.to, `<bdi>${escapeHtml(message.recipient)}</bdi>`),
    field(t.subject, escapeHtml(message.subject)),
    field(t.template, `<code>${escapeHtml(message.template)}</code>`),
    field(t.locale, escapeHtml(message.locale)),
    field(t.status, badgeInline(lang, message.status)),
    field(t.created, `<bdi>${escapeHtml(formatTime(message.createdAt))}</bdi>`),
    field(t.sent, `<bdi>${escapeHtml(formatTime(message.sentAt))}</bdi>`),
    field(t.transport, escapeHtml(message.transport ?? '—')),
    field(t.attempts, String(message.attempts)),
    ...(message.lastError ? [field(t.lastError, escapeHtml(message.lastError))] : []),
    `<details style="margin-top:8px;"><summary>${escapeHtml(t.plainText)}</summary>`,
    `<pre style="white-space:pre-wrap;font-size:13px;background:#f8f9fa;padding:8px;">${escapeHtml(message.textBody)}</pre></details>`,
    '</div>',
  ].join('\n');
  const html = message.htmlBody;
  const bodyTag = /<body[^>]*>/i.exec(html);
  if (!bodyTag) {
    return `<!doctype html><html lang="${lang}" dir="${t.dir}"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head><body>${toolbar}${html}</body></html>`;
  }
  const at = bodyTag.index + bodyTag[0].length;
  return `${html.slice(0, at)}\n${toolbar}\n${html.slice(at)}`;
}

function badgeInline(lang: MailboxLanguage, status: string) {
  const colours: Record<string, string> = {
    sent: 'background:#d3f9d8;color:#2b8a3e;',
    failed: 'background:#ffe3e3;color:#c92a2a;',
    queued: 'background:#fff3bf;color:#8f6b00;',
  };
  const label = MAILBOX_STRINGS[lang].statuses[status] ?? status;
  return `<span style="display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;${colours[status] ?? ''}">${escapeHtml(label)}</span>`;
}
