import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../api.ts';
import { eventHref } from '../event-display.ts';
import { EventEditForm } from '../forms/EventEditForm.tsx';
import { useEventText } from '../use-event-text.ts';

/**
 * /events/{id}/edit: the event's edit form for those the event answers `abilities.update` to (its organizers);
 * anyone else who sees the event is told they may not edit it, with the way back.
 */
export function EventEditScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const { errorText } = useEventText();
  const query = useQuery(eventDetailQuery(id));
  return (
    <QueryView
      query={query}
      failureTitle={t('events.common.errorHeading')}
      failure={t('events.detail.loadFailed')}
      failureDetail={errorText}
      failureTestId="event-load-error"
      back={{ to: '/events', label: t('events.common.backToList') }}
    >
      {(event) => {
        const back = { to: eventHref(event), label: event.title };
        return (
          <>
            <ScreenHeader
              title={t('events.edit.title')}
              description={t('events.edit.description')}
              back={back}
              documentTitle={`${t('events.edit.title')}: ${event.title}`}
            />
            {event.abilities.update ? (
              <EventEditForm event={event} />
            ) : (
              <LoadFailure
                title={t('events.common.errorHeading')}
                message={t('events.edit.notAllowed')}
                back={back}
                testId="event-edit-denied"
              />
            )}
          </>
        );
      }}
    </QueryView>
  );
}
