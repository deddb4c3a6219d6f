import { DISCUSSION_EDIT_WINDOW_MS, type MyDiscussionItemDto, type PostCommentBody } from '@confero/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discussionComments, submissions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';
import { queueMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { detectedConflictsAmong } from '../conflicts/detect-conflict.ts';
import { discussionParticipant } from './discussion.policy.ts';
import { mentionIdOf, presentMyDiscussion, type ThreadReader } from './discussion.presenter.ts';
import {
  type CommentRow,
  commentExists,
  findComments,
  findFlag,
  findMyDiscussionCandidates,
  pageMyDiscussions,
} from './discussion.queries.ts';
import { type DiscussionContext, loadThreadPeople, type ThreadPerson } from './discussion-access.ts';
import { commentNotFound, editWindowClosed, mentionUnknown } from './discussion-errors.ts';

/*
 * The committee's discussion of a paper (`docs/domain.md#discussion`): comments with mentions (each mentioned member
 * mailed once, in their language), edits by the writer within `DISCUSSION_EDIT_WINDOW_MS`, deletion by the writer or
 * the committee, and the chairs' "needs discussion" flag. Each change and its audit entry (and its mails) are written
 * in one transaction; the routes have authorized the caller before.
 */

/** The reader of a loaded thread. */
export function readerOf(actor: Actor, context: DiscussionContext): ThreadReader {
  return { userId: actor.id, isCommittee: discussionParticipant(context.access) === 'committee' };
}

/** A thread's comments and its people (the writers and the mentioned included), read together. */
export async function loadThread(db: Db, context: DiscussionContext) {
  const comments = await findComments(db, context.review.submission.id);
  const others = comments.flatMap((comment) => [
    ...(comment.authorId === null ? [] : [comment.authorId]),
    ...comment.mentions,
  ]);
  const people = await loadThreadPeople(db, context, others);
  return { comments, people };
}

/**
 * The user ids named by `mentions` (the ids of `presentMentionable`: a public id, or `reviewer-N` where the reader
 * knows a reviewer only by number), each once. Anyone who does not read the thread now is refused: 400 on
 * `mentions`. The reader may name themself (no mail goes to them).
 */
export function resolveMentions(reader: ThreadReader, people: Map<number, ThreadPerson>, mentions: string[]): number[] {
  const byMentionId = new Map<string, number>();
  for (const person of people.values()) {
    if (person.readsThread || person.user.id === reader.userId)
      byMentionId.set(mentionIdOf(reader, person), person.user.id);
  }
  const ids: number[] = [];
  for (const mention of mentions) {
    const id = byMentionId.get(mention);
    if (id === undefined) throw mentionUnknown();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * Writes a comment with its audit entry and one 'discussion.mentioned' mail to each mentioned member but the writer,
 * in their language, linking to the paper's page. Mentions are resolved first (400 before anything is written).
 */
export async function postComment(
  db: Db,
  publicUrl: string,
  actor: Actor,
  context: DiscussionContext,
  input: PostCommentBody,
): Promise<{ comment: CommentRow; people: Map<number, ThreadPerson> }> {
  const { submission } = context.review;
  const reader = readerOf(actor, context);
  const people = await loadThreadPeople(db, context, [actor.id]);
  const mentions = resolveMentions(reader, people, input.mentions ?? []);
  const comment = await db.transaction(async (tx) => {
    const id = await nextId(tx, 'discussion_comments');
    const [row] = await tx
      .insert(discussionComments)
      .values({
        id,
        publicId: makePublicId(id),
        submissionId: submission.id,
        authorId: actor.id,
        body: input.body,
        mentions,
      })
      .returning();
    if (!row) throw new Error('discussion comment insert returned no row');
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: 'discussion.commented',
      data: { comment_id: row.publicId, mentions },
    });
    const link = `${publicUrl}/submissions/${submission.publicId}#discussion`;
    await queueMails(
      tx,
      mentions.flatMap((userId) => {
        const person = people.get(userId);
        if (!person || userId === actor.id) return [];
        return [
          {
            to: person.user.email,
            template: 'discussion.mentioned' as const,
            locale: person.user.locale,
            eventId: submission.eventId,
            data: {
              first_name: person.user.firstName,
              submission_title: submission.title,
              event_title: submission.event.title,
              comment: input.body,
              link,
            },
          },
        ];
      }),
    );
    return row;
  });
  return { comment, people };
}

/**
 * Changes a comment's text: by its writer (the route's rule) while the comment is younger than the edit window,
 * checked in the UPDATE's WHERE so an edit racing the window's end or a deletion never writes. Nothing written: 404
 * when the comment is gone, else 409 EDIT_WINDOW_CLOSED.
 */
export async function editComment(
  db: Db,
  actor: Actor,
  context: DiscussionContext,
  comment: CommentRow,
  body: string,
  now = new Date(),
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discussionComments)
      .set({ body, editedAt: now })
      .where(
        and(
          eq(discussionComments.id, comment.id),
          eq(discussionComments.authorId, actor.id),
          gt(discussionComments.createdAt, new Date(now.getTime() - DISCUSSION_EDIT_WINDOW_MS)),
        ),
      )
      .returning();
    if (!row) throw (await commentExists(tx, comment.id)) ? editWindowClosed() : commentNotFound();
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: context.review.submission.eventId,
      entity: 'submission',
      entityId: context.review.submission.id,
      action: 'discussion.edited',
      data: { comment_id: row.publicId },
    });
    return row;
  });
}

/** Deletes a comment (its writer or the committee: the route's rule); one of two racing deletions finds it gone (404). */
export async function deleteComment(db: Db, actor: Actor, context: DiscussionContext, comment: CommentRow) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(discussionComments).where(eq(discussionComments.id, comment.id)).returning();
    if (!row) throw commentNotFound();
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: context.review.submission.eventId,
      entity: 'submission',
      entityId: context.review.submission.id,
      action: 'discussion.deleted',
      data: { comment_id: row.publicId, author_id: row.authorId },
    });
  });
}

/** Sets the paper's "needs discussion" flag (the committee: the route's rule), audited with the value before. */
export async function setFlag(db: Db, actor: Actor, context: DiscussionContext, value: boolean): Promise<boolean> {
  const { submission } = context.review;
  return db.transaction(async (tx) => {
    await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submission.id)).for('update');
    const before = await findFlag(tx, submission.id);
    await tx.update(submissions).set({ needsDiscussion: value }).where(eq(submissions.id, submission.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: 'discussion.flagged',
      data: { changes: { needs_discussion: { from: before, to: value } } },
    });
    return value;
  });
}

/**
 * A page of the caller's papers under discussion (`pageMyDiscussions`: one query, plus one for the total of a page
 * past the end) with whether they may open each thread now: the committee, and a reviewer as the event's setting
 * allows. A paper detection finds the caller conflicted with (not stored yet) is left out like a stored conflict, as
 * its thread answers 404 (`withDetectedConflict`): detection runs first over the caller's papers under discussion
 * (`findMyDiscussionCandidates`, one query; then four per event among them), so the page, its filters and its total
 * never count such a paper.
 */
export async function listMyDiscussions(
  db: Db,
  actor: Actor,
  options: { page: number; pageSize: number; eventId?: number; flagged?: boolean },
): Promise<{ results: MyDiscussionItemDto[]; count: number }> {
  const candidates = await findMyDiscussionCandidates(db, actor.id, options);
  const excludedIds = await detectedConflictsAmong(
    db,
    actor.id,
    candidates.map((row) => ({ id: row.id, eventId: row.event_id })),
  );
  const filter = { ...options, excludedIds };
  const rows = await pageMyDiscussions(db, actor.id, filter);
  const count =
    rows[0]?.total ??
    (options.page > 1
      ? ((await pageMyDiscussions(db, actor.id, { ...filter, page: 1, pageSize: 1 }))[0]?.total ?? 0)
      : 0);
  const results = rows.map((row) => {
    const reads = row.is_committee || row.reviewers_see === 'always' || row.own_review_status === 'completed';
    return presentMyDiscussion(row, reads);
  });
  return { results, count };
}
