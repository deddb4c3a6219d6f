import type { PutReviewFormBody, ReviewFormDto, ReviewFormKind, SavedReviewFormDto } from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * Query keys of an event's review form and meta-review form (`kind`); everything under ['review-forms', eventId] is
 * refreshed after a save.
 */
export const reviewFormKeys = {
  event: (eventId: string) => ['review-forms', eventId] as const,
  /** A version of a form (`current` for the current one). */
  version: (eventId: string, version?: number, kind: ReviewFormKind = 'review') =>
    kind === 'review'
      ? (['review-forms', eventId, version ?? 'current'] as const)
      : (['review-forms', eventId, kind, version ?? 'current'] as const),
};

/** The address of each kind of form. */
const FORM_LEAF: Record<ReviewFormKind, string> = { review: 'review-form', meta_review: 'meta-review-form' };

const formPath = (eventId: string, kind: ReviewFormKind) => `events/${encodeURIComponent(eventId)}/${FORM_LEAF[kind]}/`;

/**
 * `GET events/{id}/review-form/` (`?version=N` for an older version): the questions in order, as far as the caller
 * may read them (only the questions authors read, for someone outside the event's committee). The versions of a form
 * never change once answered, so they stay fresh for the session; the current one is read again when stale.
 */
export function reviewFormQuery(eventId: string, version?: number, kind: ReviewFormKind = 'review') {
  return queryOptions({
    queryKey: reviewFormKeys.version(eventId, version, kind),
    queryFn: () => api.get<ReviewFormDto>(formPath(eventId, kind), version === undefined ? {} : { query: { version } }),
    staleTime: version === undefined ? 0 : Number.POSITIVE_INFINITY,
  });
}

/**
 * `PUT events/{id}/review-form/`: the edited document with the version it was read at (409 STALE_REVIEW_FORM when
 * the form changed since). The answer is the form as saved, the current version of the event's form.
 */
export function useSaveReviewFormMutation(eventId: string, kind: ReviewFormKind = 'review') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutReviewFormBody) => api.put<SavedReviewFormDto>(formPath(eventId, kind), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewFormKeys.version(eventId, undefined, kind), saved);
      void queryClient.invalidateQueries({ queryKey: reviewFormKeys.event(eventId) });
    },
  });
}
