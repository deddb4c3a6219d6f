import type { Config } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordMailFailure, sendOutboxMail } from '../mail/outbox.ts';
import { type JobHandler, type JobTypeOptions, PermanentJobError } from './queue.ts';

/** Share of a retry delay taken off at random, so mails that failed together are not all retried together. */
const MAIL_RETRY_JITTER = 0.2;

/** 'mail.send' {outboxId}: delivers one outbox row. */
export function sendMailJob(deps: { mailer: Mailer; publicUrl: string }): JobHandler {
  return async (payload, ctx) => {
    const outboxId = Number(payload.outboxId);
    if (!Number.isSafeInteger(outboxId) || outboxId <= 0) {
      throw new PermanentJobError(`mail.send needs a numeric outboxId, got ${JSON.stringify(payload.outboxId)}`);
    }
    const outcome = await sendOutboxMail(ctx.db, deps.mailer, outboxId);
    if (outcome.status === 'sent' && outcome.transport === 'devmailbox') {
      ctx.log.info(`mail ${outboxId} kept in the dev mailbox: ${deps.publicUrl}/dev/mailbox/${outboxId}`);
    }
    return outcome;
  };
}

/**
 * How 'mail.send' retries: bounded by time, not by attempts (an SMTP outage of hours loses no mail), and mirrored
 * in the outbox row (`next_attempt_at`, or `failed` with `failed_at`) in the transaction that records each try.
 */
export function sendMailJobOptions(retry: Config['mailRetry']): JobTypeOptions {
  return { retry: { kind: 'window', ...retry, jitter: MAIL_RETRY_JITTER }, onFailure: recordMailFailure };
}
