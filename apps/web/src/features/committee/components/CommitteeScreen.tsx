import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/feedback/FormSkeleton.tsx';
import { AreaChairsCard } from '../../area-chairs/components/AreaChairsCard.tsx';
import { EventToolGate } from '../../events/components/EventToolGate.tsx';
import { BulkInviteCard } from './BulkInviteCard.tsx';
import { OrganizersCard } from './OrganizersCard.tsx';
import { ReviewersCard } from './ReviewersCard.tsx';
import { TrackChairsCard } from './TrackChairsCard.tsx';

/**
 * /events/{id}/committee, for the event's organizers (`abilities.manage_members`): the chairs of the whole event and
 * its event admins (added by e-mail or invited, removed with a confirmation, the last one kept, invitations listed
 * and cancellable; the event admins changed only with `abilities.manage_event_admins`), the chairs of each track, the reviewers with
 * their load (edited, removed with a choice about their reviews), the area chairs with theirs (added, invited, removed)
 * and the bulk invitation. Anyone else gets an error
 * panel, never the lists.
 */
export function CommitteeScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const title = t('committee.screen.title');
  return (
    <EventToolGate
      eventId={eventId}
      title={title}
      testId="committee"
      ability="manage_members"
      textsFrom="committee.screen"
      skeleton={<FormSkeleton />}
    >
      {(event) => (
        <Stack gap="lg" data-testid="committee-screen">
          <OrganizersCard event={event} organizerRole="chair" canManage={event.abilities.manage_members} />
          <OrganizersCard event={event} organizerRole="event_admin" canManage={event.abilities.manage_event_admins} />
          <TrackChairsCard event={event} />
          <AreaChairsCard eventId={eventId} />
          <ReviewersCard eventId={eventId} />
          <BulkInviteCard eventId={eventId} />
        </Stack>
      )}
    </EventToolGate>
  );
}
