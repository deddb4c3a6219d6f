import { createTransport, type SMTPTransportOptions } from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type MailTransportName = 'smtp' | 'devmailbox';

/** Where rendered mails go: an SMTP server, or nowhere but the outbox (the dev mailbox). */
export type Mailer = {
  readonly transport: MailTransportName;
  send(mail: OutgoingMail): Promise<{ messageId?: string }>;
  close(): void;
};

/** The SMTP commands whose reply concerns this one mail: its recipient (RCPT TO) or its content (DATA). */
const MAIL_COMMANDS = ['RCPT TO', 'DATA'];

/**
 * Whether a delivery failed for good: the server answered the mail's recipient or content with a 5xx reply.
 * Everything else is temporary and worth retrying: no connection (refused, reset, DNS, time-out), a greeting
 * or TLS failure, any 4xx reply, and 5xx replies to the session itself (greeting, AUTH, MAIL FROM), which
 * concern every mail alike and are fixed by the operator, not by giving the mail up.
 */
export function isPermanentDeliveryError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, command } = error as Error & { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    typeof command === 'string' &&
    MAIL_COMMANDS.includes(command)
  );
}

/** The query options SMTP_URL accepts, all booleans (`?ignoreTLS=true`). */
const URL_OPTIONS = ['ignoreTLS', 'requireTLS', 'rejectUnauthorized'] as const;

function parseBoolean(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`SMTP_URL: option ${name} must be true or false, not "${value}"`);
}

/**
 * Transport options from SMTP_URL (see mail/README.md):
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it), `smtps://…:465`
 * (TLS from the start). TLS is only skipped when the URL says so with
 * `?ignoreTLS=true` (a local test server); `?requireTLS=true` refuses to send
 * without STARTTLS; `?rejectUnauthorized=false` accepts a self-signed certificate.
 */
export function smtpOptionsFromUrl(smtpUrl: string): SMTPTransportOptions {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL is not a valid URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  const secure = url.protocol === 'smtps:';
  const options: SMTPTransportOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
  if (url.username || url.password) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  for (const [name, value] of url.searchParams) {
    if (!(URL_OPTIONS as readonly string[]).includes(name)) {
      throw new Error(`SMTP_URL: unknown option "${name}" (supported: ${URL_OPTIONS.join(', ')})`);
    }
    const flag = parseBoolean(name, value);
    if (name === 'ignoreTLS') options.ignoreTLS = flag;
    else if (name === 'requireTLS') options.requireTLS = flag;
    else options.tls = { rejectUnauthorized: flag };
  }
  return options;
}

/**
 * The mailer of the process. With SMTP_URL, nodemailer sends through that server;
 * without it, mails stay in `mail_outbox` and are read at /dev/mailbox.
 */
export function createMailer(config: { smtpUrl: string | undefined; mailFrom: string }): Mailer {
  if (!config.smtpUrl) {
    return { transport: 'devmailbox', send: async () => ({}), close: () => {} };
  }
  const transporter = createTransport(smtpOptionsFromUrl(config.smtpUrl));
  return {
    transport: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
