import { countWords, type PutResponseBody, presentResponsePhase } from '@confero/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authorResponses, events } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { queueMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { withoutDetectedConflicts } from '../conflicts/detect-conflict.ts';
import { responsePhaseOf } from '../events/events.presenter.ts';
import { submissionLink } from '../submissions/commands/create-submission.ts';
import { lockEventAndSubmission } from '../submissions/submission-locks.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import { alreadySubmitted, bodyError, staleResponse, submissionDecided } from './response-errors.ts';
import { findResponseRecipients, type ResponseRow } from './responses.queries.ts';

/** A wall-clock time of the event (`YYYY-MM-DDTHH:mm`) as the messages show it, with the zone beside. */
export const wallClockText = (wallClock: string | null) => (wallClock ?? '').replace('T', ' ');

/** What a save is checked against: the submission's decision and its event's response phase. */
export type ResponseSaveState = {
  decision: SubmissionBundle['decision'];
  event: Parameters<typeof responsePhaseOf>[0];
};

/**
 * What a save of the response must pass before it is written, in this order (the first failing rule answers): the
 * submission has no decision (409), the phase is on (400 on `body`), now is inside the window — not before it opens,
 * not at or after it closes (400 on `body`, naming the window's time in the event's zone) —, a submitted response is
 * not empty (400), and the text holds at most the event's word limit, counted by `countWords` as the browser counts
 * (400 on `body` with the limit and the count).
 */
export function checkResponseSave(submission: ResponseSaveState, body: PutResponseBody, now: Date): number {
  if (submission.decision !== 'pending') throw submissionDecided();
  const { event } = submission;
  const phase = presentResponsePhase(responsePhaseOf(event), now);
  if (!phase.enabled || !phase.opens_at_utc || !phase.closes_at_utc) throw bodyError('responses.phaseOff');
  if (now < new Date(phase.opens_at_utc))
    throw bodyError('responses.windowNotOpenYet', {
      opens_at: wallClockText(phase.opens_at),
      timezone: event.timezone,
    });
  if (!phase.open)
    throw bodyError('responses.windowClosed', { closes_at: wallClockText(phase.closes_at), timezone: event.timezone });
  const words = countWords(body.body);
  if (body.status === 'submitted' && words === 0) throw bodyError('responses.bodyRequired');
  if (words > phase.word_limit) throw bodyError('responses.tooManyWords', { limit: phase.word_limit, count: words });
  return words;
}

/** The dedupe key of the "authors responded" mail to one person for one submitted version of a response. */
const respondedKey = (submissionId: number, version: number, userId: number) =>
  `response.submitted:${submissionId}:${version}:${userId}`;

/**
 * Saves the authors' response to the reviews of a submission (`PUT submissions/{id}/response/`), a draft or
 * submitted, checked by `checkResponseSave` against the rows it holds. One response per submission: the first save inserts it (`on conflict do
 * nothing` on the unique submission, so of two first saves at once one writes and the other is answered 409
 * STALE_RESPONSE); a later save sends the version it read and updates only that version (409 STALE_RESPONSE
 * otherwise, never a lost write). A submitted response changes only by submitting it again (409 otherwise), so the
 * committee never reads a draft. In one transaction, holding the event row and then the submission row (a change
 * of the phase and a decision wait; a phase turned off or a decided paper refuses the save): the write, its audit entry (`response.draft_saved` or `response.submitted`) and, on each
 * submit, the "authors responded" mail to the paper's committee without a conflict (stored or detected), once per person
 * and version.
 */
export async function saveResponse(
  db: Db,
  input: {
    actor: Actor;
    submission: SubmissionBundle;
    body: PutResponseBody;
    publicUrl: string;
    now?: Date;
  },
): Promise<ResponseRow> {
  const { actor, submission, body } = input;
  const now = input.now ?? new Date();
  const submitted = body.status === 'submitted';
  return db.transaction(async (tx) => {
    // The event row, then the submission row, held as the rules read them: a chair's change of the phase
    // (`PATCH events/{id}/`, which holds the event row) and a decision wait for the save, or the save reads theirs.
    const { event: phase, decision } = await lockEventAndSubmission(
      tx,
      submission,
      {
        responseEnabled: events.responseEnabled,
        responseOpensAt: events.responseOpensAt,
        responseClosesAt: events.responseClosesAt,
        responseWordLimit: events.responseWordLimit,
        timezone: events.timezone,
      },
      'share',
    );
    const wordCount = checkResponseSave({ decision, event: phase }, body, now);
    const values = {
      body: body.body,
      status: body.status,
      wordCount,
      updatedBy: actor.id,
      updatedAt: now,
    };
    let row: ResponseRow | undefined;
    if (body.version === undefined) {
      [row] = await tx
        .insert(authorResponses)
        .values({ ...values, submissionId: submission.id, submittedAt: submitted ? now : null, createdAt: now })
        .onConflictDoNothing({ target: authorResponses.submissionId })
        .returning();
    } else {
      [row] = await tx
        .update(authorResponses)
        .set({
          ...values,
          version: sql`${authorResponses.version} + 1`,
          ...(submitted ? { submittedAt: now } : {}),
        })
        .where(
          and(
            eq(authorResponses.submissionId, submission.id),
            eq(authorResponses.version, body.version),
            submitted ? undefined : eq(authorResponses.status, 'draft'),
          ),
        )
        .returning();
    }
    if (!row) {
      const [current] = await tx
        .select({ version: authorResponses.version, status: authorResponses.status })
        .from(authorResponses)
        .where(eq(authorResponses.submissionId, submission.id));
      if (current && current.version === body.version && current.status === 'submitted') throw alreadySubmitted();
      throw staleResponse();
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: submitted ? 'response.submitted' : 'response.draft_saved',
      data: { submission_id: submission.id, version: row.version, word_count: wordCount },
    });
    if (submitted) await mailResponded(tx, submission, row.version, input.publicUrl);
    return row;
  });
}

/**
 * The "authors responded" mail to each member of the paper's committee without a conflict, in their language: stored
 * conflicts and authorship leave them out in the query, and so does a conflict detection finds now
 * (`withoutDetectedConflicts`), as it takes the reading of the response away (`withDetectedConflict`).
 */
async function mailResponded(db: Db, submission: SubmissionBundle, version: number, publicUrl: string) {
  const recipients = await withoutDetectedConflicts(db, submission, await findResponseRecipients(db, submission));
  await queueMails(
    db,
    recipients.map((person) => ({
      to: person.email,
      template: 'responses.submitted' as const,
      locale: person.locale,
      eventId: submission.eventId,
      dedupeKey: respondedKey(submission.id, version, person.userId),
      data: {
        first_name: person.firstName,
        submission_title: submission.title,
        event_title: submission.event.title,
        link: submissionLink(publicUrl, submission.publicId),
      },
    })),
  );
}
