import type { ReviewFormKind } from '@confero/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { languageOf, reviewErrorText } from '../../reviews/review-display.ts';
import { reviewFormQuery } from '../api.ts';
import { ReviewFormEditor } from './ReviewFormEditor.tsx';

/** The event's current form, then its editor (rebuilt when another version or save is read). */
function ReviewFormLoader({ eventId, kind }: { eventId: string; kind: ReviewFormKind }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(reviewFormQuery(eventId, undefined, kind));
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <LoadFailure
        message={t('reviewFormEditor.loadError')}
        detail={reviewErrorText(query.error, languageOf(i18n.language), '')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const form = query.data;
  return (
    <ReviewFormEditor key={`${form.version}:${form.updated_at ?? ''}`} eventId={eventId} form={form} kind={kind} />
  );
}

/**
 * /events/{id}/review-form and /events/{id}/meta-review-form: the chairs' editor of the event's review form or of its
 * meta-review form (`kind`, `docs/domain.md#meta-review`), by the same rule (`manage_reviewing`).
 */
export function ReviewFormScreen({ eventId, kind = 'review' }: { eventId: string; kind?: ReviewFormKind }) {
  const { t } = useTranslation();
  const meta = kind === 'meta_review';
  return (
    <EventToolGate
      eventId={eventId}
      title={meta ? t('metaReviews.formScreen.title') : t('reviewFormEditor.screen.title')}
      testId={meta ? 'meta-review-form' : 'review-form'}
      ability="manage_reviewing"
      textsFrom="reviewFormEditor.screen"
      intro={meta ? t('metaReviews.formScreen.intro') : t('reviewFormEditor.screen.intro')}
      skeleton={<FormSkeleton />}
    >
      {(event) => <ReviewFormLoader eventId={event.public_id} kind={kind} />}
    </EventToolGate>
  );
}
