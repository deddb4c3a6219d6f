import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  envelope: { from: string; to: string[] };
  /** Decoded header values, by lower-case name. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  raw: string;
};

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>?ignoreTLS=true`, ready for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Answers the next `count` messages with a temporary failure (451 by default). */
  failNext(count: number, options?: { code?: number; message?: string }): void;
  /** Resolves once `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * An in-process SMTP server on 127.0.0.1 and a free port (STACK.md pitfall 24:
 * no STARTTLS, no AUTH), collecting every message it accepts, decoded.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const failures: { code: number; message: string }[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const failure = failures.shift();
        if (failure) {
          const error = new Error(failure.message) as Error & { responseCode: number };
          error.responseCode = failure.code;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(parseMessage(raw, { from, to: session.envelope.rcptTo.map((r) => r.address) }));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    messages,
    failNext(count, options = {}) {
      for (let i = 0; i < count; i += 1) {
        failures.push({ code: options.code ?? 451, message: options.message ?? 'Mailbox temporarily unavailable' });
      }
    },
    waitForMessages(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve(messages.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, received ${messages.length}`));
        }, timeoutMs);
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages.slice(0, count));
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader: enough for what nodemailer writes (multipart, QP, base64, RFC 2047 words) ---

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
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

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words; adjacent words are joined byte-wise before decoding. */
export function decodeHeader(value: string): string {
  const pattern = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let last = 0;
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length > 0) out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const between = value.slice(last, match.index);
    if (pending.length === 0 || between.trim() !== '') {
      flush();
      out += Buffer.from(between, 'latin1').toString('utf8');
    }
    const [, , encoding, text = ''] = match;
    pending.push(
      encoding?.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
    last = match.index + match[0].length;
  }
  flush();
  return out + Buffer.from(value.slice(last), 'latin1').toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return Buffer.from(part.body, 'latin1').toString('utf8');
}

function collectBodies(part: Part, into: { text: string; html: string }) {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  const body = decodeBody(part).replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) into.html = body;
  else if (type.toLowerCase().startsWith('text/plain')) into.text = body;
}

function parseMessage(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const message = splitPart(raw);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) headers[name] = decodeHeader(value);
  const bodies = { text: '', html: '' };
  collectBodies(message, bodies);
  return {
    envelope,
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    text: bodies.text,
    html: bodies.html,
    raw,
  };
}
