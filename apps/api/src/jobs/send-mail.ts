import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendOutboxMail } from '../mail/outbox.ts';
import type { JobHandler } from './queue.ts';

/** 'mail.send' {outboxId}: delivers one outbox row; the queue retries it with backoff. */
export function sendMailJob(deps: { mailer: Mailer; publicUrl: string }): JobHandler {
  return async (payload, ctx) => {
    const outboxId = Number(payload.outboxId);
    if (!Number.isSafeInteger(outboxId) || outboxId <= 0) {
      throw new Error(`mail.send needs a numeric outboxId, got ${JSON.stringify(payload.outboxId)}`);
    }
    const [job] = await ctx.db.select({ maxAttempts: jobs.maxAttempts }).from(jobs).where(eq(jobs.id, ctx.jobId));
    const outcome = await sendOutboxMail(ctx.db, deps.mailer, outboxId, {
      isLastAttempt: ctx.attempt >= (job?.maxAttempts ?? 1),
    });
    if (outcome.status === 'sent' && outcome.transport === 'devmailbox') {
      ctx.log.info(`mail ${outboxId} kept in the dev mailbox: ${deps.publicUrl}/dev/mailbox/${outboxId}`);
    }
    return outcome;
  };
}
