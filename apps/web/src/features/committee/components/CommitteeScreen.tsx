import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { eventDetailQuery } from '../../events/api.ts';
import { EventLoadError } from '../../events/components/EventLoadError.tsx';
import { eventRef } from '../../events/event-display.ts';
import { BulkInviteCard } from './BulkInviteCard.tsx';
import { OrganizersCard } from './OrganizersCard.tsx';
import { ReviewersCard } from './ReviewersCard.tsx';
import { TrackChairsCard } from './TrackChairsCard.tsx';

/**
 * /events/{id}/committee, for the event's organizers (`abilities.manage_members`): the chairs of the whole event and
 * its event admins (added by e-mail or invited, removed with a confirmation, the last one kept, invitations listed
 * and cancellable; the event admins changed only with `abilities.manage_event_admins`), the chairs of each track, the reviewers with
 * their load (edited, removed with a choice about their reviews) and the bulk invitation. Anyone else gets an error
 * panel, never the lists.
 */
export function CommitteeScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const eventQuery = useQuery({ ...eventDetailQuery(eventId), enabled: Boolean(eventId) });
  const title = t('committee.screen.title');

  if (!eventId || eventQuery.isError) {
    return (
      <>
        <ScreenHeader title={title} />
        <EventLoadError
          message={t('committee.screen.eventLoadFailed')}
          error={eventQuery.error}
          back={{ to: '/events', label: t('committee.screen.backToEvents') }}
          onRetry={() => void eventQuery.refetch()}
        />
      </>
    );
  }
  if (eventQuery.isPending) {
    return (
      <>
        <ScreenHeader title={title} />
        <FormSkeleton />
      </>
    );
  }
  const event = eventQuery.data;
  const back = { to: `/events/${encodeURIComponent(eventRef(event))}`, label: t('committee.screen.backToEvent') };
  if (!event.abilities.manage_members) {
    return (
      <>
        <ScreenHeader title={title} description={event.title} back={back} />
        <div data-testid="committee-denied">
          <LoadFailure message={t('committee.screen.denied')} back={back} />
        </div>
      </>
    );
  }
  return (
    <>
      <ScreenHeader title={title} description={event.title} back={back} documentTitle={`${event.title} – ${title}`} />
      <Stack gap="lg" data-testid="committee-screen">
        <OrganizersCard event={event} organizerRole="chair" canManage={event.abilities.manage_members} />
        <OrganizersCard event={event} organizerRole="event_admin" canManage={event.abilities.manage_event_admins} />
        <TrackChairsCard event={event} />
        <ReviewersCard eventId={eventId} />
        <BulkInviteCard eventId={eventId} />
      </Stack>
    </>
  );
}
