/**
 * A small MIME reader, enough for what nodemailer writes: headers (folded, RFC 2047 encoded words),
 * multipart bodies, quoted-printable and base64 parts in UTF-8. Used by the API tests' SMTP server (test/smtp.ts)
 * and the e2e mail sink (e2e/support/mail-sink.ts) instead of a parser package.
 */

export type MimePart = { headers: Record<string, string>; body: string };
export type DecodedMail = { subject: string; text: string; html: string; headers: Record<string, string> };

/** Splits raw text (read as latin1, one char per byte) into lower-cased headers and the body. */
export function splitMimePart(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable to bytes: soft line breaks removed, `=XX` decoded, anything else kept byte for byte. */
export function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(joined.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** A header value with its RFC 2047 encoded words decoded; adjacent words are joined before decoding. */
export function decodeHeaderValue(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let last = 0;
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length > 0) out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (let match = word.exec(value); match; match = word.exec(value)) {
    const between = value.slice(last, match.index);
    if (pending.length === 0 || between.trim() !== '') {
      flush();
      out += Buffer.from(between, 'latin1').toString('utf8');
    }
    const encoding = match[2]?.toUpperCase();
    const text = match[3] ?? '';
    pending.push(encoding === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' ')));
    last = match.index + match[0].length;
  }
  flush();
  return out + Buffer.from(value.slice(last), 'latin1').toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return Buffer.from(part.body, 'latin1').toString('utf8');
}

function collect(part: MimePart, into: { text: string; html: string }) {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const section of part.body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      collect(splitMimePart(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  const body = decodeBody(part).replace(/\r\n/g, '\n');
  if (type.startsWith('text/html')) into.html ||= body;
  else if (type.startsWith('text/plain')) into.text ||= body;
}

/** Decodes a whole message (its raw bytes as latin1 text). */
export function decodeMail(raw: string): DecodedMail {
  const message = splitMimePart(raw);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) headers[name] = decodeHeaderValue(value);
  const bodies = { text: '', html: '' };
  collect(message, bodies);
  return { subject: headers.subject ?? '', text: bodies.text, html: bodies.html, headers };
}
