import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/data/UserText.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../../events/api.ts';
import { ChairSubmissionsTable } from '../../progress/components/ChairSubmissionsTable.tsx';
import { eventSubmissionsQuery } from '../api.ts';
import { useSubmissionText } from '../use-submission-text.ts';
import { SubmissionTable } from './SubmissionTable.tsx';

/**
 * /events/{eventId}/submissions, for the event's staff: header 'Event submissions', the page titled with the event's
 * title and the list title (a fallback when the event does not load), no event column, an assign-reviewers action per
 * paper, deletion disabled.
 */
export function EventSubmissionsScreen({ eventId }: { eventId: string | undefined }) {
  const { t } = useTranslation();
  const { errorText } = useSubmissionText();
  const id = eventId ?? '';
  const eventQuery = useQuery({ ...eventDetailQuery(id), enabled: Boolean(id) });
  // The event's organizers get the chair's table (review aggregates, filters, bulk decisions); its other staff the list.
  const chair = eventQuery.data?.abilities.manage_reviewing === true;
  const query = useQuery({
    ...eventSubmissionsQuery(id),
    enabled: Boolean(id) && (eventQuery.isError || (eventQuery.isSuccess && !chair)),
  });

  useEffect(() => {
    if (query.isError) notify('error', t('submissions.list.loadFailed'));
  }, [query.isError, t]);

  const listTitle = t('submissions.eventList.title');
  const eventTitle = eventQuery.data?.title ?? (eventQuery.isError ? t('submissions.eventList.eventFallback') : '');
  const documentTitle = eventTitle ? `${eventTitle} – ${listTitle}` : listTitle;
  const back = id
    ? { to: `/events/${encodeURIComponent(id)}`, label: t('submissions.eventList.backToEvent') }
    : undefined;

  if (!id) {
    return (
      <>
        <ScreenHeader title={listTitle} />
        <LoadFailure
          message={t('submissions.common.error')}
          back={{ to: '/events', label: t('submissions.eventList.backToEvents') }}
        />
      </>
    );
  }

  return (
    <>
      <ScreenHeader title={listTitle} description={eventTitle || undefined} back={back} documentTitle={documentTitle} />
      {chair && eventQuery.data ? (
        <ChairSubmissionsTable event={eventQuery.data} />
      ) : (
        <SubmissionTable
          submissions={query.data ?? []}
          loading={query.isPending || eventQuery.isPending}
          error={query.isError ? t('submissions.common.error') : null}
          errorDetail={query.isError ? errorText(query.error) : undefined}
          title={eventTitle ? t('submissions.eventList.listTitle', { title: isolate(eventTitle) }) : listTitle}
          isEventSubmissions
          eventId={id}
          allowDelete={false}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
