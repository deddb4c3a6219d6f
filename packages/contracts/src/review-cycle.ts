import { z } from 'zod';
import { ReviewAnswer, ReviewQuestionDto } from './review-form.ts';
import {
  DISCUSSION_BODY_MAX_LENGTH,
  DISCUSSION_MAX_MENTIONS,
  RESPONSE_BODY_MAX_LENGTH,
  ResponsePhaseDto,
} from './review-phases.ts';
import { REVIEW_STATUSES } from './reviews.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * What happens between "reviews are in" and the decision (`docs/domain.md#discussion`,
 * `docs/domain.md#author-response`): the committee's discussion of a paper, the authors' response to the reviews,
 * and the history of a review (what its reviewer changed, and whether after the response).
 */

// ---------------------------------------------------------------------------------------------------------------
// Discussion
// ---------------------------------------------------------------------------------------------------------------

/**
 * A member of the thread as the reader may know them (`docs/domain.md#discussion`): chairs always see names; to a
 * reviewer another reviewer of the paper is "Reviewer N" (their review's ordinal, `REVIEWERS_SEE_EACH_OTHER`) and a
 * chair is shown by name with the role; the reader themself is "You". A writer who is no longer on the paper's
 * committee nor holds a review of it is a 'former_member', named to chairs only.
 */
export const DISCUSSION_ROLES = ['chair', 'reviewer', 'area_chair', 'former_member'] as const;
export type DiscussionRole = (typeof DISCUSSION_ROLES)[number];

/** Who wrote a comment, as the reader may know them: a name (chairs always see names) or "Reviewer N". */
export const DiscussionAuthorDto = z.object({
  /** 'chair' (chairs, track chairs and event admins), 'reviewer', 'area_chair', 'former_member'. */
  role: z.enum(DISCUSSION_ROLES),
  /** What the reader sees (English): the person's name, "Reviewer 2", "You" or "Former member". */
  display_name: z.string(),
  /** The person's public id, only for readers who may know it. */
  public_id: z.string().optional(),
  /** The reviewer's ordinal on this paper (reviewers only). */
  reviewer_ordinal: z.number().int().optional(),
  is_self: z.boolean(),
});
export type DiscussionAuthorDto = z.infer<typeof DiscussionAuthorDto>;

export const DiscussionCommentDto = z.object({
  id: z.string(),
  body: z.string(),
  author: DiscussionAuthorDto,
  /** The mentioned members as the reader may know them. */
  mentions: z.array(DiscussionAuthorDto),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type DiscussionCommentDto = z.infer<typeof DiscussionCommentDto>;

/**
 * A member the caller may mention: `public_id` is what `mentions` takes — the person's public id where the caller may
 * know them, `reviewer-N` for a reviewer the caller knows only as "Reviewer N".
 */
export const MentionableDto = z.object({
  public_id: z.string(),
  display_name: z.string(),
  role: z.enum(DISCUSSION_ROLES),
  reviewer_ordinal: z.number().int().optional(),
});
export type MentionableDto = z.infer<typeof MentionableDto>;

/** `GET submissions/{id}/discussion/`. */
export const DiscussionDto = z.object({
  submission: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  /** Whether a chair flagged the paper for discussion. */
  needs_discussion: z.boolean(),
  comments: z.array(DiscussionCommentDto),
  mentionable: z.array(MentionableDto),
  abilities: z.object({ comment: z.boolean(), flag: z.boolean() }),
});
export type DiscussionDto = z.infer<typeof DiscussionDto>;

/** `POST submissions/{id}/discussion/`: `mentions` are members' public ids (also found as `@` in the body). */
export const PostCommentBody = z.object({
  body: z
    .string({ error: 'discussion.bodyRequired' })
    .trim()
    .min(1, { error: 'discussion.bodyRequired' })
    .max(DISCUSSION_BODY_MAX_LENGTH, { error: 'validation.tooLong' }),
  mentions: z
    .array(z.string({ error: 'validation.invalid' }).max(60), { error: 'validation.invalid' })
    .max(DISCUSSION_MAX_MENTIONS, { error: 'discussion.tooManyMentions' })
    .optional(),
});
export type PostCommentBody = z.infer<typeof PostCommentBody>;

export const EditCommentBody = PostCommentBody.pick({ body: true });
export type EditCommentBody = z.infer<typeof EditCommentBody>;

export const CommentIdParams = z.object({ comment_id: z.string().max(60) });
export type CommentIdParams = z.infer<typeof CommentIdParams>;

/** `PUT submissions/{id}/discussion/flag/` `{needs_discussion}`: chairs flag a paper for discussion, or clear it. */
export const DiscussionFlagBody = z.object({ needs_discussion: z.boolean({ error: 'validation.invalid' }) });
export type DiscussionFlagBody = z.infer<typeof DiscussionFlagBody>;

/** The answer of `PUT submissions/{id}/discussion/flag/`: the flag as stored. */
export const DiscussionFlagDto = z.object({ submission_id: z.string(), needs_discussion: z.boolean() });
export type DiscussionFlagDto = z.infer<typeof DiscussionFlagDto>;

/** `GET discussions/`: the caller's papers under discussion (as a reviewer or chair), flagged ones first. */
export const MyDiscussionsQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  event: z.string().max(60).optional(),
  flagged: z.enum(['true', 'false'], { error: 'validation.invalidChoice' }).optional(),
});
export type MyDiscussionsQuery = z.infer<typeof MyDiscussionsQuery>;

export const MyDiscussionItemDto = z.object({
  submission: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  event: z.object({ public_id: z.string(), title: z.string() }),
  needs_discussion: z.boolean(),
  comment_count: z.number().int(),
  last_comment_at: z.string().nullable(),
  /** Whether the caller may read the thread now (a reviewer before their review, in an after_own_review event: no). */
  can_read: z.boolean(),
});
export type MyDiscussionItemDto = z.infer<typeof MyDiscussionItemDto>;
export const MyDiscussionPageDto = paginated(MyDiscussionItemDto);
export type MyDiscussionPageDto = z.infer<typeof MyDiscussionPageDto>;

// ---------------------------------------------------------------------------------------------------------------
// Author response
// ---------------------------------------------------------------------------------------------------------------

export const RESPONSE_STATUSES = ['draft', 'submitted'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** `PUT submissions/{id}/response/`. */
export const PutResponseBody = z.object({
  body: z.string({ error: 'responses.bodyRequired' }).max(RESPONSE_BODY_MAX_LENGTH, { error: 'validation.tooLong' }),
  status: z.enum(RESPONSE_STATUSES, { error: 'validation.invalidChoice' }),
  /** The version read; a save against an older one answers 409 STALE_RESPONSE. */
  version: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    // The largest version the database holds (a 4-byte integer): beyond it a 400, not the database's error.
    .max(2_147_483_647, { error: 'validation.invalid' })
    .optional(),
});
export type PutResponseBody = z.infer<typeof PutResponseBody>;

/** A review as the authors may read it during the response window: the questions they may read, with the answers. */
export const ReleasedReviewDto = z.object({
  reviewer_label: z.string(),
  ordinal: z.number().int(),
  questions: z.array(
    ReviewQuestionDto.pick({
      key: true,
      kind: true,
      label: true,
      min: true,
      max: true,
      value_labels: true,
      options: true,
    }),
  ),
  answers: z.record(z.string(), ReviewAnswer),
  comments_to_author: z.string(),
});
export type ReleasedReviewDto = z.infer<typeof ReleasedReviewDto>;

/** The event of a response: its window's times are wall-clock times in `timezone`. */
export const ResponseEventDto = z.object({ public_id: z.string(), title: z.string(), timezone: z.string() });

/** `GET submissions/{id}/response/` (authors): the phase, the reviews released for response, and their response. */
export const AuthorResponseDto = z.object({
  submission: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  event: ResponseEventDto,
  phase: ResponsePhaseDto,
  reviews: z.array(ReleasedReviewDto),
  response: z
    .object({
      body: z.string(),
      status: z.enum(RESPONSE_STATUSES),
      word_count: z.number().int(),
      version: z.number().int(),
      submitted_at: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  abilities: z.object({ edit: z.boolean() }),
});
export type AuthorResponseDto = z.infer<typeof AuthorResponseDto>;

/** `GET submissions/{id}/responses/` (committee): the submitted response, if any, and the reviews changed after it. */
export const CommitteeResponsesDto = z.object({
  submission: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  event: ResponseEventDto,
  phase: ResponsePhaseDto,
  responses: z.array(
    z.object({
      body: z.string(),
      word_count: z.number().int(),
      submitted_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** Reviews their reviewers changed after the response was submitted (labels as the reader may know them). */
  updated_reviews: z.array(
    z.object({ review_id: z.string(), reviewer_label: z.string(), ordinal: z.number().int(), updated_at: z.string() }),
  ),
});
export type CommitteeResponsesDto = z.infer<typeof CommitteeResponsesDto>;

// ---------------------------------------------------------------------------------------------------------------
// Review history
// ---------------------------------------------------------------------------------------------------------------

/** One change of one question between two revisions, as the reader may read it (answers outside their audience are absent). */
export const ReviewChangeDto = z.object({
  key: z.string(),
  label: z.object({ en: z.string(), ar: z.string() }),
  before: ReviewAnswer.optional(),
  after: ReviewAnswer.optional(),
});

/** `GET reviews/{id}/history/`: each submitted revision, oldest first, with what changed from the one before. */
export const ReviewHistoryDto = z.object({
  review_id: z.string(),
  reviewer_label: z.string(),
  revisions: z.array(
    z.object({
      version: z.number().int(),
      status: z.enum(REVIEW_STATUSES),
      form_version: z.number().int(),
      created_at: z.string(),
      /** Made after the authors submitted their response. */
      after_response: z.boolean(),
      changes: z.array(ReviewChangeDto),
    }),
  ),
});
export type ReviewHistoryDto = z.infer<typeof ReviewHistoryDto>;
