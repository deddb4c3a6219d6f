import {
  EventIdParams,
  PutReviewFormBody,
  ReviewFormDto,
  ReviewFormQuery,
  SavedReviewFormDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abilitiesFrom, authorize } from '../../lib/authorize.ts';
import { messageError } from '../../lib/errors.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import type { EventAccess } from '../events/events.policy.ts';
import type { EventRow } from '../events/events.queries.ts';
import { reviewFormPolicies } from './review-forms.policy.ts';
import { presentReviewForm, presentSavedReviewForm, type ReviewFormPresentation } from './review-forms.presenter.ts';
import { answeredReviewCount, currentReviewForm, reviewFormAt } from './review-forms.queries.ts';
import { questionsToSave, saveReviewForm } from './review-forms.service.ts';

const TAGS = ['review-forms'];

/**
 * An event's review form (`docs/domain.md#review-form`): `GET` the current version (or `?version=N`, an older one),
 * as the reader may read it; `PUT` the document `GET` answered, edited — a new version when the change would orphan
 * answers already written.
 */
export const reviewFormRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** What the answer shows the reader besides the form, from the rules of reviewFormPolicies. */
  async function presentationFor(
    event: EventRow,
    access: EventAccess,
    version: number,
  ): Promise<ReviewFormPresentation> {
    const { readsAll, canEdit } = abilitiesFrom(
      reviewFormPolicies,
      access,
      { event },
      {
        readsAll: 'reviewForm.readAll',
        canEdit: 'reviewForm.edit',
      },
    );
    // How far the reviewing has gone is the committee's business: others read 0.
    return {
      eventPublicId: event.publicId,
      answeredReviews: readsAll ? await answeredReviewCount(app.db, event.id, version) : 0,
      readsAll,
      canEdit,
    };
  }

  app.get(
    '/api/events/:id/review-form/',
    {
      schema: {
        tags: TAGS,
        summary:
          "The event's review form (the current version, or ?version=N): the questions the caller may read, in order",
        params: EventIdParams,
        querystring: ReviewFormQuery,
        response: { 200: ReviewFormDto },
      },
    },
    async (request) => {
      const { event, access } = await loadEvent(app.db, requireUser(request), request.params.id);
      const { version } = request.query;
      const form =
        version === undefined
          ? await currentReviewForm(app.db, event.id)
          : await reviewFormAt(app.db, event.id, version);
      if (!form) throw messageError(404, 'NOT_FOUND', 'reviewForms.versionNotFound');
      return presentReviewForm(form, await presentationFor(event, access, form.version));
    },
  );

  app.put(
    '/api/events/:id/review-form/',
    {
      schema: {
        tags: TAGS,
        summary:
          "Save the event's review form (the document GET answers, edited; send the `version` you read): a new version when the change would orphan answers",
        params: EventIdParams,
        body: PutReviewFormBody,
        response: { 200: SavedReviewFormDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(reviewFormPolicies['reviewForm.edit'](access, { event }));
      const questions = questionsToSave(request.body);
      const saved = await saveReviewForm(app.db, {
        actor,
        eventId: event.id,
        questions,
        version: request.body.version,
        updatedAt: request.body.updated_at,
      });
      return presentSavedReviewForm(saved, await presentationFor(event, access, saved.form.version));
    },
  );
};
