import {
  DISCUSSION_EDIT_WINDOW_MS,
  type DiscussionAuthorDto,
  type DiscussionCommentDto,
  type DiscussionDto,
  type MentionableDto,
  type MyDiscussionItemDto,
  reviewMessage,
} from '@confero/contracts';
import { serverMessage } from '@confero/i18n';
import { abilitiesFrom } from '../../lib/authorize.ts';
import {
  type CommentSubject,
  commentPolicies,
  type DiscussionAccess,
  discussionPolicies,
} from './discussion.policy.ts';
import type { CommentRow, MyDiscussionRow } from './discussion.queries.ts';
import type { ThreadPerson } from './discussion-access.ts';

/*
 * What a reader receives of a thread (`docs/domain.md#discussion`). Chairs read names; to a reviewer another
 * reviewer of the paper is "Reviewer N" (REVIEWERS_SEE_EACH_OTHER is false in every blind mode) without name, e-mail
 * or public id, a chair is named with the role, the paper's area chair is "Area chair" without name, e-mail or public
 * id (`docs/domain.md#area-chair`), a former member is not named; the reader's own is "You".
 * SECURITY-CRITICAL: this is the one place a person of the thread becomes an identity in an answer.
 */

/** The reader of a thread: who they are and whether they read as its committee. */
export type ThreadReader = { userId: number; isCommittee: boolean };

const fullName = (person: ThreadPerson) => `${person.user.firstName} ${person.user.lastName}`.trim();

/** A person as the reader may know them; `undefined` is a writer whose account was deleted. */
export function presentPerson(reader: ThreadReader, person: ThreadPerson | undefined): DiscussionAuthorDto {
  if (!person) return { role: 'former_member', display_name: serverMessage('discussion.formerMember'), is_self: false };
  const ordinal = person.role === 'reviewer' ? { reviewer_ordinal: person.ordinal } : {};
  if (person.user.id === reader.userId) {
    return {
      role: person.role,
      display_name: serverMessage('discussion.you'),
      public_id: person.user.publicId,
      ...ordinal,
      is_self: true,
    };
  }
  if (reader.isCommittee || person.role === 'chair') {
    return {
      role: person.role,
      display_name: fullName(person),
      public_id: person.user.publicId,
      ...ordinal,
      is_self: false,
    };
  }
  if (person.role === 'area_chair') {
    return { role: 'area_chair', display_name: serverMessage('discussion.areaChair'), is_self: false };
  }
  if (person.role === 'reviewer') {
    return {
      role: 'reviewer',
      display_name: reviewMessage('reviews.reviewerLabel', { n: person.ordinal ?? 0 }),
      ...ordinal,
      is_self: false,
    };
  }
  return { role: 'former_member', display_name: serverMessage('discussion.formerMember'), is_self: false };
}

/**
 * The id `mentions` takes for a person: their public id where the reader may know them, else `reviewer-N` (a
 * reviewer) or `area-chair` (the paper's one area chair).
 */
export function mentionIdOf(reader: ThreadReader, person: ThreadPerson): string {
  if (reader.isCommittee) return person.user.publicId;
  if (person.role === 'reviewer') return `reviewer-${person.ordinal}`;
  return person.role === 'area_chair' ? 'area-chair' : person.user.publicId;
}

/** The members the reader may mention: everyone who reads the thread but the reader, chairs and the area chair first. */
export function presentMentionable(reader: ThreadReader, people: Map<number, ThreadPerson>): MentionableDto[] {
  return [...people.values()]
    .filter((person) => person.readsThread && person.user.id !== reader.userId)
    .sort(
      (a, b) =>
        Number(a.role !== 'chair') - Number(b.role !== 'chair') ||
        Number(a.role !== 'area_chair') - Number(b.role !== 'area_chair') ||
        (a.ordinal ?? 0) - (b.ordinal ?? 0) ||
        fullName(a).localeCompare(fullName(b)),
    )
    .map((person) => {
      const shown = presentPerson(reader, person);
      return {
        public_id: mentionIdOf(reader, person),
        display_name: shown.display_name,
        role: shown.role,
        ...(shown.reviewer_ordinal === undefined ? {} : { reviewer_ordinal: shown.reviewer_ordinal }),
      };
    });
}

/** Whether a comment is still within its writer's edit window at `now`. */
export const withinEditWindow = (comment: CommentRow, now: Date) =>
  now.getTime() - comment.createdAt.getTime() < DISCUSSION_EDIT_WINDOW_MS;

/** A comment for the reader, with what they may do to it (the edit window is the state rule added here). */
export function presentComment(
  access: DiscussionAccess,
  reader: ThreadReader,
  people: Map<number, ThreadPerson>,
  comment: CommentRow,
  now: Date,
): DiscussionCommentDto {
  const subject: CommentSubject = { isOwn: comment.authorId === reader.userId };
  const abilities = abilitiesFrom(commentPolicies, access, subject, { edit: 'comment.edit', delete: 'comment.delete' });
  return {
    id: comment.publicId,
    body: comment.body,
    author: presentPerson(reader, comment.authorId === null ? undefined : people.get(comment.authorId)),
    mentions: comment.mentions.map((id) => presentPerson(reader, people.get(id))),
    created_at: comment.createdAt.toISOString(),
    edited_at: comment.editedAt?.toISOString() ?? null,
    abilities: { edit: abilities.edit && withinEditWindow(comment, now), delete: abilities.delete },
  };
}

/** The thread of a paper for its reader. */
export function presentDiscussion(
  access: DiscussionAccess,
  reader: ThreadReader,
  submission: { id: number; publicId: string; title: string; needsDiscussion: boolean },
  people: Map<number, ThreadPerson>,
  comments: CommentRow[],
  now: Date,
): DiscussionDto {
  const abilities = abilitiesFrom(discussionPolicies, access, undefined, {
    comment: 'discussion.comment',
    flag: 'discussion.flag',
  });
  return {
    submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
    needs_discussion: submission.needsDiscussion,
    comments: comments.map((comment) => presentComment(access, reader, people, comment, now)),
    mentionable: presentMentionable(reader, people),
    abilities,
  };
}

/** A paper of the caller's discussions list; `readable` says whether they may open the thread now. */
export function presentMyDiscussion(row: MyDiscussionRow, readable: boolean): MyDiscussionItemDto {
  return {
    submission: { id: row.id, public_id: row.public_id, title: row.title },
    event: { public_id: row.event_public_id, title: row.event_title },
    needs_discussion: row.needs_discussion,
    comment_count: readable ? row.comment_count : 0,
    last_comment_at: readable && row.last_comment_at ? new Date(row.last_comment_at).toISOString() : null,
    can_read: readable,
  };
}
