import type { CommitteeReviewerDto, ReviewerDto } from '@confero/contracts';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, RefreshCw, Trash2, UserPlus, UsersRound } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { UserText } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { committeeReviewersQuery } from '../../committee/api.ts';
import { RemoveReviewerDialog } from '../../committee/components/RemoveReviewerDialog.tsx';
import { formatEventDate, reviewerStatusColor } from '../event-display.ts';
import { InviteReviewerModal } from './InviteReviewerModal.tsx';

const REVIEWER_STATUSES = ['active', 'pending', 'declined'] as const;

function initialsOf(reviewer: ReviewerDto): string {
  const words = reviewer.display_name.split(/[\s@]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

function ReviewerRow({ reviewer, onRemove }: { reviewer: ReviewerDto; onRemove: () => void }) {
  const { t } = useTranslation();
  const status = (REVIEWER_STATUSES as readonly string[]).includes(reviewer.status) ? reviewer.status : 'other';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="event-reviewer">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar radius="xl" color={reviewerStatusColor(reviewer.status)} size={36}>
          {initialsOf(reviewer)}
        </Avatar>
        <Stack gap={0} miw={0}>
          <UserText size="sm" fw={600} truncate>
            {reviewer.display_name}
          </UserText>
          <Text size="xs" c="dimmed" truncate>
            {reviewer.email}
          </Text>
          <Text size="xs" c="dimmed">
            {reviewer.awaiting_account
              ? t('events.reviewers.awaitingAccount')
              : reviewer.status === 'active'
                ? t('events.reviewers.maxPapers', { count: reviewer.max_papers })
                : reviewer.invited_at
                  ? t('events.reviewers.invitedOn', { date: formatEventDate(reviewer.invited_at) })
                  : null}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge color={reviewerStatusColor(reviewer.status)} variant="light" data-status={reviewer.status}>
          {t(`events.reviewers.status.${status}`)}
        </Badge>
        <Tooltip label={t('events.reviewers.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('events.reviewers.removeAria', { name: reviewer.display_name })}
          >
            <Trash2 size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * The assigned reviewers panel: shown to the event's organizers (ability `manage_members`). Lists reviewers and
 * invitations with their status (active green, pending yellow, other red), opens the invite modal, and removes a
 * reviewer after a confirmation (the committee's dialog: a reviewer holding reviews is removed once the organizer
 * chose what becomes of them).
 */
export function ReviewersPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const reviewers = useQuery(committeeReviewersQuery(eventId));
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CommitteeReviewerDto | null>(null);

  useEffect(() => {
    if (reviewers.isError && reviewers.errorUpdatedAt) notify('error', t('events.reviewers.loadFailed'));
  }, [reviewers.isError, reviewers.errorUpdatedAt, t]);

  let content: ReactNode;
  if (reviewers.isPending) {
    content = (
      <Stack gap="sm">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={44} radius="md" />
        ))}
      </Stack>
    );
  } else if (reviewers.isError) {
    content = (
      <Alert color="red" icon={<CircleAlert size={18} />} title={t('events.common.errorHeading')} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('events.reviewers.loadFailed')}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<RefreshCw size={14} />}
            onClick={() => void reviewers.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (reviewers.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed" data-testid="event-reviewers-empty">
        {t('events.reviewers.empty')}
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm" data-testid="event-reviewers">
        {reviewers.data.map((reviewer, index) => (
          <Fragment key={reviewer.public_id ?? reviewer.email}>
            {index > 0 ? <Divider /> : null}
            <ReviewerRow reviewer={reviewer} onRemove={() => setRemoving(reviewer)} />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <DetailCard
      title={t('events.reviewers.title')}
      icon={UsersRound}
      data-testid="event-reviewers-panel"
      actions={
        <Button size="xs" variant="light" leftSection={<UserPlus size={14} />} onClick={() => setInviting(true)}>
          {t('events.reviewers.invite')}
        </Button>
      }
    >
      {content}
      <InviteReviewerModal eventId={eventId} opened={inviting} onClose={() => setInviting(false)} />
      <RemoveReviewerDialog eventId={eventId} reviewer={removing} onClose={() => setRemoving(null)} />
    </DetailCard>
  );
}
