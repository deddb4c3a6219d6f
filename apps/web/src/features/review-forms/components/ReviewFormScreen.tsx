import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { languageOf, reviewErrorText } from '../../reviews/review-display.ts';
import { reviewFormQuery } from '../api.ts';
import { ReviewFormEditor } from './ReviewFormEditor.tsx';

/** The event's current form, then its editor (rebuilt when another version or save is read). */
function ReviewFormLoader({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(reviewFormQuery(eventId));
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
  return <ReviewFormEditor key={`${form.version}:${form.updated_at ?? ''}`} eventId={eventId} form={form} />;
}

/** /events/{id}/review-form: the chairs' editor of the event's review form (`manage_reviewing`). */
export function ReviewFormScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <EventToolGate
      eventId={eventId}
      title={t('reviewFormEditor.screen.title')}
      testId="review-form"
      ability="manage_reviewing"
      textsFrom="reviewFormEditor.screen"
      intro={t('reviewFormEditor.screen.intro')}
      skeleton={<FormSkeleton />}
    >
      {(event) => <ReviewFormLoader eventId={event.public_id} />}
    </EventToolGate>
  );
}
