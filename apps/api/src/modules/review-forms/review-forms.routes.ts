import {
  EventIdParams,
  PutReviewFormBody,
  ReviewFormDto,
  type ReviewFormKind,
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

/** The address and the words of each of an event's forms. */
const FORM_ROUTES: readonly { kind: ReviewFormKind; path: string; name: string }[] = [
  { kind: 'review', path: 'review-form', name: 'review form' },
  { kind: 'meta_review', path: 'meta-review-form', name: 'meta-review form' },
];

/**
 * An event's review form and its meta-review form (`docs/domain.md#review-form`, `#meta-review`), the same routes for
 * each kind: `GET` the current version (or `?version=N`, an older one), as the reader may read it; `PUT` the document
 * `GET` answered, edited — a new version when the change would orphan answers already written.
 */
export const reviewFormRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** What the answer shows the reader besides the form, from the rules of reviewFormPolicies. */
  async function presentationFor(
    event: EventRow,
    access: EventAccess,
    kind: ReviewFormKind,
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
      kind,
      answeredReviews: readsAll ? await answeredReviewCount(app.db, event.id, version, kind) : 0,
      readsAll,
      canEdit,
    };
  }

  for (const { kind, path, name } of FORM_ROUTES) {
    app.get(
      `/api/events/:id/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary: `The event's ${name} (the current version, or ?version=N): the questions the caller may read, in order`,
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
            ? await currentReviewForm(app.db, event.id, kind)
            : await reviewFormAt(app.db, event.id, version, kind);
        if (!form) throw messageError(404, 'NOT_FOUND', 'reviewForms.versionNotFound');
        return presentReviewForm(form, await presentationFor(event, access, kind, form.version));
      },
    );

    app.put(
      `/api/events/:id/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary: `Save the event's ${name} (the document GET answers, edited; send the \`version\` you read): a new version when the change would orphan answers`,
          params: EventIdParams,
          body: PutReviewFormBody,
          response: { 200: SavedReviewFormDto },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const { event, access } = await loadEvent(app.db, actor, request.params.id);
        authorize(reviewFormPolicies['reviewForm.edit'](access, { event }));
        const questions = questionsToSave(request.body, kind);
        const saved = await saveReviewForm(app.db, {
          actor,
          eventId: event.id,
          kind,
          questions,
          version: request.body.version,
          updatedAt: request.body.updated_at,
        });
        return presentSavedReviewForm(saved, await presentationFor(event, access, kind, saved.form.version));
      },
    );
  }
};
