import { wallClockInstant } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { queueMails } from '../../mail/outbox.ts';
import { findEventsWithResponsePhase, findRespondingAuthors, type PhaseEvent } from './responses.queries.ts';
import { wallClockText } from './responses.service.ts';

export const RESPONSE_PHASE_MAILS_JOB = 'responses.phase_mails';
export const RESPONSE_PHASE_MAILS_EVERY_MS = 60 * 60 * 1000;
/** How long before the window closes the authors are reminded. */
export const RESPONSE_CLOSING_NOTICE_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 200;

type PhaseMail = 'responses.window_open' | 'responses.closing_soon';

/** The phase mails due now for an event: "open" from the opening to the close, "closing" in the last day. */
function dueMails(event: PhaseEvent, now: Date): PhaseMail[] {
  if (!event.responseOpensAt || !event.responseClosesAt) return [];
  const opens = wallClockInstant(event.responseOpensAt, event.timezone);
  const closes = wallClockInstant(event.responseClosesAt, event.timezone);
  if (now < opens || now >= closes) return [];
  const due: PhaseMail[] = ['responses.window_open'];
  if (now.getTime() >= closes.getTime() - RESPONSE_CLOSING_NOTICE_MS) due.push('responses.closing_soon');
  return due;
}

/**
 * The authors' mails of the response phase (`docs/domain.md#author-response`), run every hour: for each approved or
 * active event with the phase on, once the window is open, "the response window is open" to every registered author
 * of a submission awaiting a response (no decision, at least one completed review); in the window's last day, "it
 * closes in a day" unless the paper's response is already submitted. Each mail carries a dedupe key per (event, mail, author, submission), so the hourly runs, a run
 * done twice, and an author who was told before send each mail once; an author whose paper gets its first completed
 * review later is told at the next run. Written in batches of one transaction each.
 */
export async function sendResponsePhaseMails(
  db: Db,
  publicUrl: string,
  now: Date = new Date(),
  batchSize = BATCH_SIZE,
): Promise<{ events: number; sent: number }> {
  let eventCount = 0;
  let sent = 0;
  for (const event of await findEventsWithResponsePhase(db)) {
    const due = dueMails(event, now);
    if (due.length === 0) continue;
    eventCount += 1;
    const closesAt = `${wallClockText(event.responseClosesAt)} (${event.timezone})`;
    let after: { submissionId: number; userId: number } | undefined;
    for (;;) {
      const authors = await findRespondingAuthors(db, event.id, { after, limit: batchSize });
      if (authors.length === 0) break;
      const mails = authors.flatMap((author) =>
        due
          .filter((template) => template !== 'responses.closing_soon' || !author.responded)
          .map((template) => ({
            to: author.email,
            template,
            locale: author.locale,
            eventId: event.id,
            dedupeKey: `${template}:${event.id}:${author.userId}:${author.submissionId}`,
            data: {
              first_name: author.firstName,
              submission_title: author.submissionTitle,
              event_title: event.title,
              closes_at: closesAt,
              link: `${publicUrl}/events/${event.publicId}/submissions/${author.submissionPublicId}/response`,
            },
          })),
      );
      sent += (await db.transaction((tx) => queueMails(tx, mails))).length;
      const last = authors.at(-1);
      after = last && { submissionId: last.submissionId, userId: last.userId };
      if (authors.length < batchSize) break;
    }
  }
  return { events: eventCount, sent };
}

/** 'responses.phase_mails' {}: thin — the response phase's mails due this hour. */
export function responsePhaseMailsJob(deps: { publicUrl: string }): JobHandler {
  return async (_payload, ctx) => sendResponsePhaseMails(ctx.db, deps.publicUrl);
}
