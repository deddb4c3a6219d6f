import { z } from 'zod';
import { META_REVIEW_STATUSES } from './meta-reviews.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/**
 * Area chairs (senior programme committee, `docs/domain.md#area-chair`): one per submission, assigned by hand or by
 * the automatic assignment. The DTOs and inputs of their routes live here too.
 */

/** Whom an automatic assignment assigns: the papers' reviewers, or their area chairs. */
export const ASSIGNMENT_ROLES = ['reviewer', 'area_chair'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];

/** How a submission's area chair was assigned. */
export const AREA_CHAIR_SOURCES = ['manual', 'automatic'] as const;
export type AreaChairSource = (typeof AREA_CHAIR_SOURCES)[number];

/** A user by public id (`12-abcdefgh`) or numeric id; null or absent where the route allows none. */
const AreaChairUserId = z.union([z.string(), z.number().int()], { error: 'validation.invalid' }).nullish();

/**
 * An area chair of an event for its organizers (`GET events/{id}/area-chairs/`): the person (or the invited address
 * while they have no account), their grant, and their load: the papers they chair (`assigned`) and the meta-reviews
 * of those papers that are completed.
 */
export const AreaChairDto = z.object({
  /** The user's public id; null for an invitation to an address without an account. */
  public_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  expertise: z.string(),
  max_papers: z.number().int(),
  assigned: z.number().int(),
  completed_meta_reviews: z.number().int(),
});
export type AreaChairDto = z.infer<typeof AreaChairDto>;

export const AreaChairListDto = paginated(AreaChairDto);
export type AreaChairListDto = z.infer<typeof AreaChairListDto>;

export const AreaChairListQuery = z.object({ ...PAGE_QUERY_FIELDS });
export type AreaChairListQuery = z.infer<typeof AreaChairListQuery>;

/** `add_area_chair/`: as `add_reviewer/` (expertise, max_papers default 5); or a registered user by `email`. */
export const AddAreaChairBody = z.object({
  user_id: AreaChairUserId,
  email: z.string({ error: 'validation.invalid' }).nullish(),
  expertise: z.string({ error: 'validation.invalid' }).nullish(),
  max_papers: z.union([z.number(), z.string()], { error: 'validation.invalid' }).nullish(),
});
export type AddAreaChairBody = z.infer<typeof AddAreaChairBody>;

/** `remove_area_chair/`: a member by user id, or an invitation to an address without an account by `email`. */
export const RemoveAreaChairBody = z.object({
  user_id: AreaChairUserId,
  email: z.string({ error: 'validation.invalid' }).nullish(),
});
export type RemoveAreaChairBody = z.infer<typeof RemoveAreaChairBody>;

/**
 * The answer of `add_area_chair/`, `invite_area_chair/`, and of `PATCH events/{id}/area-chairs/{user_id}/` (which takes
 * a reviewer's `ReviewerParams` and `UpdateReviewerBody`).
 */
export const AreaChairAnswerDto = z.object({ message: z.string(), area_chair: AreaChairDto });
export type AreaChairAnswerDto = z.infer<typeof AreaChairAnswerDto>;

/** `POST submissions/{id}/area-chair/`: the area chair to set; null or absent clears it. */
export const SetAreaChairBody = z.object({ user_id: AreaChairUserId });
export type SetAreaChairBody = z.infer<typeof SetAreaChairBody>;

/** A submission's area chair as its organizers know them. */
export const AreaChairRefDto = z.object({ public_id: z.string(), name: z.string() });
export type AreaChairRefDto = z.infer<typeof AreaChairRefDto>;

export const SetAreaChairAnswerDto = z.object({
  message: z.string(),
  submission: z.object({ public_id: z.string(), title: z.string() }),
  area_chair: AreaChairRefDto.nullable(),
});
export type SetAreaChairAnswerDto = z.infer<typeof SetAreaChairAnswerDto>;

/**
 * An area chair a paper's committee may choose (`GET submissions/{id}/area-chair-candidates/`): their load, and the
 * reason of a conflict with the paper (null when there is none; a conflicted one cannot be chosen).
 */
export const AreaChairCandidateDto = z.object({
  public_id: z.string(),
  name: z.string(),
  email: z.string(),
  expertise: z.string(),
  max_papers: z.number().int(),
  assigned: z.number().int(),
  conflict: z.string().nullable(),
  is_current: z.boolean(),
});
export type AreaChairCandidateDto = z.infer<typeof AreaChairCandidateDto>;

export const AreaChairCandidatesDto = z.object({
  current: AreaChairRefDto.nullable(),
  candidates: z.array(AreaChairCandidateDto),
});
export type AreaChairCandidatesDto = z.infer<typeof AreaChairCandidatesDto>;

/** `GET area-chair/submissions/`: the caller's papers as their area chair, in one event or all. */
export const AreaChairSubmissionsQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  event_id: z.string().max(60).optional(),
});
export type AreaChairSubmissionsQuery = z.infer<typeof AreaChairSubmissionsQuery>;

/** A paper the caller chairs, with its reviews' progress, its meta-review's status and the discussion flag. */
export const AreaChairSubmissionDto = z.object({
  id: z.number().int(),
  public_id: z.string(),
  title: z.string(),
  status: z.string(),
  event: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  reviews_assigned: z.number().int(),
  reviews_completed: z.number().int(),
  /** The meta-review's status; null while none is started. */
  meta_review_status: z.enum(META_REVIEW_STATUSES).nullable(),
  needs_discussion: z.boolean(),
  comment_count: z.number().int(),
});
export type AreaChairSubmissionDto = z.infer<typeof AreaChairSubmissionDto>;

export const AreaChairSubmissionListDto = paginated(AreaChairSubmissionDto);
export type AreaChairSubmissionListDto = z.infer<typeof AreaChairSubmissionListDto>;

/** The longest message of a request to revisit a review. */
export const REVISIT_MESSAGE_MAX_LENGTH = 2000;

/** `POST reviews/{id}/revisit/`: what the reviewer is asked (1 to 2000 characters). */
export const RevisitReviewBody = z.object({
  message: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(REVISIT_MESSAGE_MAX_LENGTH, 'validation.tooLong'),
});
export type RevisitReviewBody = z.infer<typeof RevisitReviewBody>;

export const RevisitAnswerDto = z.object({ message: z.string() });
export type RevisitAnswerDto = z.infer<typeof RevisitAnswerDto>;
