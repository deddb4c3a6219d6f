import {
  Alert,
  Badge,
  Button,
  Divider,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarX, CircleAlert, MapPin, RefreshCw } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { UserInline, UserText } from '../../../components/data/UserText.tsx';
import { useActiveRole } from '../../roles/active-role-context.ts';
import { dashboardEventsQuery } from '../api.ts';
import { type DashboardEvent, InvalidEventListError } from '../dashboard-events.ts';
import classes from './Dashboard.module.css';

function formatDates(event: DashboardEvent, language: string): string {
  if (event.startDate && event.endDate) {
    return `${formatDate(event.startDate, language)} – ${formatDate(event.endDate, language)}`;
  }
  return event.startDate ? formatDate(event.startDate, language) : '';
}

function EventRow({ event }: { event: DashboardEvent }) {
  const { i18n } = useTranslation();
  const dates = formatDates(event, i18n.resolvedLanguage ?? i18n.language);
  return (
    <UnstyledButton
      component={Link}
      to={`/events/${encodeURIComponent(event.ref)}`}
      className={classes.eventRow}
      data-testid="dashboard-event"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={2} miw={0}>
          <UserText fw={600} truncate>
            {event.acronym ? (
              <>
                <UserInline>{event.acronym}</UserInline> · <UserInline>{event.title}</UserInline>
              </>
            ) : (
              event.title
            )}
          </UserText>
          <Group gap="md" c="dimmed">
            {dates ? (
              <Group gap={4} wrap="nowrap">
                <CalendarDays size={14} aria-hidden="true" />
                <Text size="xs">{dates}</Text>
              </Group>
            ) : null}
            {event.location ? (
              <Group gap={4} wrap="nowrap">
                <MapPin size={14} aria-hidden="true" />
                <Text size="xs">{event.location}</Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
        <Group gap={6} wrap="nowrap" visibleFrom="xs">
          {event.type ? (
            <Badge variant="light" color="gray">
              {event.type}
            </Badge>
          ) : null}
          {event.status ? <Badge variant="light">{event.status}</Badge> : null}
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The dashboard's event list: the author's events for the author role, active events for every other role. A non-array
 * answer says 'Invalid response format from API'; a failed call says 'Failed to load events from API'.
 */
export function DashboardEvents() {
  const { t } = useTranslation();
  const { activeRole } = useActiveRole();
  const isAuthor = activeRole === 'author';
  const events = useQuery(dashboardEventsQuery(activeRole));

  let content: ReactNode;
  if (events.isPending) {
    content = (
      <Stack gap="sm" data-testid="dashboard-events-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={48} radius="md" />
        ))}
      </Stack>
    );
  } else if (events.isError) {
    const invalid = events.error instanceof InvalidEventListError;
    content = (
      <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="dashboard-events-error">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{invalid ? t('dashboard.invalidFormat') : t('dashboard.loadFailed')}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<RefreshCw size={14} />}
            onClick={() => void events.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (events.data.length === 0) {
    content = (
      <EmptyState
        icon={<CalendarX size={26} />}
        withIndicatorBackground
        title={isAuthor ? t('dashboard.noAuthorEvents') : t('dashboard.noActiveEvents')}
        description={isAuthor ? t('dashboard.noAuthorEventsText') : t('dashboard.noActiveEventsText')}
        data-testid="dashboard-events-empty"
      />
    );
  } else {
    content = (
      <Stack gap={0}>
        {events.data.map((event, index) => (
          <Fragment key={event.ref}>
            {index > 0 ? <Divider /> : null}
            <EventRow event={event} />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {isAuthor ? t('dashboard.authorEvents') : t('dashboard.activeEvents')}
        </Title>
        {events.isSuccess && events.data.length > 0 ? (
          <Badge variant="light" size="lg">
            {events.data.length}
          </Badge>
        ) : null}
      </Group>
      {content}
    </Paper>
  );
}
