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
  /** Until `up()`, greets every new connection with a refusal (421 by default) and hangs up: a server that is down. */
  down(options?: { code?: number; message?: string }): void;
  up(): void;
  /** Answers RCPT TO for this address with a refusal (550 by default), for every message from now on. */
  rejectRecipient(address: string, options?: { code?: number; message?: string }): void;
  /** Resolves once `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * An in-process SMTP server on 127.0.0.1 and a free port (STACK.md pitfall 24:
 * no STARTTLS, no AUTH), collecting every message it accepts, decoded.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const failures: { code: number; message: string }[] = [];
  const rejectedRecipients = new Map<string, { code: number; message: string }>();
  let outage: { code: number; message: string } | null = null;
  const waiters = new Set<() => void>();
  const refusal = (reply: { code: number; message: string }) =>
    Object.assign(new Error(reply.message), { responseCode: reply.code });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of each client: it only slows every connection down.
    disableReverseLookup: true,
    onConnect(_session, callback) {
      callback(outage ? refusal(outage) : undefined);
    },
    onRcptTo(address, _session, callback) {
      const rejection = rejectedRecipients.get(address.address.toLowerCase());
      callback(rejection ? refusal(rejection) : undefined);
    },
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
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
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
    down(options = {}) {
      outage = { code: options.code ?? 421, message: options.message ?? 'Service not available, try again later' };
    },
    up() {
      outage = null;
    },
    rejectRecipient(address, options = {}) {
      rejectedRecipients.set(address.toLowerCase(), {
        code: options.code ?? 550,
        message: options.message ?? 'No such user here',
      });
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
