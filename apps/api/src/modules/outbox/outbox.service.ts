import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { type RetriedMail, retryOutboxMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { nextFailedMailIds, type OutboxFilter } from './outbox.queries.ts';

/** How many mails one transaction of "retry all failed" takes. */
export const RETRY_BATCH_SIZE = 100;

async function auditRetries(tx: Db, actor: Actor, mails: RetriedMail[], scope: 'one' | 'all_failed') {
  for (const mail of mails) {
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: mail.eventId,
      entity: 'mail',
      entityId: mail.id,
      action: 'mail.retried',
      data: { previous_status: mail.previousStatus, scope },
    });
  }
}

/**
 * "Retry now" for one mail not sent yet (failed or still waiting): queued again, due now, with a fresh retry
 * window, and audited. 409 when it was sent meanwhile, or is being tried this very moment. Wake the worker after.
 */
export async function retryMail(db: Db, actor: Actor, mail: { id: number; status: string }): Promise<void> {
  if (mail.status === 'sent') throw conflict('mails.alreadySent');
  await db.transaction(async (tx) => {
    const retried = await retryOutboxMails(tx, [mail.id]);
    if (retried.length === 0) throw conflict('mails.sentOrSending');
    await auditRetries(tx, actor, retried, 'one');
  });
}

/**
 * "Retry all failed": every failed mail matching the filter (event, template), in batches of RETRY_BATCH_SIZE,
 * each in its own transaction with its audit entries, oldest first. Returns how many were retried.
 */
export async function retryFailedMails(db: Db, actor: Actor, filter: Omit<OutboxFilter, 'status'>): Promise<number> {
  let retriedCount = 0;
  let afterId = 0;
  for (;;) {
    const ids = await nextFailedMailIds(db, filter, afterId, RETRY_BATCH_SIZE);
    const last = ids.at(-1);
    if (last === undefined) return retriedCount;
    afterId = last;
    retriedCount += await db.transaction(async (tx) => {
      // Only what is still failed under the lock: a concurrent "retry all" took the others already.
      const retried = await retryOutboxMails(tx, ids, { onlyFailed: true });
      await auditRetries(tx, actor, retried, 'all_failed');
      return retried.length;
    });
  }
}
