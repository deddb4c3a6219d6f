import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { enqueueJob, enqueueJobs, type FailureOutcome, PermanentJobError, requeueJobs } from '../jobs/queue.ts';
import { queryRows } from '../lib/sql.ts';
import { isPermanentDeliveryError, type Mailer } from './mailer.ts';
import { renderMail } from './render.ts';
import { MAIL_TEMPLATES, type MailData, type MailTemplate, REQUIRED_DATA } from './templates/index.ts';

export type { MailData, MailTemplate } from './templates/index.ts';

/** The job that delivers one outbox row; its payload is `{ outboxId }`. */
export const MAIL_SEND_JOB = 'mail.send';

const MAX_ERROR_LENGTH = 2000;

/** A mail to queue: see `queueMail`. */
export type QueuedMail = {
  to: string;
  template: MailTemplate;
  locale?: string;
  data: MailData;
  eventId?: number | null;
  /** The event template a chair's mail was written from (`EVENT_MAIL_TEMPLATE_KEYS`), for the event's outbox. */
  eventTemplate?: string | null;
  /** The group mail (`mail_sends`) this mail is one recipient of. */
  mailSendId?: number | null;
  /** A mail that must go at most once carries a key: a second mail with the same key is not written. */
  dedupeKey?: string | null;
};

/** Checks a mail (a known template, one address, the data its template needs); returns its recipient, trimmed. */
function checkMail(mail: QueuedMail): string {
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
  return recipient;
}

/** Renders the outbox row of a mail `checkMail` passed, with the recipient it gave. */
function outboxRow(mail: QueuedMail, recipient: string) {
  const rendered = renderMail(mail.template, mail.locale, mail.data);
  return {
    recipient,
    locale: rendered.locale,
    template: mail.template,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    eventId: mail.eventId ?? null,
    eventTemplate: mail.eventTemplate ?? null,
    mailSendId: mail.mailSendId ?? null,
    dedupeKey: mail.dedupeKey ?? null,
  };
}

type OutboxRow = ReturnType<typeof outboxRow>;

/**
 * Writes rendered rows, due now, in one statement whose columns are array parameters (eleven parameters whatever the
 * number of rows: building a multi-row insert of 250 mails cost the query builder tens of milliseconds of the
 * thread). A row whose dedupe key is taken is not written. Returns the ids written, in the rows' order.
 */
async function insertOutboxRows(tx: Db, rows: OutboxRow[]): Promise<number[]> {
  const column = <K extends keyof OutboxRow>(key: K) => sql.param(rows.map((row) => row[key]));
  const written = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${mailOutbox} (recipient, locale, template, subject, text_body, html_body, event_id,
          event_template, mail_send_id, dedupe_key, next_attempt_at)
        select recipient, locale, template, subject, text_body, html_body, event_id, event_template, mail_send_id,
               dedupe_key, now()
        from unnest(${column('recipient')}::text[], ${column('locale')}::text[], ${column('template')}::text[],
                    ${column('subject')}::text[], ${column('textBody')}::text[], ${column('htmlBody')}::text[],
                    ${column('eventId')}::int[], ${column('eventTemplate')}::text[], ${column('mailSendId')}::int[],
                    ${column('dedupeKey')}::text[])
          with ordinality as m(recipient, locale, template, subject, text_body, html_body, event_id, event_template,
                               mail_send_id, dedupe_key, n)
        order by n
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  return written.map((row) => Number(row.id));
}

/**
 * Renders the template in the locale (en or ar; anything else falls back to en),
 * stores it in mail_outbox, due now, and enqueues the 'mail.send' job, in one
 * transaction (a savepoint when `db` is already a transaction). Returns the outbox
 * id. `eventId` names the event the mail is about (operators filter the outbox by
 * it); account mail has none. A mail missing data its template needs is refused
 * (see REQUIRED_DATA). A mail with a `dedupeKey` already used is not written
 * (`on conflict do nothing`, so two writers at once write one row): the answer
 * is null then, and no job is enqueued.
 */
export async function queueMail(db: Db, mail: QueuedMail & { dedupeKey?: undefined }): Promise<number>;
export async function queueMail(db: Db, mail: QueuedMail): Promise<number | null>;
export async function queueMail(db: Db, mail: QueuedMail): Promise<number | null> {
  const [id] = await queueMails(db, [mail]);
  if (id === undefined) {
    if (mail.dedupeKey) return null;
    throw new Error('mail_outbox insert returned no row');
  }
  return id;
}

/** Mails rendered and written per statement by `queueMails`. */
const QUEUE_BATCH = 250;

/**
 * `queueMail` for many mails at once (a group's batch, the reviewers reminded, a paper's authors): every mail is
 * checked first, then rendered and written QUEUE_BATCH at a time (the rows in one insert, their 'mail.send' jobs in
 * another), all in one transaction whatever the number of mails: the thread renders a batch, not the whole list,
 * between two waits on the database. Returns the ids of the rows written (a mail whose `dedupeKey` is taken is left
 * out).
 */
export async function queueMails(db: Db, mails: QueuedMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  // Every mail is checked before anything is written.
  const checked = mails.map((mail) => ({ mail, recipient: checkMail(mail) }));
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let start = 0; start < checked.length; start += QUEUE_BATCH) {
      const rows = checked.slice(start, start + QUEUE_BATCH).map(({ mail, recipient }) => outboxRow(mail, recipient));
      const batchIds = await insertOutboxRows(tx, rows);
      await enqueueJobs(
        tx,
        MAIL_SEND_JOB,
        batchIds.map((outboxId) => ({ outboxId })),
      );
      ids.push(...batchIds);
    }
    return ids;
  });
}

export type SendOutcome =
  | { outboxId: number; status: 'sent'; transport: string; messageId?: string }
  | { outboxId: number; status: 'skipped'; reason: 'already_sent' | 'failed' | 'missing' };

/**
 * Sends one outbox row (the body of the 'mail.send' job). Only a `queued` row is
 * sent, so a row already sent is never sent again and a failed one waits for an
 * operator's retry. Each try counts in `attempts` and `last_attempt_at`. A failure
 * is rethrown for the job queue to retry (see `recordMailFailure`), as a
 * PermanentJobError when the server refused this mail for good.
 */
export async function sendOutboxMail(db: Db, mailer: Mailer, outboxId: number): Promise<SendOutcome> {
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()`, transport: mailer.transport })
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')))
    .returning();
  if (!row) {
    const [existing] = await db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, outboxId));
    const reason = !existing ? 'missing' : existing.status === 'sent' ? 'already_sent' : 'failed';
    return { outboxId, status: 'skipped', reason };
  }
  let info: { messageId?: string };
  try {
    info = await mailer.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
  } catch (error) {
    if (!isPermanentDeliveryError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new PermanentJobError(message, { cause: error });
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, nextAttemptAt: null, failedAt: null })
    .where(eq(mailOutbox.id, outboxId));
  return {
    outboxId,
    status: 'sent',
    transport: mailer.transport,
    ...(info.messageId ? { messageId: info.messageId } : {}),
  };
}

/**
 * The 'mail.send' job's failure hook, run in the transaction in which the queue
 * records the failed try: the row keeps the error and either the time of its next
 * try or, when there is none (a permanent refusal, or the retry window is over),
 * becomes `failed` with `failed_at`.
 */
export async function recordMailFailure(db: Db, payload: Record<string, unknown>, outcome: FailureOutcome) {
  const outboxId = Number(payload.outboxId);
  if (!Number.isSafeInteger(outboxId)) return;
  const lastError = outcome.error.slice(0, MAX_ERROR_LENGTH);
  await db
    .update(mailOutbox)
    .set(
      outcome.retryAt
        ? { lastError, nextAttemptAt: outcome.retryAt }
        : { lastError, status: 'failed', failedAt: sql`now()`, nextAttemptAt: null },
    )
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')));
}

export type RetriedMail = { id: number; eventId: number | null; previousStatus: 'queued' | 'failed' };

/**
 * "Retry now" for mails not sent yet (or, with `onlyFailed`, for those still
 * failed once locked), inside the caller's transaction: each one's delivery job
 * goes back in the queue as new (due now, with a fresh retry window; a mail
 * without a usable job gets a new one), and the mail becomes `queued`, due now,
 * without `failed_at`. A mail whose job is running this very moment is left to
 * that try and not returned. Returns the mails retried; wake the worker after the
 * commit.
 */
export async function retryOutboxMails(
  tx: Db,
  ids: number[],
  options: { onlyFailed?: boolean } = {},
): Promise<RetriedMail[]> {
  if (ids.length === 0) return [];
  const outboxKey = sql<string>`${jobs.payload} ->> 'outboxId'`;
  // Jobs first, then mails: the order in which a failed try locks them, so the two never wait on each other.
  const jobRows = await tx
    .select({ id: jobs.id, status: jobs.status, outboxKey })
    .from(jobs)
    .where(and(eq(jobs.type, MAIL_SEND_JOB), inArray(outboxKey, ids.map(String))))
    .orderBy(asc(jobs.id))
    .for('update');
  const newestJob = new Map(jobRows.map((job) => [Number(job.outboxKey), job]));
  const mails = await tx
    .select({ id: mailOutbox.id, status: mailOutbox.status, eventId: mailOutbox.eventId })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.id, ids),
        options.onlyFailed ? eq(mailOutbox.status, 'failed') : ne(mailOutbox.status, 'sent'),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .for('update');
  const retried: RetriedMail[] = [];
  const requeue: number[] = [];
  for (const mail of mails) {
    if (mail.status === 'sent') continue;
    const job = newestJob.get(mail.id);
    if (job?.status === 'running') continue;
    if (job && job.status !== 'done') requeue.push(job.id);
    else await enqueueJob(tx, MAIL_SEND_JOB, { outboxId: mail.id });
    retried.push({ id: mail.id, eventId: mail.eventId, previousStatus: mail.status });
  }
  await requeueJobs(tx, requeue);
  if (retried.length > 0) {
    await tx
      .update(mailOutbox)
      .set({ status: 'queued', nextAttemptAt: sql`now()`, failedAt: null })
      .where(
        inArray(
          mailOutbox.id,
          retried.map((mail) => mail.id),
        ),
      );
  }
  return retried;
}
