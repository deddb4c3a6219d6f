import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from './mailer.ts';
import { renderMail } from './render.ts';
import { MAIL_TEMPLATES, type MailData, type MailTemplate, REQUIRED_DATA } from './templates/index.ts';

export type { MailData, MailTemplate } from './templates/index.ts';

/** The job that delivers one outbox row; its payload is `{ outboxId }`. */
export const MAIL_SEND_JOB = 'mail.send';

const MAX_ERROR_LENGTH = 2000;

/**
 * Renders the template in the locale (en or ar; anything else falls back to en),
 * stores it in mail_outbox and enqueues the 'mail.send' job, in one transaction
 * (a savepoint when `db` is already a transaction). Returns the outbox id.
 * A mail missing data its template needs is refused (see REQUIRED_DATA).
 */
export async function queueMail(
  db: Db,
  mail: { to: string; template: MailTemplate; locale?: string; data: MailData },
): Promise<number> {
  if (!(MAIL_TEMPLATES as readonly string[]).includes(mail.template)) {
    throw new Error(`Unknown mail template "${mail.template}"`);
  }
  const recipient = mail.to.trim();
  if (!recipient || recipient.length > 254 || /[\s,;<>]/.test(recipient) || !recipient.includes('@')) {
    throw new Error(`Mail "${mail.template}": "${mail.to}" is not a single e-mail address`);
  }
  const missing = REQUIRED_DATA[mail.template].filter((key) => {
    const value = mail.data[key];
    return value === null || value === undefined || String(value).trim() === '';
  });
  if (missing.length > 0) {
    throw new Error(`Mail "${mail.template}" needs data: ${missing.join(', ')}`);
  }
  const rendered = renderMail(mail.template, mail.locale, mail.data);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        recipient,
        locale: rendered.locale,
        template: mail.template,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    await enqueueJob(tx, MAIL_SEND_JOB, { outboxId: row.id });
    return row.id;
  });
}

export type SendOutcome =
  | { outboxId: number; status: 'sent'; transport: string; messageId?: string }
  | { outboxId: number; status: 'skipped'; reason: 'already_sent' | 'missing' };

/**
 * Sends one outbox row (the body of the 'mail.send' job). Idempotent: a row
 * already sent is never sent again. Each try counts in `attempts`; a failure is
 * recorded in `last_error` and rethrown so the job queue retries it, and the row
 * becomes `failed` when the job has no attempts left.
 */
export async function sendOutboxMail(
  db: Db,
  mailer: Mailer,
  outboxId: number,
  options: { isLastAttempt: boolean },
): Promise<SendOutcome> {
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, outboxId), ne(mailOutbox.status, 'sent')))
    .returning();
  if (!row) {
    const [existing] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    return { outboxId, status: 'skipped', reason: existing ? 'already_sent' : 'missing' };
  }
  try {
    const info = await mailer.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', transport: mailer.transport, sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, outboxId));
    return {
      outboxId,
      status: 'sent',
      transport: mailer.transport,
      ...(info.messageId ? { messageId: info.messageId } : {}),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({
        status: options.isLastAttempt ? 'failed' : 'queued',
        transport: mailer.transport,
        lastError: message.slice(0, MAX_ERROR_LENGTH),
      })
      .where(eq(mailOutbox.id, outboxId));
    throw error;
  }
}
