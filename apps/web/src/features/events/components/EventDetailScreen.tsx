import { Button, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FilePlus2, FileStack, Mail, Pencil, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventRecordsCard } from '../../exports/components/EventRecordsCard.tsx';
import { useActiveRole } from '../../roles/active-role-context.ts';
import { eventDetailQuery } from '../api.ts';
import { eventRef } from '../event-display.ts';
import { EventDetailSkeleton } from './EventDetailSkeleton.tsx';
import { EventHeader } from './EventHeader.tsx';
import { AboutCard, DatesCard, PeopleCard, RecordCard, StatsCard } from './EventInfoCards.tsx';
import { EventLoadError } from './EventLoadError.tsx';
import { ReviewersPanel } from './ReviewersPanel.tsx';
import { ReviewingCard } from './ReviewingCard.tsx';
import { ReviewSettingsCard } from './ReviewSettingsCard.tsx';
import { StatusChangeCard } from './StatusChangeCard.tsx';
import { SubmissionLinkCard } from './SubmissionLinkCard.tsx';
import { TracksPanel } from './TracksPanel.tsx';

/**
 * /events/{id}. What the viewer may do comes from the event's `abilities`: those who may edit it (update) get the
 * link to its edit screen, manage tracks and review settings, the organizers (manage_members) get the submission link
 * and the reviewers panel, those with allowed status changes move the event along, staff get 'view submissions'
 * (never in the author role), and anyone may submit while the event accepts submissions. Reviewers (bid) and the
 * committee (manage_reviewing) get the reviewing tools; the console's links (mail, progress, exports, audit log)
 * each follow their own ability (send_mail, view_progress, export, view_audit).
 */
export function EventDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const { activeRole } = useActiveRole();
  const query = useQuery(eventDetailQuery(id));
  const back = { to: '/events', label: t('events.common.backToList') };

  if (query.isPending) return <EventDetailSkeleton />;
  if (query.isError) {
    return (
      <EventLoadError
        message={t('events.detail.loadFailed')}
        error={query.error}
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const event = query.data;
  const ref = eventRef(event);
  const { abilities } = event;
  const canViewSubmissions = abilities.view_submissions && activeRole !== 'author';

  return (
    <>
      <EventHeader
        event={event}
        back={back}
        actions={
          <>
            {abilities.update ? (
              <Button
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/edit`}
                variant="default"
                leftSection={<Pencil size={16} />}
                data-testid="event-edit-link"
              >
                {t('events.edit.open')}
              </Button>
            ) : null}
            {abilities.submit ? (
              <Button
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/submit`}
                variant={canViewSubmissions ? 'default' : 'filled'}
                leftSection={<FilePlus2 size={16} />}
              >
                {t('events.detail.submitPaper')}
              </Button>
            ) : null}
            {abilities.manage_members ? (
              <Button
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/committee`}
                variant="default"
                leftSection={<UsersRound size={16} />}
                data-testid="event-committee-link"
              >
                {t('committee.screen.link')}
              </Button>
            ) : null}
            {abilities.send_mail ? (
              <Button
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/mail`}
                variant="default"
                leftSection={<Mail size={16} />}
                data-testid="event-mail-link"
              >
                {t('communications.open')}
              </Button>
            ) : null}
            {canViewSubmissions ? (
              <Button
                component={Link}
                to={`/events/${encodeURIComponent(ref)}/submissions`}
                leftSection={<FileStack size={16} />}
              >
                {t('events.detail.viewSubmissions')}
              </Button>
            ) : null}
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <AboutCard event={event} />
            <TracksPanel event={event} eventId={id} />
            {abilities.manage_members ? <ReviewersPanel eventId={id} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ReviewingCard eventRef={ref} abilities={abilities} />
            <EventRecordsCard eventRef={ref} abilities={abilities} />
            {abilities.manage_members ? <SubmissionLinkCard publicId={event.public_id} /> : null}
            {event.allowed_status_changes.length > 0 ? (
              <StatusChangeCard key={event.status} event={event} eventId={id} />
            ) : null}
            <DatesCard event={event} />
            <StatsCard event={event} />
            <PeopleCard event={event} />
            {event.review_settings ? (
              <ReviewSettingsCard event={event} eventId={id} settings={event.review_settings} />
            ) : null}
            <RecordCard event={event} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
