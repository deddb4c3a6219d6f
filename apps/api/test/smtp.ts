import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeMail } from './mime.ts';

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

function parseMessage(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, subject, text, html } = decodeMail(raw);
  return { envelope, headers, subject, from: headers.from ?? '', to: headers.to ?? '', text, html, raw };
}
