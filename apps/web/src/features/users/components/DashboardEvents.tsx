import { Badge, Divider, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarX, MapPin } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { UserInline, UserText } from '../../../components/data/UserText.tsx';
import { ListSkeleton } from '../../../components/feedback/ListSkeleton.tsx';
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
      <QueryView
        query={events}
        loading={<ListSkeleton rows={3} data-testid="dashboard-events-loading" />}
        failure={(error) =>
          error instanceof InvalidEventListError ? t('dashboard.invalidFormat') : t('dashboard.loadFailed')
        }
        failureTestId="dashboard-events-error"
        empty={{
          when: (list) => list.length === 0,
          icon: <CalendarX size={26} />,
          title: isAuthor ? t('dashboard.noAuthorEvents') : t('dashboard.noActiveEvents'),
          description: isAuthor ? t('dashboard.noAuthorEventsText') : t('dashboard.noActiveEventsText'),
          testId: 'dashboard-events-empty',
        }}
      >
        {(list) => (
          <Stack gap={0}>
            {list.map((event, index) => (
              <Fragment key={event.ref}>
                {index > 0 ? <Divider /> : null}
                <EventRow event={event} />
              </Fragment>
            ))}
          </Stack>
        )}
      </QueryView>
    </Paper>
  );
}
