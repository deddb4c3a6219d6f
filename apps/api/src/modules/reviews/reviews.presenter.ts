import {
  AuthorReviewDto,
  audienceReads,
  CoReviewerReviewDto,
  type MyReviewDto,
  questionReadBy,
  RECOMMENDATION_LABELS,
  REVIEW_STATUS_LABELS,
  type ReviewAbilities,
  type ReviewAnswers,
  type ReviewAudience,
  type ReviewDto,
  type ReviewerRefDto,
  type ReviewField,
  type ReviewQuestionDto,
  reviewMessage,
  type StructuredReviewDto,
  type SubmissionReviewsDto,
} from '@confero/contracts';
import { abilitiesFrom } from '../../lib/authorize.ts';
import { isPast } from '../events/event-dates.ts';
import { commentsToAuthorFor } from '../review-forms/review-answers.ts';
import { formOfReviewIn, type ReviewForm } from '../review-forms/review-forms.queries.ts';
import { type ReviewContext, reviewAccessOf } from './review-access.ts';
import { reviewNotFound } from './review-errors.ts';
import { audienceOf, committeeReadsText, type ReviewViewer, reviewPolicies, reviewViewer } from './reviews.policy.ts';
import type { ReviewRow } from './reviews.queries.ts';
import type { ReviewsListing } from './reviews.service.ts';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A person as the committee sees them (never sent to authors, nor to other reviewers). */
export function presentReviewerRef(person: {
  publicId: string;
  firstName: string;
  lastName: string;
  email: string;
  affiliation: string;
}): ReviewerRefDto {
  return {
    public_id: person.publicId,
    first_name: person.firstName,
    last_name: person.lastName,
    full_name: fullName(person),
    email: person.email,
    affiliation: person.affiliation,
  };
}

/** What a review's DTO shows besides the row: the submission, the event, the reviewer (when visible), abilities. */
export type ReviewPresentation = {
  viewer: Exclude<ReviewViewer, 'none'>;
  submission: { id: number; publicId: string; title: string };
  event: { id: number; publicId: string; title: string; reviewDeadline: string; timezone: string };
  reviewer?: { publicId: string; firstName: string; lastName: string; email: string; affiliation: string };
  /** The version of the event's review form the review is read against (review-forms.queries.ts `formOfReview`). */
  form: ReviewForm;
  abilities: ReviewAbilities;
};

/** The submission of a review, with its event, as every review DTO names it. */
const submissionRef = (
  submission: ReviewPresentation['submission'],
  event: ReviewPresentation['event'],
): ReviewDto['submission'] => ({
  id: submission.id,
  public_id: submission.publicId,
  title: submission.title,
  event: { id: event.id, public_id: event.publicId, title: event.title },
});

const labelOf = (value: string | null, labels: Record<string, { en: string }>) =>
  value === null ? null : (labels[value]?.en ?? value);

/**
 * Which questions of a review's form an audience reads (review-form.ts `questionReadBy`): THE visibility of every
 * answer, built-in or the chair's. A question the form does not hold is read by no one.
 */
export function questionsReadBy(form: ReviewForm, audience: ReviewAudience): Map<string, ReviewQuestionDto> {
  return new Map(
    form.questions.filter((question) => questionReadBy(question, audience)).map((question) => [question.key, question]),
  );
}

/** The answers to the chair's own questions of the form that are in `readable`, as stored. */
function readableAnswers(review: ReviewRow, readable: Map<string, ReviewQuestionDto>): ReviewAnswers {
  const stored = review.answers ?? {};
  return Object.fromEntries(
    [...readable.values()]
      .filter((question) => !question.builtin && stored[question.key] !== undefined)
      .map((question) => [question.key, stored[question.key] ?? null]),
  );
}

/**
 * A review as one viewer may read it (`docs/domain.md#review-visibility`). Each answer — the built-in ones in
 * `structured_review` and the top-level scores, the chair's questions in `answers` — is taken only when the review's
 * form holds its question and the question's visibility opens it to the viewer's audience (`questionsReadBy`); the
 * recommendation follows the overall score's question; what is not a question (identities, comments) follows
 * REVIEW_FIELD_AUDIENCE. Drafts are shown in full to their own reviewer only (the committee sees their status); and
 * the result is parsed with the audience's own schema, which drops whatever that audience must never receive.
 */
export function presentReview(review: ReviewRow, presentation: ReviewPresentation): ReviewDto {
  const { viewer, submission, event } = presentation;
  const audience = audienceOf(viewer) ?? 'authors';
  const reads = (field: ReviewField) => audienceReads(audience, field);
  const readable = questionsReadBy(presentation.form, audience);
  const answers = (key: string) => readable.has(key);
  const showsText = viewer === 'owner' || committeeReadsText(review.status);
  const stored = review.structuredReview;
  const structured: StructuredReviewDto | null =
    showsText && stored
      ? {
          overall_evaluation: {
            score: answers('overall_score') ? stored.overall_evaluation.score : null,
            summary: {
              strengths: answers('strengths') ? stored.overall_evaluation.summary.strengths : [],
              weaknesses: answers('weaknesses') ? stored.overall_evaluation.summary.weaknesses : [],
            },
            justification: answers('justification') ? stored.overall_evaluation.justification : '',
          },
          confidence: {
            score: answers('confidence') ? stored.confidence.score : null,
            ...(answers('confidence_comment') ? { comment: stored.confidence.comment ?? '' } : {}),
          },
          criteria: stored.criteria.filter((criterion) => answers(criterion.id)),
          ...(answers('confidential_remarks_for_pc')
            ? { confidential_remarks_for_pc: review.confidentialRemarks }
            : {}),
        }
      : null;
  const recommendation =
    showsText && reads('recommendation') && answers('overall_score') ? review.recommendation : null;
  const dto: ReviewDto = {
    id: review.id,
    public_id: review.publicId,
    submission: submissionRef(submission, event),
    status: review.status,
    status_display: REVIEW_STATUS_LABELS[review.status].en,
    recommendation,
    recommendation_display: labelOf(recommendation, RECOMMENDATION_LABELS),
    overall_score: showsText && answers('overall_score') ? review.overallScore : null,
    confidence: showsText && answers('confidence') ? review.confidence : null,
    assigned_at: review.assignedAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    completed_at: review.completedAt?.toISOString() ?? null,
    reviewer_label: reviewMessage('reviews.reviewerLabel', { n: review.ordinal }),
    ordinal: review.ordinal,
    is_own: viewer === 'owner',
    structured_review: structured,
    form_version: presentation.form.version,
    answers: showsText ? readableAnswers(review, readable) : {},
    comments_to_author:
      showsText && reads('comments_to_author') ? commentsToAuthorFor(review, answers('justification')) : '',
    abilities: presentation.abilities,
  };
  if (reads('reviewer_identity') && presentation.reviewer) dto.reviewer = presentReviewerRef(presentation.reviewer);
  if (showsText && reads('comments_to_chair')) dto.comments_to_chair = review.commentsToChair;
  if (showsText && answers('confidential_remarks_for_pc')) dto.confidential_remarks_for_pc = review.confidentialRemarks;
  if (viewer === 'owner') {
    dto.version = review.version;
    dto.review_deadline = event.reviewDeadline;
    dto.timezone = event.timezone;
  }
  // The second defence: the audience's schema keeps only what it may receive.
  if (audience === 'authors') return AuthorReviewDto.parse(dto);
  if (audience === 'reviewers') return CoReviewerReviewDto.parse(dto);
  return dto;
}

/** One of the caller's own reviews, for the review dashboard (its reviewer reads every answer of it). */
export function presentMyReview(
  review: ReviewRow,
  presentation: Pick<ReviewPresentation, 'submission' | 'event' | 'abilities'>,
): MyReviewDto {
  const { submission, event } = presentation;
  return {
    id: review.id,
    public_id: review.publicId,
    submission: submissionRef(submission, event),
    status: review.status,
    status_display: REVIEW_STATUS_LABELS[review.status].en,
    recommendation: review.recommendation,
    recommendation_display: labelOf(review.recommendation, RECOMMENDATION_LABELS),
    overall_score: review.overallScore,
    confidence: review.confidence,
    assigned_at: review.assignedAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    completed_at: review.completedAt?.toISOString() ?? null,
    review_deadline: event.reviewDeadline,
    timezone: event.timezone,
    version: review.version,
    abilities: presentation.abilities,
  };
}

/**
 * The presentation of a review of the context for its viewer, or undefined when the viewer may not read it. The
 * abilities say whether the viewer may still write it: the policy's 'review.write' and the review deadline.
 */
export function presentationFor(
  context: ReviewContext,
  review: ReviewRow,
  reviewer?: ReviewPresentation['reviewer'],
): ReviewPresentation | undefined {
  const access = reviewAccessOf(context, review);
  const viewer = reviewViewer(access, review.status);
  if (viewer === 'none') return undefined;
  const { event } = context.submission;
  const { write, assistant, revisit } = abilitiesFrom(reviewPolicies, access, review.status, {
    write: 'review.write',
    assistant: 'review.useAssistant',
    revisit: 'review.requestRevisit',
  });
  const writable = write && !isPast(event.reviewDeadline, event.timezone);
  return {
    viewer,
    submission: { id: context.submission.id, publicId: context.submission.publicId, title: context.submission.title },
    event: {
      id: event.id,
      publicId: event.publicId,
      title: event.title,
      reviewDeadline: event.reviewDeadline,
      timezone: event.timezone,
    },
    reviewer,
    form: formOfReviewIn(context.forms, review),
    abilities: {
      edit: writable,
      submit: writable,
      can_use_assistant: assistant && writable,
      can_request_revisit: revisit,
    },
  };
}

/** One review of the context as its viewer may read it (with its reviewer, shown to the audiences that read it); 404 otherwise. */
export function presentReviewFor(context: ReviewContext, review: ReviewRow): ReviewDto {
  const reviewer = context.reviews.find((row) => row.review.id === review.id)?.reviewer;
  const presentation = presentationFor(context, review, reviewer);
  if (!presentation) throw reviewNotFound();
  return presentReview(review, presentation);
}

/**
 * A submission's reviews page for its viewer: each review they may read, presented for them (reviewers' identities
 * for the committee only), with the listing's visibility, notice and the committee's figures.
 */
export function presentSubmissionReviews(context: ReviewContext, listing: ReviewsListing): SubmissionReviewsDto {
  const reviews = context.reviews.flatMap(({ review, reviewer }) => {
    const presentation = presentationFor(context, review, listing.committee ? reviewer : undefined);
    return presentation ? [presentReview(review, presentation)] : [];
  });
  const { submission } = context;
  return {
    submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
    visibility: listing.visibility,
    notice: listing.notice,
    reviews,
    ...(listing.committee
      ? {
          average_overall_score: listing.committee.averageOverallScore,
          assigned_count: listing.committee.assignedCount,
          completed_count: listing.committee.completedCount,
        }
      : {}),
  };
}
