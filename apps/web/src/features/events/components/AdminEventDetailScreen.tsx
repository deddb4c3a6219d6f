import { Alert, Button, Grid, Group, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, ExternalLink, FileStack, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolate } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { eventDetailQuery, useApproveEventMutation, useRejectEventMutation } from '../api.ts';
import { eventRef } from '../event-display.ts';
import { useEventText } from '../use-event-text.ts';
import { EventDetailSkeleton } from './EventDetailSkeleton.tsx';
import { EventHeader } from './EventHeader.tsx';
import { AboutCard, DatesCard, PeopleCard, RecordCard, StatsCard } from './EventInfoCards.tsx';
import { EventLoadError } from './EventLoadError.tsx';
import { PassedDeadlinesAlert } from './PassedDeadlines.tsx';
import { StatusChangeCard } from './StatusChangeCard.tsx';
import { TracksPanel } from './TracksPanel.tsx';

const REASON_MAX_LENGTH = 2000;

/**
 * /admin/events/{id}: the event's details, a 'view submissions' link, Approve and Reject while it is pending (each
 * answers the updated event, which replaces the view), and the status change control. A load failure says 'Failed to
 * load event details' with a way back to the list.
 */
export function AdminEventDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const { failureText } = useEventText();
  const query = useQuery(eventDetailQuery(id));
  const approve = useApproveEventMutation(id);
  const reject = useRejectEventMutation(id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const back = { to: '/admin/events', label: t('events.common.backToList') };

  if (query.isPending) return <EventDetailSkeleton />;
  if (query.isError) {
    return (
      <EventLoadError
        message={t('events.detail.adminLoadFailed')}
        error={query.error}
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const event = query.data;
  const ref = eventRef(event);
  const isPending = event.status === 'pending';
  const busy = approve.isPending || reject.isPending;

  const handleApprove = () =>
    approve.mutate(undefined, {
      onSuccess: () => notify('success', t('events.admin.approved')),
      onError: (error) => notify('error', failureText(t('events.admin.approveFailed'), error)),
    });
  const handleReject = () =>
    reject.mutate(reason.trim(), {
      onSuccess: () => {
        notify('success', t('events.admin.rejected'));
        setRejecting(false);
        setReason('');
      },
      onError: (error) => notify('error', failureText(t('events.admin.rejectFailed'), error)),
    });

  return (
    <>
      <EventHeader
        event={event}
        back={back}
        actions={
          <>
            <Button
              component={Link}
              to={`/events/${encodeURIComponent(ref)}`}
              variant="default"
              leftSection={<ExternalLink size={16} />}
            >
              {t('events.admin.openEventPage')}
            </Button>
            <Button
              component={Link}
              to={`/events/${encodeURIComponent(ref)}/submissions`}
              variant="light"
              leftSection={<FileStack size={16} />}
            >
              {t('events.detail.viewSubmissions')}
            </Button>
          </>
        }
      />
      {isPending ? (
        <Alert
          color="yellow"
          radius="lg"
          mb="lg"
          icon={<Hourglass size={20} />}
          title={t('events.admin.pendingTitle')}
          data-testid="admin-pending"
        >
          <Stack gap="sm">
            {t('events.admin.pendingText')}
            <PassedDeadlinesAlert event={event} text={t('events.admin.pastDeadlinesText')} />
            <Group gap="xs">
              <Button
                color="green"
                leftSection={<CircleCheck size={16} />}
                onClick={handleApprove}
                loading={approve.isPending}
                disabled={busy && !approve.isPending}
              >
                {t('events.admin.approve')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<CircleX size={16} />}
                onClick={() => setRejecting(true)}
                disabled={busy}
              >
                {t('events.admin.reject')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <AboutCard event={event} />
            <TracksPanel event={event} eventId={id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {event.allowed_status_changes.length > 0 ? (
              <StatusChangeCard key={event.status} event={event} eventId={id} />
            ) : null}
            <DatesCard event={event} />
            <StatsCard event={event} />
            <PeopleCard event={event} />
            <RecordCard event={event} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={rejecting}
        title={t('events.admin.rejectTitle')}
        message={t('events.admin.rejectText', { title: isolate(event.title) })}
        confirmLabel={t('events.admin.reject')}
        cancelLabel={t('events.common.cancel')}
        danger
        loading={reject.isPending}
        onConfirm={handleReject}
        onClose={() => setRejecting(false)}
      >
        <Textarea
          label={t('events.admin.reason')}
          description={t('events.admin.reasonHint')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(change) => setReason(change.currentTarget.value)}
        />
      </ConfirmDialog>
    </>
  );
}
